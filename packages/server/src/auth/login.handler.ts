import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { LoginInput, User } from '@t0/contracts/schemas/auth/auth';
import { accountFailureKey } from './auth-limit';
import type { Context } from '../core/context';
import { RetryLater } from '../core/errors';
import { accountLockedFor, clearAccountFailures, reserveAccountAttempt, signedInFrom } from './auth-attempts.queries';
import type { PasswordHasher } from '../ports/hasher';
import { findUserByEmail, toUser } from './users.queries';
import { noteAdminSignIn } from '../second-factor/new-device';
import { hasDeskRole, withSecondFactor } from '../second-factor/gate';
import { signIn } from './sign-in';
import { refuseBlacklisted } from '../blacklist/refuse';

/** A hash of a random password made by each hasher once, for accounts that do not exist. */
const standIns = new WeakMap<PasswordHasher, Promise<string>>();
function standInHash(hasher: PasswordHasher): Promise<string> {
  let hash = standIns.get(hasher);
  if (!hash) standIns.set(hasher, (hash = hasher.hash(randomBytes(18).toString('base64url'))));
  return hash;
}

/** 429 while an account's delay runs (worded alike whether or not the account exists). */
function accountDelayed(seconds: number): TRPCError {
  const minutes = Math.ceil(seconds / 60);
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many failed sign-ins for this e-mail address. Try again in ${seconds < 60 ? `${seconds} s` : `${minutes} min`}, or from a device you have signed in from before.`,
    cause: new RetryLater(seconds),
  });
}

/**
 * Checks the password, starts a fresh session and records where the login came from. An unknown
 * address (or an account without a password) is checked against a stand-in hash, so that the
 * answer takes as long as for a known one and does not tell which addresses have accounts.
 * Failed passwords count against the account's budget across all addresses (`accountBudget`):
 * past it, 429 with the seconds to wait, but from an address the account signed in from before.
 */
export async function loginHandler({ ctx, input }: { ctx: Context; input: LoginInput }): Promise<User> {
  const row = await findUserByEmail(ctx.db, input.email);
  const budget = ctx.settings.accountBudget;
  const key = accountFailureKey(input.email);
  if (budget) {
    // While the account's delay runs only an address it signed in from before gets its password
    // checked. An unknown e-mail is keyed and answered alike (the same queries either way).
    const wait = await accountLockedFor(ctx.db, key);
    const knownAddress = wait > 0 && (await signedInFrom(ctx.db, row?.id ?? 0, ctx.request.ip));
    if (wait > 0 && !knownAddress) throw accountDelayed(wait);
    // Counted as a failure before the check (cleared when the password is right): checks side by
    // side cannot overrun the budget.
    if ((await reserveAccountAttempt(ctx.db, key, budget, knownAddress)) === null) {
      throw accountDelayed(Math.max(1, await accountLockedFor(ctx.db, key)));
    }
  }
  const stored = row?.password ? row.password : await standInHash(ctx.ports.hasher);
  const ok = (await ctx.ports.hasher.verify(stored, input.password)) && !!row?.password;
  if (!row || !ok) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  }
  if (budget) await clearAccountFailures(ctx.db, key);
  // A blacklisted account is refused once its password is right (a wrong one says no more than before).
  await refuseBlacklisted(ctx, { email: row.email }, 'sign-in');
  const signedIn = await signIn(ctx, row.id);
  const user = toUser(signedIn, ctx.settings.adminEmails);
  if (!hasDeskRole(user)) return user;
  // An administrator or an analyst: a new device is e-mailed; an enrolled one must now give a code.
  await noteAdminSignIn(ctx, user);
  return withSecondFactor(ctx.db, user, signedIn, { passed: false, required: ctx.settings.adminRequire2fa === true });
}
