import { RESET_TOKEN_TTL_MS } from '@t0/contracts/domain/common/constants';
import type { Context } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import { passwordResetMail, resetLink } from '../mail/templates';
import type { OutboxJob } from '../outbox/queue';
import { wordsFor } from '../core/words';
import { subscriberLanguage } from '../preferences/language';
import { issueToken } from './tokens.queries';
import { findUserByEmail, normalizeEmail } from './users.queries';

export interface PasswordResetMailData {
  /** The address as it was asked for (normalized), whether or not it has an account. */
  email: string;
}

/**
 * How long after the request its job runs: the answer has gone out by then, so the work that
 * differs (the account's token and e-mail) never overlaps it, not even on a single connection.
 */
export const PASSWORD_RESET_MAIL_DELAY_MS = 1_000;

/**
 * The job a forgotten-password request queues, for every address alike: the request itself reads
 * no account, so its answer takes the same time whether the address has one or not.
 */
export const passwordResetMailJob = (email: string, now = Date.now()): OutboxJob => ({
  name: JOB_NAMES.passwordResetMail,
  data: { email: normalizeEmail(email) } satisfies PasswordResetMailData,
  startAfter: new Date(now + PASSWORD_RESET_MAIL_DELAY_MS),
});

/**
 * The job's work: when the address has an account, a reset token (32 random bytes, stored hashed,
 * single use, valid for an hour) and the e-mail with its link, in the account's language; otherwise nothing. A failed send
 * is logged (and recorded in the e-mail log), not retried: the owner asks again.
 */
export async function sendPasswordResetMail(
  deps: Pick<Context, 'db' | 'ports' | 'settings' | 'log'>,
  data: PasswordResetMailData,
): Promise<void> {
  if (typeof data?.email !== 'string' || data.email === '') return;
  const row = await findUserByEmail(deps.db, data.email);
  if (!row) return;
  const token = await issueToken(deps.db, row.email, 'reset', RESET_TOKEN_TTL_MS);
  const link = resetLink(deps.settings.publicUrl, token, row.email);
  // In the account's language (its own choice, else the desk's default).
  const t = wordsFor(await subscriberLanguage(deps.db, row.id));
  try {
    await deps.ports.mailer.send(passwordResetMail(row.email, link, t));
  } catch (err) {
    deps.log.error({ err }, 'password reset mail failed');
  }
}
