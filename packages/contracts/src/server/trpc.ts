import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { User } from '../schemas/auth';
import type { Context } from './context';
import { forbidden, isIssueList, unauthorized, ValidationFailure, validationError } from './errors';
import { SetupRequiredError } from './price-errors';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Never a stack trace in an answer, in any environment.
    isDev: false,
    errorFormatter({ shape, error }) {
      const fields = error.cause instanceof ValidationFailure ? error.cause.fields : undefined;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      // A service that needs configuring (live prices without a vendor key): the web reads this flag.
      const setup = error.cause instanceof SetupRequiredError ? { requiresSetup: true as const } : {};
      return {
        message: internal ? 'Internal server error' : shape.message,
        code: shape.code,
        ...setup,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fields, ...setup },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * A schema failure of the input parser comes back through this: it is re-thrown with the first
 * field's message (the spec's toasts show it) and the field details beside it.
 */
function shapeValidationError<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok) {
    const error = result.error as { code?: string; cause?: { issues?: unknown } } | undefined;
    const cause = error?.cause;
    if (error?.code === 'BAD_REQUEST' && cause && isIssueList(cause.issues)) throw validationError(cause.issues);
  }
  return result;
}

// One middleware per kind of procedure (the role check and the error shaping together): every
// middleware layer costs a copy of the call's options on each request, and these procedures
// answer the polling paths.

export const publicProcedure = t.procedure.use(async ({ next }) => shapeValidationError(await next()));

/** Signed in. */
export const userProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/** Signed in with an active subscription (an admin counts as subscribed). */
export const subscriberProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  if (!ctx.user.hasActiveSubscription && !ctx.user.isAdmin) throw forbidden('Active subscription required');
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/** Administrator: the `isAdmin` flag or an address in ADMIN_EMAILS. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  if (!ctx.user.isAdmin) throw forbidden('Administrator privileges required');
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

export { TRPCError };
export type UserContext = Context & { user: User };

/** Development and test helpers: absent (404) when NODE_ENV is production. */
export const devOnlyProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (ctx.settings.isProduction) throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  return shapeValidationError(await next());
});
