import {
  normaliseBlacklistValue,
  normaliseDomainEntry,
  normaliseEmail,
  type BlacklistKey,
} from '@t0/contracts/domain/blacklist/blacklist';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { AdminUserActionOutput } from '@t0/contracts/schemas/admin-users/admin-users';
import type {
  AddBlacklistEntryInput,
  AddBlacklistEntryOutput,
  BlacklistEntry,
  BlacklistPreviewInput,
  BlacklistPreviewOutput,
  BlacklistUserInput,
} from '@t0/contracts/schemas/blacklist/blacklist';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { findUserById } from '../auth/users.queries';
import { appendAuditEntry } from '../audit/audit-log.queries';
import { endCredentials } from '../api-tokens/end-credentials';
import {
  adminUserDetailHandler,
  cancelLiveSubscription,
  endAccessInTransaction,
} from '../admin-users/admin-users.handler';
import {
  countAccountsAtDomain,
  deleteBlacklistEntry,
  findBlacklistEntry,
  insertBlacklistEntries,
  knownIdsOfUser,
  listBlacklist,
  type NewBlacklistEntry,
} from './blacklisted-emails.queries';

type Ctx = Context & { user: User };
type Row = Awaited<ReturnType<typeof listBlacklist>>[number];

const view = (row: Row): BlacklistEntry => ({
  ...row,
  kind: row.kind as BlacklistEntry['kind'],
  blacklistedAt: row.blacklistedAt.toISOString(),
});

export async function listBlacklistHandler({ ctx }: { ctx: Ctx }) {
  return { entries: (await listBlacklist(ctx.db)).map(view) };
}

export async function previewBlacklistHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: BlacklistPreviewInput;
}): Promise<BlacklistPreviewOutput> {
  const domain = normaliseDomainEntry(input.value)!;
  return { domain, matchingAccounts: await countAccountsAtDomain(ctx.db, domain) };
}

export async function addBlacklistEntryHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AddBlacklistEntryInput;
}): Promise<AddBlacklistEntryOutput> {
  const normal = normaliseBlacklistValue(input.kind, input.value);
  if (!normal.ok) throw validationError([{ path: ['value'], message: normal.message }]);
  const key = { kind: input.kind, value: normal.value };
  const row = await transact(ctx.db, async (trx) => {
    const [added] = await insertBlacklistEntries(trx, [
      {
        ...key,
        email: input.kind === 'email' ? input.value.trim() : null,
        reason: input.reason,
        userId: null,
        blacklistedBy: ctx.user.email,
      },
    ]);
    if (!added) {
      const existing = await findBlacklistEntry(trx, key);
      throw conflict(`${normal.value} is on the blacklist already${existing?.reason ? ` (${existing.reason})` : ''}`);
    }
    return added;
  });
  const matchingAccounts = input.kind === 'domain' ? await countAccountsAtDomain(ctx.db, normal.value) : null;
  return { entry: view(row), matchingAccounts };
}

export async function removeBlacklistEntryHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const removed = await transact(ctx.db, (trx) => deleteBlacklistEntry(trx, input.id));
  if (!removed) throw notFound('Blacklist entry');
  return { message: `${removed.value} is no longer on the blacklist.` };
}

/**
 * Blacklists an account: its address (normalised) and the ids it is known by (Telegram, Discord,
 * Whop, and the fingerprints of the cards it paid with), with the reason, and ends everything it holds at once, as sign-out-everywhere and end
 * access do: a Stripe subscription is cancelled at Stripe first (nothing changes here if Stripe
 * cannot be reached); then in one transaction with the audit entry the entries, every session and
 * API token (the `session.ended` event ends its live streams on every process), every grant and the
 * folded access (whose change queues the removal from the paid chats and roles).
 */
export async function blacklistUserHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: BlacklistUserInput;
}): Promise<AdminUserActionOutput> {
  const row = await findUserById(ctx.db, input.userId);
  if (!row) throw notFound('User');
  if (row.id === ctx.user.id) throw conflict('You cannot blacklist your own account');
  const liveSub = await cancelLiveSubscription(ctx, row, `Blacklisted by an administrator (${ctx.user.email})`);
  const added = await transact(ctx.db, async (trx) => {
    const email = normaliseEmail(row.email);
    const keys: BlacklistKey[] = [
      ...(email ? [{ kind: 'email' as const, value: email }] : []),
      ...(await knownIdsOfUser(trx, row.id)),
    ];
    const entries: NewBlacklistEntry[] = keys.map((k) => ({
      ...k,
      email: k.kind === 'email' ? row.email : null,
      reason: input.reason,
      userId: row.id,
      blacklistedBy: ctx.user.email,
    }));
    const added = await insertBlacklistEntries(trx, entries);
    // Each entry taken from the account is in the audit log as an entry of its own, with the account's.
    for (const entry of added)
      await appendAuditEntry(trx, {
        actorId: ctx.user.id,
        actorEmail: ctx.user.email,
        address: ctx.request.ip,
        action: 'blacklist.add',
        targetType: 'blacklist-entry',
        targetId: String(entry.id),
        before: null,
        after: { kind: entry.kind, value: entry.value, reason: entry.reason, userId: entry.userId },
      });
    await endCredentials(trx, { userId: row.id, event: 'sign_out_everywhere' });
    await endAccessInTransaction(ctx, trx, row, liveSub);
    return added;
  });
  const what = added.map((a) => (a.kind === 'email' ? a.value : `${a.kind} ${a.value}`)).join(', ');
  return {
    message: `${row.email} is blacklisted${what ? ` (${what})` : ''}: signed out everywhere and access ended.`,
    detail: await adminUserDetailHandler({ ctx, input: { userId: row.id } }),
  };
}
