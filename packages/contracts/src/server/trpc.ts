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
 * Runs before the input parser, so a schema failure comes back here: it is re-thrown with the
 * first field's message (the spec's toasts show it) and the field details beside it.
 */
const shapeValidationErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause as { issues?: unknown } | undefined;
    if (result.error.code === 'BAD_REQUEST' && cause && isIssueList(cause.issues)) {
      throw validationError(cause.issues);
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(shapeValidationErrors);

/** Signed in. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  return next({ ctx: { ...ctx, user: ctx.user as User } });
});

/** Signed in with an active subscription (an admin counts as subscribed). */
export const subscriberProcedure = userProcedure.use(({ ctx, next }) => {
  if (!ctx.user.hasActiveSubscription && !ctx.user.isAdmin) throw forbidden('Active subscription required');
  return next();
});

/** Administrator: the `isAdmin` flag or an address in ADMIN_EMAILS. */
export const adminProcedure = userProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw forbidden('Administrator privileges required');
  return next();
});

export { TRPCError };
export type UserContext = Context & { user: User };

/** Development and test helpers: absent (404) when NODE_ENV is production. */
export const devOnlyProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.settings.isProduction) throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  return next();
});
