import { WELCOME_TOKEN_TTL_MS } from '../../domain/constants';
import type { Context } from '../context';
import { resetLink, welcomeMail } from '../mail/templates';
import { claimWelcomeEmail, releaseWelcomeEmail } from '../queries/subscribers';
import { issueToken } from '../queries/tokens';

export type MailDeps = Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;

export type WelcomeOutcome = { status: 'sent' } | { status: 'already-sent' } | { status: 'failed'; error: string };

/**
 * Sends the welcome e-mail with a one-time set-password link (never a password) and records
 * `welcome_email_sent_at`. Sent once per account: a concurrent second call finds it claimed.
 * A failed send gives the claim back, so the admin's monitoring lists the user for recovery.
 */
export async function sendWelcomeEmail(
  deps: MailDeps,
  user: { id: number; email: string; password: string },
): Promise<WelcomeOutcome> {
  if (!(await claimWelcomeEmail(deps.db, user.id))) return { status: 'already-sent' };
  try {
    const token = await issueToken(deps.db, user.email, 'welcome', WELCOME_TOKEN_TTL_MS);
    const link = resetLink(deps.settings.publicUrl, token, user.email);
    await deps.ports.mailer.send(welcomeMail(user.email, link, { hasPassword: user.password !== '' }));
    return { status: 'sent' };
  } catch (err) {
    await releaseWelcomeEmail(deps.db, user.id);
    deps.log.error({ err, userId: user.id }, 'welcome e-mail failed');
    return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
}
