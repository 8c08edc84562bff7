import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import {
  READ_SCOPE_MESSAGE,
  SECOND_FACTOR_SESSION_MESSAGE,
  SESSION_ONLY_MESSAGE,
  TOKEN_BEFORE_SECOND_FACTOR_MESSAGE,
} from '@t0/contracts/domain/api-tokens';
import { controlCharacterMessage, findControlCharacter } from '@t0/contracts/domain/control-characters';
import type { User } from '@t0/contracts/schemas/auth';
import { limitAuthAttempt } from '../auth/auth-limit';
import type { Context } from './context';
import { forbidden, isIssueList, unauthorized, ValidationFailure, validationError } from './errors';
import { SetupRequiredError } from '../prices/price-errors';
import type { ContentKind } from '@t0/contracts/schemas/live-events';
import { emitEvent } from './events';
import { auditedMutation, recordRefusedAttempt } from '../audit/record';
import { currentMutation } from '../audit/scope';
import { SecondFactorRequired, secondFactorRefusal } from '../second-factor/gate';

/** How often an idle live stream sends a ping (tRPC's SSE and GET /api/stream alike). */
export const LIVE_PING_MS = 10_000;

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Never a stack trace in an answer, in any environment.
    isDev: false,
    // The live stream (`live.events` over SSE): a ping at least every 15 s keeps proxies and the
    // client's inactivity check content; a client hearing nothing for 25 s reconnects.
    sse: { ping: { enabled: true, intervalMs: LIVE_PING_MS }, client: { reconnectAfterInactivityMs: 25_000 } },
    errorFormatter({ shape, error }) {
      const fields = error.cause instanceof ValidationFailure ? error.cause.fields : undefined;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      // A service that needs configuring (live prices without a vendor key): the web reads this flag.
      const setup = error.cause instanceof SetupRequiredError ? { requiresSetup: true as const } : {};
      // An administrator procedure refused for want of the second factor: the web reads this.
      const gate = error.cause instanceof SecondFactorRequired ? { secondFactor: error.cause.gate } : {};
      return {
        message: internal ? 'Internal server error' : shape.message,
        code: shape.code,
        ...setup,
        ...gate,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fields,
          ...setup,
          ...gate,
        },
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

/**
 * Every text of every input, before it is parsed: a control character (NUL, the other C0 controls
 * but tab, newline and carriage return, DEL) is a 400 naming the field; nothing runs.
 */
async function refuseControlCharacters(getRawInput: () => Promise<unknown>): Promise<void> {
  const input = await getRawInput();
  if (input === undefined || input === null) return;
  const path = findControlCharacter(input);
  if (path) throw validationError([{ path, message: controlCharacterMessage(path) }]);
}

/** A read-only API token calls queries only: anything else is a 403 naming the scope. */
function checkTokenScope(ctx: Context, type: string): void {
  if (ctx.credential?.scope === 'read' && type !== 'query') throw forbidden(READ_SCOPE_MESSAGE);
}

// One middleware per kind of procedure (the role check and the error shaping together): every
// middleware layer costs a copy of the call's options on each request, and these procedures
// answer the polling paths.

export const publicProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next());
});

/**
 * Sign-in, registration, forgotten and reset password: every call counts against the shared
 * attempt budgets before anything else runs (see auth-limit.ts).
 */
export const authAttemptProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  checkTokenScope(ctx, type);
  await limitAuthAttempt(ctx, await getRawInput());
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next());
});

/** Signed in. */
export const userProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/** Signed in with an active subscription (an admin counts as subscribed). */
export const subscriberProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  if (!ctx.user.hasActiveSubscription && !ctx.user.isAdmin) throw forbidden('Active subscription required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/**
 * Signed in with a session, not an API token: managing API tokens and changing the password (a
 * token, even a read-write one, gets 403). An administrator's session that has not passed its
 * second factor cannot mint a token either (the token would act without the second factor).
 */
export const sessionUserProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  if (ctx.credential) throw forbidden(SESSION_ONLY_MESSAGE);
  if (ctx.user.secondFactor === 'code_required') throw secondFactorRefusal('code_required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/**
 * What extends or guards the account's credentials: setting up, turning off or renewing the second
 * factor, and minting API tokens. A signed-in cookie session only, past its second factor where the
 * account has one; an API token (even read-write) gets 403 saying why.
 */
export const credentialSessionProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  if (ctx.credential) throw forbidden(SECOND_FACTOR_SESSION_MESSAGE);
  if (ctx.user.secondFactor === 'code_required') throw secondFactorRefusal('code_required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }));
});

/**
 * Administrator: the `isAdmin` flag or an address in ADMIN_EMAILS, whose session passed the second
 * factor when the administrator has one (or must have one: ADMIN_REQUIRE_2FA); otherwise 403 with
 * `secondFactor: "code_required" | "enrolment_required"`. Every mutation that succeeds is appended
 * to the audit log (audit/record.ts).
 */
export const adminProcedure = t.procedure.use(async ({ ctx, getRawInput, next, path, type }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  const signedIn = { ...ctx, user: ctx.user };
  // A refusal to a signed-in user is audited (outcome "refused") before it is answered.
  if (ctx.user.secondFactor === 'code_required') {
    await recordRefusedAttempt(signedIn, path, 'second factor not passed');
    throw secondFactorRefusal('code_required');
  }
  if (!ctx.user.isAdmin) {
    const withheld = ctx.credential?.adminWithheld === true;
    await recordRefusedAttempt(
      signedIn,
      path,
      withheld ? 'token minted before the second factor' : 'not an administrator',
    );
    throw forbidden(withheld ? TOKEN_BEFORE_SECOND_FACTOR_MESSAGE : 'Administrator privileges required');
  }
  if (ctx.user.secondFactor === 'enrolment_required') {
    await recordRefusedAttempt(signedIn, path, 'second factor not enrolled');
    throw secondFactorRefusal('enrolment_required');
  }
  await refuseControlCharacters(getRawInput);
  const user = ctx.user as User;
  const run = async () => shapeValidationError(await next({ ctx: { user } }));
  if (type !== 'mutation') return run();
  return auditedMutation({ ...ctx, user }, path, await getRawInput(), run);
});

export { TRPCError };
export type UserContext = Context & { user: User };

/** Development and test helpers: absent (404) when NODE_ENV is production. */
export const devOnlyProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  if (ctx.settings.isProduction) throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next());
});

/**
 * Administrator procedures that write a content list (memo, chart-note, blog, resource): each
 * mutation that succeeds tells every live stream `content.changed` `{ kind }` (the app refetches).
 */
export const contentAdminProcedure = (kind: ContentKind) =>
  adminProcedure.use(async ({ type, next }) => {
    // Written in the mutation's transaction, with its change and its audit entry (audit/scope.ts).
    if (type === 'mutation')
      currentMutation()?.add(
        async (trx) => void (await emitEvent(trx, { type: 'content.changed', audience: 'all', payload: { kind } })),
      );
    return next();
  });
