import type { LiveViewer } from '../ports/live';
import type { Database, UserRow } from '@t0/db';
import type { Kysely } from 'kysely';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { SecondFactorGate, SecondFactorState } from '@t0/contracts/schemas/second-factor/second-factor';
import { TRPCError } from '@trpc/server';
import { SecondFactorRequired } from '../core/errors';
import { hasSecondFactor } from './second-factor.queries';

/** The cause of a 403 from an administrator procedure for want of the second factor. */

/** 403 with `secondFactor: <gate>` on the answer (tRPC and REST alike). */
export function secondFactorRefusal(gate: SecondFactorGate): TRPCError {
  const cause = new SecondFactorRequired(gate);
  return new TRPCError({ code: 'FORBIDDEN', message: cause.message, cause });
}

/** An administrator or an active analyst: the roles that act at the desk, behind the second factor. */
export const hasDeskRole = (user: Pick<User, 'isAdmin' | 'isAnalyst'>) => user.isAdmin || user.isAnalyst === true;

/** The user without the desk's roles (what a session short of its second factor acts as). */
export function withoutDeskRoles(
  user: User,
  row: Pick<UserRow, 'hasActiveSubscription'>,
  secondFactor: SecondFactorState,
): User {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { isAnalyst, ...rest } = user;
  return { ...rest, isAdmin: false, hasActiveSubscription: row.hasActiveSubscription, secondFactor };
}

/**
 * The user as this session may act (an analyst is gated as an administrator is): an enrolled administrator whose session has not given a code
 * is not admin-capable (and counts as subscribed only with a subscription of their own) until it
 * does; an administrator without 2FA while it is required keeps the role, but the console's
 * procedures refuse until enrolment. Reads the database only for administrators.
 */
export async function withSecondFactor(
  db: Kysely<Database>,
  user: User,
  row: Pick<UserRow, 'hasActiveSubscription'>,
  opts: { passed: boolean; required: boolean },
): Promise<User> {
  if (!hasDeskRole(user)) return user;
  const state: SecondFactorState = (await hasSecondFactor(db, user.id))
    ? opts.passed
      ? 'passed'
      : 'code_required'
    : opts.required
      ? 'enrolment_required'
      : 'not_needed';
  if (state === 'code_required') {
    // The analyst's flag stays: it is what asks this session for the code (the role waits for it).
    const gated = withoutDeskRoles(user, row, state);
    return user.isAnalyst ? { ...gated, isAnalyst: true } : gated;
  }
  return { ...user, secondFactor: state };
}

/**
 * The role facts a user's reads are filtered by (the live stream, premium objects): an
 * administrator counts only when the second factor lets them act as one. A password-only session
 * of an enrolled administrator (`code_required`, already not admin-capable) and an administrator
 * without a second factor while it is required (`enrolment_required`) read as the user they are
 * without the role: subscribed only with a subscription of their own.
 */
export function readingRoles(
  user: Pick<User, 'id' | 'isAdmin' | 'hasActiveSubscription' | 'secondFactor' | 'access'>,
  row: Pick<UserRow, 'hasActiveSubscription'>,
): LiveViewer {
  // The rooms are the account's own grants either way: the administrator's role is what the gate withholds.
  if (user.secondFactor === 'code_required' || user.secondFactor === 'enrolment_required') {
    return {
      id: user.id,
      isAdmin: false,
      hasActiveSubscription: row.hasActiveSubscription,
      access: user.access,
      secondFactorPassed: false,
    };
  }
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    hasActiveSubscription: user.hasActiveSubscription,
    access: user.access,
    secondFactorPassed: true,
  };
}
