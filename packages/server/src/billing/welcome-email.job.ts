import { WELCOME_TOKEN_TTL_MS } from '@t0/contracts/domain/common/constants';
import type { Context } from '../core/context';
import { resetLink, welcomeBackMail, welcomeMail } from '../mail/templates';
import { claimWelcomeEmail, recordWelcomeEmailSent, releaseWelcomeEmail } from './subscribers.queries';
import { issueToken } from '../auth/tokens.queries';
import { findUserById } from '../auth/users.queries';
import { wordsFor } from '../core/words';
import { subscriberLanguage } from '../preferences/language';

export type MailDeps = Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;

/** Background retry of a welcome e-mail that could not be sent right away: `{ userId }`. */
export const WELCOME_EMAIL_JOB = 'welcome-email';

export type WelcomeOutcome =
  | { status: 'sent' }
  | { status: 'already-sent' }
  /** Another sender holds the claim; its own outcome decides. */
  | { status: 'in-progress' }
  | { status: 'failed'; error: string };

/**
 * Sends the welcome e-mail (to an account without a password, a one-time set-password link; never a
 * password) and records `welcome_email_sent_at` once the mail server accepted it. One sender at a
 * time per account holds a claim; the user stays on the admin's list of subscribers who never got
 * their welcome e-mail until the send succeeds. `again` sends one to a user who got it already.
 * Written in the subscriber's language (their choice, else the desk's default).
 */
export async function sendWelcomeEmail(
  deps: MailDeps,
  user: { id: number; email: string; password: string },
  opts: { again?: boolean } = {},
): Promise<WelcomeOutcome> {
  const claim = await claimWelcomeEmail(deps.db, user.id, opts);
  if (claim === 'in-progress') return { status: 'in-progress' };
  if (claim !== 'claimed') return { status: 'already-sent' };
  try {
    const t = wordsFor(await subscriberLanguage(deps.db, user.id));
    if (user.password !== '') {
      // Registered with a password: welcomed, not asked to set one (and no reset link is issued).
      await deps.ports.mailer.send(welcomeBackMail(user.email, deps.settings.publicUrl, t));
    } else {
      const token = await issueToken(deps.db, user.email, 'welcome', WELCOME_TOKEN_TTL_MS);
      await deps.ports.mailer.send(welcomeMail(user.email, resetLink(deps.settings.publicUrl, token, user.email), t));
    }
  } catch (err) {
    await releaseWelcomeEmail(deps.db, user.id);
    deps.log.error({ err, userId: user.id }, 'welcome e-mail failed');
    return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  await recordWelcomeEmailSent(deps.db, user.id);
  return { status: 'sent' };
}

/**
 * Sends the welcome e-mail now; if that fails, queues a background retry (the user stays on the
 * admin's affected list until it succeeds).
 */
export async function welcomeNowOrLater(
  deps: MailDeps,
  user: { id: number; email: string; password: string },
): Promise<WelcomeOutcome> {
  const outcome = await sendWelcomeEmail(deps, user);
  if (outcome.status === 'failed') {
    try {
      await deps.ports.jobs.send(WELCOME_EMAIL_JOB, { userId: user.id });
    } catch (err) {
      deps.log.error({ err, userId: user.id }, 'welcome e-mail retry not queued');
    }
  }
  return outcome;
}

/**
 * The background retry: sends the welcome e-mail if the user is still an active subscriber who
 * has not received it. Answers false when sending failed or another send is still on its way (the
 * job then fails and is retried; a retry after a success finds it sent).
 */
export async function retryWelcomeEmail(deps: MailDeps, userId: number): Promise<boolean> {
  const row = await findUserById(deps.db, userId);
  if (!row || !row.hasActiveSubscription || row.welcomeEmailSentAt) return true;
  const outcome = await sendWelcomeEmail(deps, row);
  return outcome.status === 'sent' || outcome.status === 'already-sent';
}
