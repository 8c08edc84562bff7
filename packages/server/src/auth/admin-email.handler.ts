import { TRPCError } from '@trpc/server';
import { ADMIN_EMAIL_LINKS_PER_HOUR, ADMIN_EMAIL_TOKEN_TTL_MS } from '@t0/contracts/domain/common/constants';
import type { ConfirmAdminEmailInput, User } from '@t0/contracts/schemas/auth/auth';
import type { UserRow } from '@t0/db';
import { appendAuditEntry } from '../audit/audit-log.queries';
import type { Context } from '../core/context';
import { badRequest, conflict, RetryLater, unauthorized, unavailable } from '../core/errors';
import { transact } from '../core/transaction';
import { emitEvent, userAudience } from '../events/events.queries';
import { adminEmailLink, adminEmailMail } from '../mail/templates';
import { consumeToken, issueToken, tokensIssuedSince } from './tokens.queries';
import { findUserById, isListedAdminEmail, markAdminEmailProven, toUser } from './users.queries';

/*
 * An address in ADMIN_EMAILS makes its account an administrator only once the owner of the address
 * proved it: a link (a token of 32 random bytes, stored hashed, single use, valid 24 h) is mailed to
 * the address at registration and on request, and followed while signed in to the account. Whoever
 * registers the address without its mailbox, or holds the mailbox without the account's password,
 * gets nothing; until then the account is an ordinary user at every door (`isAdminRow`).
 */

export const ADMIN_EMAIL_LINK_INVALID = 'The administrator address link is invalid or expired.';
export const NO_ADMIN_EMAIL_TO_PROVE = 'This account has no administrator address waiting for proof';

const HOUR_MS = 60 * 60 * 1000;

type Deps = Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;

/** The account's address is in ADMIN_EMAILS and not proven yet. */
const waitsForProof = (row: Pick<UserRow, 'email' | 'adminEmailProvenAt'>, adminEmails: readonly string[]) =>
  row.adminEmailProvenAt === null && isListedAdminEmail(row.email, adminEmails);

/** Issues a link for the address and mails it; throws when the mail server refuses it. */
async function mailAdminEmailLink(deps: Deps, email: string): Promise<void> {
  const token = await issueToken(deps.db, email, 'admin', ADMIN_EMAIL_TOKEN_TTL_MS);
  await deps.ports.mailer.send(adminEmailMail(email, adminEmailLink(deps.settings.publicUrl, token, email)));
}

/**
 * After a registration: an address in ADMIN_EMAILS is mailed its link at once. A failed send is
 * logged, never fails the registration: the owner asks for another link once signed in.
 */
export async function mailAdminEmailLinkAfterRegistration(
  deps: Deps,
  row: Pick<UserRow, 'id' | 'email' | 'adminEmailProvenAt'>,
): Promise<void> {
  if (!waitsForProof(row, deps.settings.adminEmails)) return;
  try {
    await mailAdminEmailLink(deps, row.email);
  } catch (err) {
    deps.log.error({ err, userId: row.id }, 'administrator address link not sent');
  }
}

/**
 * `POST /api/auth/admin-email/send`: another link for the signed-in account's unproven ADMIN_EMAILS
 * address, at most ADMIN_EMAIL_LINKS_PER_HOUR an hour (registration's link counts).
 */
export async function sendAdminEmailLinkHandler({ ctx }: { ctx: Deps & { user: User } }) {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw unauthorized();
  if (!waitsForProof(row, ctx.settings.adminEmails)) throw conflict(NO_ADMIN_EMAIL_TO_PROVE);
  const now = Date.now();
  const issued = await tokensIssuedSince(ctx.db, row.email, 'admin', new Date(now - HOUR_MS));
  if (issued.count >= ADMIN_EMAIL_LINKS_PER_HOUR) {
    const wait = Math.max(1, Math.ceil(((issued.oldest?.getTime() ?? now) + HOUR_MS - now) / 1000));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `At most ${ADMIN_EMAIL_LINKS_PER_HOUR} links an hour: try again in ${wait} s`,
      cause: new RetryLater(wait),
    });
  }
  try {
    await mailAdminEmailLink(ctx, row.email);
  } catch (err) {
    ctx.log.error({ err, userId: row.id }, 'administrator address link not sent');
    throw unavailable('The link could not be sent: try again in a few minutes');
  }
  return {
    success: true as const,
    message: `A link is on its way to ${row.email}: open it while signed in to this account.`,
  };
}

/**
 * `POST /api/auth/admin-email/confirm`: the link followed while signed in to the account whose
 * address it was mailed to. In one transaction: the token is used up, the proof recorded, the role
 * change audited (the account is its own actor) and `account.changed` written for the account's
 * live streams, which re-read their viewer. A token of another address, another purpose, used,
 * expired or made up, or an address no longer in ADMIN_EMAILS, is a 400 that changes nothing.
 */
export async function confirmAdminEmailHandler({
  ctx,
  input,
}: {
  ctx: Deps & Pick<Context, 'request'> & { user: User };
  input: ConfirmAdminEmailInput;
}) {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw unauthorized();
  if (!isListedAdminEmail(row.email, ctx.settings.adminEmails)) throw badRequest(ADMIN_EMAIL_LINK_INVALID);
  const confirmed = await transact(ctx.db, async (trx) => {
    if (!(await consumeToken(trx, row.email, input.token, ['admin']))) return false;
    const after = await markAdminEmailProven(trx, row.id);
    // Proven already (by another link): the token is used up, nothing else changes.
    if (!after) return true;
    const was = toUser(row, ctx.settings.adminEmails);
    const now = toUser(after, ctx.settings.adminEmails);
    await appendAuditEntry(trx, {
      actorId: row.id,
      actorEmail: row.email,
      address: ctx.request.ip,
      action: 'auth.confirmAdminEmail',
      targetType: 'user',
      targetId: String(row.id),
      before: { isAdmin: was.isAdmin, adminEmailProvenAt: null },
      after: { isAdmin: now.isAdmin, adminEmailProvenAt: after.adminEmailProvenAt },
    });
    if (was.isAdmin !== now.isAdmin || was.hasActiveSubscription !== now.hasActiveSubscription) {
      await emitEvent(trx, {
        type: 'account.changed',
        audience: userAudience(row.id),
        payload: { hasActiveSubscription: now.hasActiveSubscription, isAdmin: now.isAdmin },
      });
    }
    return true;
  });
  if (!confirmed) throw badRequest(ADMIN_EMAIL_LINK_INVALID);
  return { success: true as const, message: `${row.email} is confirmed: this account is an administrator.` };
}
