import { TRPCError } from '@trpc/server';
import type { User } from '@t0/contracts/schemas/auth/auth';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_FAILURES_BEFORE_LOCK,
  SECOND_FACTOR_LOCK_MINUTES,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@t0/contracts/schemas/second-factor/second-factor';
import type { Context } from '../core/context';
import { badRequest, conflict, forbidden, RetryLater } from '../core/errors';
import { secondFactorLockedMail } from '../mail/second-factor-locked';
import { appendAuditEntry } from '../audit/audit-log.queries';
import {
  claimTimeStep,
  clearCodeFailures,
  codeStepLockedFor,
  countRecoveryCodesLeft,
  deleteSecondFactor,
  findSecondFactor,
  recordCodeFailure,
  replaceRecoveryCodes,
  startEnrolment,
  useRecoveryCode,
} from './second-factor.queries';
import { findUserById, toUser } from '../auth/users.queries';
import { limitCodeAttempt } from './attempts';
import { hasDeskRole, withSecondFactor } from './gate';
import {
  checkTotp,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  qrCodeDataUrl,
  recoveryCodeMatches,
  totpUri,
} from './totp';
import { transact } from '../core/transaction';

type UserCtx = Context & { user: User };

const INVALID_CODE = 'That code is not valid. Enter the current 6-digit code or an unused recovery code';

/** The caller is an administrator or an analyst (before or after giving the code); else 403. */
function requireAdminAccount(ctx: UserCtx): void {
  if (!hasDeskRole(ctx.user) && ctx.user.secondFactor !== 'code_required')
    throw forbidden('Administrator privileges required');
}

/**
 * Checks a code against the administrator's enabled factor: a 6-digit authenticator code (each
 * accepted once, its time step recorded) or an unused recovery code (used up). Counts the attempt.
 */
async function acceptCode(ctx: UserCtx, code: string): Promise<'totp' | 'recovery'> {
  await limitCodeAttempt(ctx, ctx.user.id);
  const factor = await findSecondFactor(ctx.db, ctx.user.id);
  if (!factor?.enabledAt) throw badRequest('Two-factor authentication is not on for this account');
  const locked = await codeStepLockedFor(ctx.db, ctx.user.id);
  if (locked > 0) throw codeStepLocked(locked);
  const digits = code.replace(/\s/g, '');
  let kind: 'totp' | 'recovery' | undefined;
  if (/^\d{6}$/.test(digits)) {
    const step = await checkTotp(
      factor.secret,
      digits,
      factor.lastTimeStep === null ? null : Number(factor.lastTimeStep),
    );
    if (step !== null && (await claimTimeStep(ctx.db, ctx.user.id, step))) kind = 'totp';
  } else if (await useRecoveryCode(ctx.db, ctx.user.id, (stored) => recoveryCodeMatches(stored, code))) {
    kind = 'recovery';
  }
  if (kind) {
    await clearCodeFailures(ctx.db, ctx.user.id);
    return kind;
  }
  await countWrongCode(ctx);
  throw badRequest(INVALID_CODE);
}

/** 429 with the seconds to wait: the code step is locked after too many wrong codes. */
function codeStepLocked(seconds: number): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many wrong codes: two-factor sign-in is locked for up to ${SECOND_FACTOR_LOCK_MINUTES} minutes. Try again later.`,
    cause: new RetryLater(seconds),
  });
}

/**
 * Counts a wrong code; the tenth in a row locks the step for 15 minutes (for the account, whatever
 * the session or address), writes an audit entry in the same transaction and e-mails the owner
 * (in the background, like the new-device e-mail: a failing mail server is logged).
 */
async function countWrongCode(ctx: UserCtx): Promise<void> {
  const locked = await transact(ctx.db, async (trx) => {
    const didLock = await recordCodeFailure(
      trx,
      ctx.user.id,
      SECOND_FACTOR_FAILURES_BEFORE_LOCK,
      SECOND_FACTOR_LOCK_MINUTES * 60,
    );
    if (didLock)
      await audit({ ...ctx, db: trx }, 'secondFactor.locked', {
        failures: SECOND_FACTOR_FAILURES_BEFORE_LOCK,
        minutes: SECOND_FACTOR_LOCK_MINUTES,
      });
    return didLock;
  });
  if (!locked) return;
  const facts = {
    at: new Date(),
    failures: SECOND_FACTOR_FAILURES_BEFORE_LOCK,
    minutes: SECOND_FACTOR_LOCK_MINUTES,
    address: ctx.request.ip.slice(0, 45),
  };
  ctx.ports.mailer
    .send(secondFactorLockedMail(ctx.user.email, facts, ctx.settings.publicUrl))
    .catch((err: unknown) => ctx.log.error({ err, userId: ctx.user.id }, 'second-factor lock e-mail failed'));
}

/** The user as the session now stands (after a change of its second factor). */
async function currentUser(ctx: UserCtx, passed: boolean): Promise<User> {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw forbidden('Administrator privileges required');
  return withSecondFactor(ctx.db, toUser(row, ctx.settings.adminEmails), row, {
    passed,
    required: ctx.settings.adminRequire2fa === true,
  });
}

function audit(ctx: Pick<UserCtx, 'db' | 'user' | 'request'>, action: string, after: Record<string, unknown>) {
  return appendAuditEntry(ctx.db, {
    actorId: ctx.user.id,
    actorEmail: ctx.user.email,
    address: ctx.request.ip,
    action,
    targetType: 'user',
    targetId: String(ctx.user.id),
    before: null,
    after,
  });
}

export async function secondFactorStatus({ ctx }: { ctx: UserCtx }): Promise<SecondFactorStatus> {
  requireAdminAccount(ctx);
  const factor = await findSecondFactor(ctx.db, ctx.user.id);
  const enabled = !!factor?.enabledAt;
  return {
    enabled,
    required: ctx.settings.adminRequire2fa === true,
    state: ctx.user.secondFactor,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(ctx.db, ctx.user.id) : 0,
  };
}

/** The sign-in step after the password: a code makes the session admin-capable. */
export async function verifySecondFactor({ ctx, input }: { ctx: UserCtx; input: { code: string } }): Promise<User> {
  requireAdminAccount(ctx);
  if (ctx.user.secondFactor !== 'code_required') throw badRequest('This session needs no code');
  const kind = await acceptCode(ctx, input.code);
  await ctx.session.passSecondFactor();
  if (kind === 'recovery')
    await audit(ctx, 'secondFactor.recoveryCodeUsed', { left: await countRecoveryCodesLeft(ctx.db, ctx.user.id) });
  return currentUser(ctx, true);
}

/** Starts an enrolment: a new secret, shown as a QR code and as text until a code confirms it. */
export async function enrolSecondFactor({ ctx }: { ctx: UserCtx }): Promise<SecondFactorEnrolment> {
  if (!hasDeskRole(ctx.user)) throw forbidden('Administrator privileges required');
  const secret = newTotpSecret();
  if (!(await startEnrolment(ctx.db, ctx.user.id, secret))) throw conflict('Two-factor authentication is already on');
  const otpauthUrl = totpUri(secret, ctx.user.email);
  return { secret, otpauthUrl, qrCode: await qrCodeDataUrl(otpauthUrl) };
}

/** Confirms the enrolment with a first code: the factor is on, ten recovery codes are shown once. */
export async function confirmSecondFactor({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { code: string };
}): Promise<RecoveryCodes> {
  if (!hasDeskRole(ctx.user)) throw forbidden('Administrator privileges required');
  await limitCodeAttempt(ctx, ctx.user.id);
  const factor = await findSecondFactor(ctx.db, ctx.user.id);
  if (!factor) throw badRequest('Start the set-up first');
  if (factor.enabledAt) throw conflict('Two-factor authentication is already on');
  const step = await checkTotp(factor.secret, input.code, null);
  if (step === null || !(await claimTimeStep(ctx.db, ctx.user.id, step, true))) {
    throw badRequest('That code is not valid. Enter the current 6-digit code from your authenticator app');
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(ctx.db, ctx.user.id, recoveryCodes.map(hashRecoveryCode));
  // The code just given counts for this session.
  await ctx.session.passSecondFactor();
  await audit(ctx, 'secondFactor.enabled', { recoveryCodes: RECOVERY_CODE_COUNT });
  return { recoveryCodes };
}

/** New recovery codes (the old ones stop working); needs a current code. */
export async function renewRecoveryCodes({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { code: string };
}): Promise<RecoveryCodes> {
  if (ctx.user.secondFactor !== 'passed') throw forbidden('Enter your authentication code first');
  await acceptCode(ctx, input.code);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(ctx.db, ctx.user.id, recoveryCodes.map(hashRecoveryCode));
  await audit(ctx, 'secondFactor.recoveryCodesRenewed', { recoveryCodes: RECOVERY_CODE_COUNT });
  return { recoveryCodes };
}

/** Turns the second factor off; needs a current code (or a recovery code). */
export async function disableSecondFactor({ ctx, input }: { ctx: UserCtx; input: { code: string } }): Promise<User> {
  if (ctx.user.secondFactor !== 'passed') throw forbidden('Enter your authentication code first');
  if (ctx.settings.adminRequire2fa)
    throw forbidden('Two-factor authentication is required for administrators on this server');
  await acceptCode(ctx, input.code);
  await deleteSecondFactor(ctx.db, ctx.user.id);
  await audit(ctx, 'secondFactor.disabled', { enabled: false });
  return currentUser(ctx, true);
}
