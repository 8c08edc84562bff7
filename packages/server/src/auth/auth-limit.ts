import { createHash } from 'node:crypto';
import { addressBlock } from '@t0/contracts/domain/auth/address-block';
import type { AuthLimits, Context } from '../core/context';
import { badRequest, tooManyAttempts } from '../core/errors';
import { recordAuthAttempt, secondsUntilAllowed } from './auth-attempts.queries';

/** The key of an account's failed passwords: the e-mail as the account lookup compares it, hashed. */
export function accountFailureKey(email: string): string {
  return keyOf(`account-failures:${email.trim().toLowerCase()}`);
}

/**
 * The first auth call of each request (a tRPC batch is one request with one context), as the
 * promise of its own check: the other calls of the batch wait for it, so it is judged on the
 * attempts made before the request alone.
 */
const firstCallOf = new WeakMap<object, Promise<unknown>>();

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The account an input names: its `email`, as the account lookup compares it. */
function accountOf(input: unknown): string | undefined {
  const email = typeof input === 'object' && input !== null ? (input as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/**
 * Counts a sign-in, registration or reset attempt against the shared budgets (every call of a
 * batch, whatever path it came by) and refuses it with 429 and the seconds to wait when one is
 * spent. Only the first such call of a request runs: the others of a batch are refused with 400
 * (after being counted).
 */
export async function limitAuthAttempt(ctx: Context, rawInput: unknown): Promise<void> {
  const first = firstCallOf.get(ctx.request);
  if (first) {
    await first.catch(() => undefined);
    await countAttempt(ctx, rawInput).catch(() => undefined);
    throw badRequest('Send one sign-in, registration or reset call per request');
  }
  const check = countAttempt(ctx, rawInput);
  firstCallOf.set(ctx.request, check);
  await check;
}

/** Records the attempt under its keys; throws 429 when a budget is spent. */
async function countAttempt(ctx: Context, rawInput: unknown): Promise<void> {
  const limits = ctx.settings.authLimits;
  if (!limits) return;
  const block = addressBlock(ctx.request.ip);
  const account = accountOf(rawInput);
  const budgets = new Map<string, number>([[keyOf(`address:${block}`), limits.perAddress]]);
  if (account) budgets.set(keyOf(`account:${account}|${block}`), limits.perAccount);
  const counts = await recordAuthAttempt(ctx.db, [...budgets.keys()]);
  let wait = 0;
  for (const { key, count } of counts) {
    const limit = budgets.get(key)!;
    if (count > limit) wait = Math.max(wait, await secondsUntilAllowed(ctx.db, key, count, limit));
  }
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * A request with an unknown or revoked API token counts as a failed sign-in attempt of its client
 * address (the same budget as sign-in). Answers the seconds to wait when the budget is spent
 * (the caller answers 429), else 0.
 */
export async function limitFailedCredential(
  db: Context['db'],
  ip: string,
  limits: AuthLimits | undefined,
): Promise<number> {
  if (!limits) return 0;
  const key = keyOf(`address:${addressBlock(ip)}`);
  const [counted] = await recordAuthAttempt(db, [key]);
  const count = counted?.count ?? 1;
  return count > limits.perAddress ? secondsUntilAllowed(db, key, count, limits.perAddress) : 0;
}
