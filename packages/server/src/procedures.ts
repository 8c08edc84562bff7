import {
  READ_SCOPE_MESSAGE,
  SECOND_FACTOR_SESSION_MESSAGE,
  SESSION_ONLY_MESSAGE,
  TOKEN_BEFORE_SECOND_FACTOR_MESSAGE,
} from '@t0/contracts/domain/api-tokens/api-tokens';
import { controlCharacterMessage, findControlCharacter } from '@t0/contracts/domain/common/control-characters';
import type { Desk } from '@t0/contracts/domain/analysts/analysts';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { ContentKind } from '@t0/contracts/schemas/live/live-events';
import { auditedMutation, recordRefusedAttempt } from './audit/record';
import { limitAuthAttempt } from './auth/auth-limit';
import type { Context } from './core/context';
import { forbidden, isIssueList, unauthorized, validationError } from './core/errors';
import { currentMutation } from './core/mutation-scope';
import { baseProcedure, TRPCError, type ProcedureAccess } from './core/trpc';
import { emitEvent } from './events/events.queries';
import { secondFactorRefusal } from './second-factor/gate';
import { findActiveAnalystDesk } from './analysts/analysts.queries';

/*
 * The procedure builders: who may call a procedure, checked on every call, with the input's
 * control characters refused and schema failures shaped. They compose features (the audit, the
 * sign-in limit, the second factor), so they sit above them; routers pick the narrowest.
 */

/**
 * A schema failure of the input parser comes back through this: it is re-thrown with the first
 * field's message (the spec's toasts show it) and the field details beside it, each with its code
 * (the input as sent tells a missing field from a wrong one). A success passes straight through.
 */
function shapeValidationError<R extends { ok: boolean; error?: unknown }>(
  result: R,
  getRawInput: () => Promise<unknown>,
): R | Promise<never> {
  if (!result.ok) {
    const error = result.error as { code?: string; cause?: { issues?: unknown } } | undefined;
    const cause = error?.cause;
    if (error?.code === 'BAD_REQUEST' && cause && isIssueList(cause.issues)) {
      const issues = cause.issues;
      return getRawInput().then((input) => Promise.reject(validationError(issues, input)));
    }
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
  if (path) throw validationError([{ path, message: controlCharacterMessage(path), code: 'control_character' }]);
}

/** A read-only API token calls queries only: anything else is a 403 naming the scope. */
function checkTokenScope(ctx: Context, type: string): void {
  if (ctx.credential?.scope === 'read' && type !== 'query') throw forbidden(READ_SCOPE_MESSAGE);
}

/** The builders' root: who may call (`meta.access`) is for the OpenAPI document's error answers. */
const callableBy = (access: ProcedureAccess) => baseProcedure.meta({ access });

// One middleware per kind of procedure (the role check and the error shaping together): every
// middleware layer costs a copy of the call's options on each request, and these procedures
// answer the polling paths.

export const publicProcedure = callableBy('public').use(async ({ ctx, type, getRawInput, next }) => {
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next(), getRawInput);
});

/**
 * Sign-in, registration, forgotten and reset password: every call counts against the shared
 * attempt budgets before anything else runs (see auth-limit.ts).
 */
export const authAttemptProcedure = callableBy('authAttempt').use(async ({ ctx, type, getRawInput, next }) => {
  checkTokenScope(ctx, type);
  await limitAuthAttempt(ctx, await getRawInput());
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next(), getRawInput);
});

/** Signed in. */
export const userProcedure = callableBy('user').use(async ({ ctx, type, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }), getRawInput);
});

/** Signed in with an active subscription (an admin counts as subscribed). */
export const subscriberProcedure = callableBy('subscriber').use(async ({ ctx, type, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  if (!ctx.user.hasActiveSubscription && !ctx.user.isAdmin) throw forbidden('Active subscription required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }), getRawInput);
});

/**
 * Saving where deliveries go (a Discord address, a webhook endpoint, a Telegram link): not by a
 * session short of its account's second factor. Deliveries to an administrator use these targets,
 * so a password alone must not be able to point them elsewhere.
 */
const targetsNeedSecondFactor = <T extends { ctx: { user: User }; next: () => Promise<R> }, R>({ ctx, next }: T) => {
  const gate = ctx.user.secondFactor;
  if (gate === 'code_required' || gate === 'enrolment_required') throw secondFactorRefusal(gate);
  return next();
};
export const targetUserProcedure = userProcedure.use(targetsNeedSecondFactor);
export const targetSubscriberProcedure = subscriberProcedure.use(targetsNeedSecondFactor);

/**
 * Signed in with a session, not an API token: managing API tokens and changing the password (a
 * token, even a read-write one, gets 403). An administrator's session that has not passed its
 * second factor cannot mint a token either (the token would act without the second factor).
 */
export const sessionUserProcedure = callableBy('session').use(async ({ ctx, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  if (ctx.credential) throw forbidden(SESSION_ONLY_MESSAGE);
  if (ctx.user.secondFactor === 'code_required') throw secondFactorRefusal('code_required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }), getRawInput);
});

/**
 * What extends or guards the account's credentials: setting up, turning off or renewing the second
 * factor, and minting API tokens. A signed-in cookie session only, past its second factor where the
 * account has one; an API token (even read-write) gets 403 saying why.
 */
export const credentialSessionProcedure = callableBy('session').use(async ({ ctx, getRawInput, next }) => {
  if (!ctx.user) throw unauthorized();
  if (ctx.credential) throw forbidden(SECOND_FACTOR_SESSION_MESSAGE);
  if (ctx.user.secondFactor === 'code_required') throw secondFactorRefusal('code_required');
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next({ ctx: { user: ctx.user as User } }), getRawInput);
});

/**
 * Who acts at the desk, or the refusal (403, audited as refused): an administrator (the `isAdmin`
 * flag or a proven address in ADMIN_EMAILS), or, where `analysts` lets them, an active analyst;
 * either past the second factor when they have one (or must have one: ADMIN_REQUIRE_2FA), else 403
 * with `secondFactor: "code_required" | "enrolment_required"`.
 */
async function deskOf(ctx: Context, path: string, analysts: boolean): Promise<Desk> {
  if (!ctx.user) throw unauthorized();
  const signedIn = { ...ctx, user: ctx.user };
  // A refusal to a signed-in user is audited (outcome "refused") before it is answered.
  if (ctx.user.secondFactor === 'code_required') {
    await recordRefusedAttempt(signedIn, path, 'second factor not passed');
    throw secondFactorRefusal('code_required');
  }
  let desk: Desk | undefined = ctx.user.isAdmin ? { kind: 'admin' } : undefined;
  if (!desk && analysts && ctx.user.isAnalyst) {
    const analyst = await findActiveAnalystDesk(ctx.db, ctx.user.id);
    if (analyst) desk = { kind: 'analyst', ...analyst };
  }
  if (!desk) {
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
  return desk;
}

/**
 * Administrator: the `isAdmin` flag or a proven address in ADMIN_EMAILS, whose session passed the second
 * factor when the administrator has one (or must have one: ADMIN_REQUIRE_2FA); otherwise 403 with
 * `secondFactor: "code_required" | "enrolment_required"`. Every mutation that succeeds is appended
 * to the audit log (audit/record.ts).
 */
export const adminProcedure = callableBy('admin').use(async ({ ctx, getRawInput, next, path, type }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  await deskOf(ctx, path, false);
  await refuseControlCharacters(getRawInput);
  const user = ctx.user as User;
  const run = async () => shapeValidationError(await next({ ctx: { user } }), getRawInput);
  if (type !== 'mutation') return run();
  return auditedMutation({ ...ctx, user }, path, await getRawInput(), run);
});

/**
 * The desk's work an analyst shares (docs/features/rooms-and-plans.md, "Analysts"): publishing and
 * managing signals, memos and chart notes, TradingView alert sources and drafts. An administrator as
 * in `adminProcedure`, or an active analyst past the second factor as an administrator would be;
 * `ctx.desk` says which, and the procedure limits an analyst to their rooms and their own records
 * (`analysts/desk.ts`). Every mutation that succeeds is audited.
 */
export const deskProcedure = callableBy('desk').use(async ({ ctx, getRawInput, next, path, type }) => {
  if (!ctx.user) throw unauthorized();
  checkTokenScope(ctx, type);
  const desk = await deskOf(ctx, path, true);
  await refuseControlCharacters(getRawInput);
  const user = ctx.user as User;
  const run = async () => shapeValidationError(await next({ ctx: { user, desk } }), getRawInput);
  if (type !== 'mutation') return run();
  return auditedMutation({ ...ctx, user }, path, await getRawInput(), run);
});

export type UserContext = Context & { user: User };

/** Development and test helpers: absent (404) when NODE_ENV is production. */
export const devOnlyProcedure = callableBy('devOnly').use(async ({ ctx, type, getRawInput, next }) => {
  if (ctx.settings.isProduction) throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  checkTokenScope(ctx, type);
  await refuseControlCharacters(getRawInput);
  return shapeValidationError(await next(), getRawInput);
});

/**
 * Administrator procedures that write a content list (memo, chart-note, blog, resource): each
 * mutation that succeeds tells every live stream `content.changed` `{ kind }` (the app refetches).
 */
export const contentAdminProcedure = (kind: ContentKind) =>
  adminProcedure.use(async ({ type, next }) => {
    contentChanged(type, kind);
    return next();
  });

/** The desk's content (memos, chart notes): as `contentAdminProcedure`, for an analyst too (`deskProcedure`). */
export const contentDeskProcedure = (kind: ContentKind) =>
  deskProcedure.use(async ({ type, next }) => {
    contentChanged(type, kind);
    return next();
  });

function contentChanged(type: string, kind: ContentKind): void {
  // Written in the mutation's transaction, with its change and its audit entry (audit/scope.ts).
  if (type === 'mutation')
    currentMutation()?.add(
      async (trx) => void (await emitEvent(trx, { type: 'content.changed', audience: 'all', payload: { kind } })),
    );
}
