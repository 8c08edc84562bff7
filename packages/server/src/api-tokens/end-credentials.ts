import type { Db } from '@t0/db';
import type { Context } from '../core/context';
import { emitEvent, userAudience } from '../events/events.queries';
import { tokensRevokedMail, type CredentialEvent } from '../mail/tokens-revoked';
import { listApiTokensByIds, revokeAllApiTokens } from './api-tokens.queries';
import { deleteSessionsOfUser, findUserById } from '../auth/users.queries';

export type { CredentialEvent } from '../mail/tokens-revoked';

type MailDeps = Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;

/** Background job: the e-mail listing the API tokens a credential event revoked. */
export const TOKENS_REVOKED_MAIL_JOB = 'tokens-revoked-email';

export interface TokensRevokedMailData {
  userId: number;
  tokenIds: number[];
  event: CredentialEvent;
}

export interface EndedCredentials {
  userId: number;
  event: CredentialEvent;
  /** The API tokens revoked, oldest first. */
  revokedTokens: Array<{ id: number; name: string }>;
}

/**
 * The one rule for a credential event (password reset, password change, sign-out-everywhere):
 * in the caller's transaction, ends the user's stored sessions (all of them, or all but
 * `keepSessionId`, the caller's own), revokes every active API token of the user, and writes the
 * `session.ended` event the live hub acts on (each process ends the user's streams whose session
 * or token is no longer alive). Nothing here runs unless the transaction commits, and the event
 * exists exactly when the deletions do. After the commit, `mailRevokedTokens` tells the owner.
 */
export async function endCredentials(
  trx: Db,
  opts: { userId: number; event: CredentialEvent; keepSessionId?: string },
): Promise<EndedCredentials> {
  await deleteSessionsOfUser(trx, opts.userId, opts.keepSessionId);
  const revokedTokens = await revokeAllApiTokens(trx, opts.userId);
  await emitEvent(trx, {
    type: 'session.ended',
    audience: userAudience(opts.userId),
    payload: { reason: opts.event, tokensRevoked: revokedTokens.length },
  });
  return { userId: opts.userId, event: opts.event, revokedTokens };
}

/**
 * After the transaction of `endCredentials` committed: queues the e-mail to the owner listing
 * the revoked tokens (nothing when none was). The job port cannot join the transaction (on PGlite
 * it waits for the single connection), so the job is queued right after the commit; if queueing
 * fails, the e-mail is sent at once instead. Never throws: the credentials are already ended.
 */
export async function mailRevokedTokens(deps: MailDeps, ended: EndedCredentials): Promise<void> {
  if (ended.revokedTokens.length === 0) return;
  const data: TokensRevokedMailData = {
    userId: ended.userId,
    tokenIds: ended.revokedTokens.map((t) => t.id),
    event: ended.event,
  };
  try {
    await deps.ports.jobs.send(TOKENS_REVOKED_MAIL_JOB, data);
    return;
  } catch (err) {
    deps.log.warn({ err, userId: ended.userId }, 'revoked-tokens e-mail not queued; sending it now');
  }
  try {
    await sendTokensRevokedMail(deps, data);
  } catch (err) {
    deps.log.error({ err, userId: ended.userId }, 'revoked-tokens e-mail failed');
  }
}

/** The job's work: reads the tokens' names and e-mails the owner. Throws when the send fails (retried). */
export async function sendTokensRevokedMail(
  deps: Pick<MailDeps, 'db' | 'ports' | 'settings'>,
  data: TokensRevokedMailData,
): Promise<void> {
  const ids = (Array.isArray(data?.tokenIds) ? data.tokenIds : []).filter((id) => Number.isSafeInteger(id));
  if (!Number.isSafeInteger(data?.userId) || ids.length === 0) return;
  const user = await findUserById(deps.db, data.userId);
  if (!user) return;
  const tokens = await listApiTokensByIds(deps.db, data.userId, ids);
  if (tokens.length === 0) return;
  await deps.ports.mailer.send(tokensRevokedMail(user.email, tokens, data.event, deps.settings.publicUrl));
}
