import { createHash } from 'node:crypto';
import { SECOND_FACTOR_ATTEMPTS_PER_MINUTE } from '@t0/contracts/schemas/second-factor/second-factor';
import type { Context } from '../core/context';
import { tooManyAttempts } from '../core/errors';
import { recordAuthAttempt, secondsUntilAllowed } from '../auth/auth-attempts.queries';

/**
 * Counts one code attempt of the administrator (a 6-digit code or a recovery code, whatever the
 * outcome) in the shared sign-in window; past the budget, 429 with the seconds to wait.
 */
export async function limitCodeAttempt(ctx: Pick<Context, 'db'>, userId: number): Promise<void> {
  const key = createHash('sha256').update(`second-factor:${userId}`).digest('hex');
  const [count] = await recordAuthAttempt(ctx.db, [key]);
  if (count && count.count > SECOND_FACTOR_ATTEMPTS_PER_MINUTE) {
    throw tooManyAttempts(await secondsUntilAllowed(ctx.db, key, count.count, SECOND_FACTOR_ATTEMPTS_PER_MINUTE));
  }
}
