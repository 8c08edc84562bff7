import { createHash, randomBytes } from 'node:crypto';
import { DISCORD_OAUTH_STATE_TTL_MS, hasCommunityAccess, TELEGRAM_INVITE_TTL_MS } from '@t0/contracts/domain/community';
import type { User } from '@t0/contracts/schemas/auth';
import type {
  CommunityOverview,
  CommunityStatus,
  CommunityTask,
  TelegramInvite,
} from '@t0/contracts/schemas/community';
import { auditCommunity } from './community-tasks.job';
import { syncCommunity } from './community-sync.job';
import type { Context } from '../core/context';
import { badRequest, forbidden, unavailable } from '../core/errors';
import { CommunityError } from '../ports';
import {
  consumeOauthState,
  countEntitled,
  countLinkedEntitled,
  countMembers,
  deleteDiscordLink,
  findAccessFlags,
  findDiscordLink,
  findUserWithAccessFlags,
  insertInviteLink,
  insertOauthState,
  latestSync,
  listAlerts,
  listRecentTasks,
  listTasksOfUser,
  memberOfUser,
  openInviteLinks,
  queueCommunityTasks,
  recordMember,
  upsertDiscordLink,
} from './community.queries';
import { findTelegramLink } from '../telegram/telegram.queries';
import { listUserEmails } from '../auth/users.queries';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db' | 'ports' | 'log' | 'settings'> & { user: User };

/**
 * Community access as the task runner and the reconciliation see it: the account's own subscription
 * or administrator flag (an address only in ADMIN_EMAILS is not enough, or the bot would remove it).
 */
async function hasAccessNow(ctx: Pick<Ctx, 'db' | 'user'>): Promise<boolean> {
  const row = await findAccessFlags(ctx.db, ctx.user.id);
  return row ? hasCommunityAccess(row) : false;
}
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export async function communityStatusHandler(ctx: Ctx): Promise<CommunityStatus> {
  const tg = ctx.ports.community?.telegram;
  const dc = ctx.ports.community?.discord;
  const chat = await findTelegramLink(ctx.db, ctx.user.id);
  const discord = await findDiscordLink(ctx.db, ctx.user.id);
  const access = await hasAccessNow(ctx);
  const invite = chat && access ? (await openInviteLinks(ctx.db, ctx.user.id))[0] : undefined;
  return {
    telegram: {
      configured: tg !== undefined,
      blocked: !tg ? 'not_configured' : !access ? 'no_subscription' : !chat ? 'not_linked' : null,
      member: (await memberOfUser(ctx.db, 'telegram', ctx.user.id)) !== undefined,
      invite: invite ? { url: invite.inviteLink, expiresAt: invite.expiresAt.toISOString() } : null,
    },
    discord: {
      configured: dc !== undefined,
      blocked: !dc ? 'not_configured' : !access ? 'no_subscription' : !discord ? 'not_linked' : null,
      account: discord ? { username: discord.username, linkedAt: discord.linkedAt.toISOString() } : null,
      roleGranted: discord ? (await memberOfUser(ctx.db, 'discord', ctx.user.id)) !== undefined : false,
    },
  };
}

/** A failed call to Telegram or Discord while the user waits: a 503 saying so. */
function unreachable(ctx: Ctx, err: unknown, what: string): never {
  ctx.log.warn({ err }, `${what} failed`);
  throw unavailable(
    `${what} failed: ${err instanceof CommunityError ? err.message : 'the service cannot be reached'}; try again in a moment`,
  );
}

/**
 * A personal invite link to the paid chat for a subscriber whose Telegram is linked: member_limit 1,
 * valid for a day. An open link is answered again; asking for a new one revokes the older ones.
 */
export async function telegramInviteHandler(ctx: Ctx, input: { renew?: boolean } = {}): Promise<TelegramInvite> {
  const tg = ctx.ports.community?.telegram;
  if (!tg) throw badRequest('The paid Telegram chat is not configured on this server');
  if (!(await hasAccessNow(ctx))) throw forbidden('Active subscription required');
  const chat = await findTelegramLink(ctx.db, ctx.user.id);
  if (!chat) throw badRequest('Link your Telegram first (Profile → Alerts → Telegram)');
  const open = await openInviteLinks(ctx.db, ctx.user.id);
  if (open[0] && !input.renew) return { url: open[0].inviteLink, expiresAt: open[0].expiresAt.toISOString() };
  const expiresAt = new Date(Date.now() + TELEGRAM_INVITE_TTL_MS);
  let url: string;
  try {
    url = await tg.createInviteLink(`T0 user ${ctx.user.id}`, expiresAt);
  } catch (err) {
    unreachable(ctx, err, 'Creating the invite link');
  }
  await transact(ctx.db, async (trx) => {
    await insertInviteLink(trx, ctx.user.id, url, expiresAt);
    await queueCommunityTasks(
      trx,
      open.map((l) => ({
        platform: 'telegram',
        action: 'revoke_link',
        userId: ctx.user.id,
        externalId: l.inviteLink,
        reason: 'replaced by a new link',
      })),
    );
    await auditCommunity(trx, 'telegram.invite_created', ctx.user.id, {
      inviteLink: url,
      expiresAt: expiresAt.toISOString(),
    });
  });
  return { url, expiresAt: expiresAt.toISOString() };
}

/** Where Discord sends the user back after the authorisation. */
export const discordRedirectUri = (publicUrl: string) => `${publicUrl}/api/community/discord/callback`;

/** Starts linking Discord: a single-use state (stored hashed, 10 minutes) tied to this account. */
export async function discordAuthorizeHandler(ctx: Ctx): Promise<{ url: string }> {
  const dc = ctx.ports.community?.discord;
  if (!dc) throw badRequest('Discord is not configured on this server');
  if (!(await hasAccessNow(ctx))) throw forbidden('Active subscription required');
  const state = randomBytes(24).toString('base64url');
  await insertOauthState(ctx.db, ctx.user.id, hashState(state), new Date(Date.now() + DISCORD_OAUTH_STATE_TTL_MS));
  return { url: dc.authorizeUrl(state) };
}

export type DiscordCallbackOutcome = 'linked' | 'denied' | 'bad_state' | 'no_access' | 'failed';

/**
 * Discord's redirect back: the state must be one this server issued, unspent and unexpired, to the
 * account of the session that comes back with it (CSRF). The code is exchanged, the user is added
 * to the server with the role (guilds.join), and the link is stored with its role task and audit
 * entry in one transaction.
 */
export async function completeDiscordLink(
  deps: Pick<Context, 'db' | 'ports' | 'log'>,
  sessionUserId: number | undefined,
  query: { code?: string; state?: string; error?: string },
): Promise<DiscordCallbackOutcome> {
  const dc = deps.ports.community?.discord;
  if (!dc || !query.state) return 'bad_state';
  const owner = await consumeOauthState(deps.db, hashState(query.state));
  if (owner === null || sessionUserId === undefined || owner !== sessionUserId) return 'bad_state';
  if (query.error || !query.code) return 'denied';
  const user = await findUserWithAccessFlags(deps.db, owner);
  if (!user || !hasCommunityAccess(user)) return 'no_access';
  let identity: { accessToken: string; id: string; username: string };
  try {
    identity = await dc.exchangeCode(query.code);
    await dc.joinWithRole(identity.id, identity.accessToken);
  } catch (err) {
    deps.log.warn({ err }, 'Discord link failed');
    return 'failed';
  }
  await transact(deps.db, async (trx) => {
    await upsertDiscordLink(trx, owner, identity.id, identity.username);
    await recordMember(trx, 'discord', identity.id, { status: 'member', userId: owner });
    // The role again through the task (idempotent): a join that found the user already in the server is covered too.
    await queueCommunityTasks(trx, [
      { platform: 'discord', action: 'grant_role', userId: owner, externalId: identity.id, reason: 'linked' },
    ]);
    await auditCommunity(trx, 'discord.linked', owner, { externalId: identity.id, username: identity.username });
  });
  return 'linked';
}

/** UNLINK DISCORD in the profile: the link goes and the role is removed (a task, in the same transaction). */
export async function discordUnlinkHandler(ctx: Ctx): Promise<CommunityStatus> {
  await transact(ctx.db, async (trx) => {
    const discordUserId = await deleteDiscordLink(trx, ctx.user.id);
    if (!discordUserId) return;
    await queueCommunityTasks(trx, [
      {
        platform: 'discord',
        action: 'remove_role',
        userId: ctx.user.id,
        externalId: discordUserId,
        reason: 'unlinked',
      },
    ]);
    await auditCommunity(trx, 'discord.unlinked', ctx.user.id, { externalId: discordUserId });
  });
  return communityStatusHandler(ctx);
}

const toTask = (row: Awaited<ReturnType<typeof listRecentTasks>>[number], email: string | null): CommunityTask => ({
  id: row.id,
  platform: row.platform as CommunityTask['platform'],
  action: row.action,
  userId: row.userId,
  email,
  externalId: row.externalId,
  reason: row.reason,
  status: row.status as CommunityTask['status'],
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  doneAt: row.doneAt ? row.doneAt.toISOString() : null,
});

async function withEmails(db: Ctx['db'], rows: Awaited<ReturnType<typeof listRecentTasks>>): Promise<CommunityTask[]> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const users = ids.length ? await listUserEmails(db, ids) : [];
  const email = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => toTask(r, r.userId === null ? null : (email.get(r.userId) ?? null)));
}

export async function communityOverviewHandler(ctx: Pick<Context, 'db' | 'ports'>): Promise<CommunityOverview> {
  const { telegram: tg, discord: dc } = ctx.ports.community ?? {};
  const platform = async (p: 'telegram' | 'discord', configured: boolean, target: string | null) => ({
    configured,
    target,
    members: await countMembers(ctx.db, p),
    linkedSubscribers: await countLinkedEntitled(ctx.db, p),
    lastSync: await latestSync(ctx.db, p),
    alerts: (await listAlerts(ctx.db, p)).map((a) => ({
      kind: a.kind,
      message: a.message,
      since: a.since.toISOString(),
    })),
  });
  return {
    activeSubscribers: await countEntitled(ctx.db),
    telegram: await platform('telegram', tg !== undefined, tg?.chatId ?? null),
    discord: await platform('discord', dc !== undefined, dc?.roleId ?? null),
    tasks: await withEmails(ctx.db, await listRecentTasks(ctx.db)),
  };
}

export async function communitySyncHandler(ctx: Pick<Context, 'db' | 'ports' | 'log'>) {
  const deps = { db: ctx.db, community: ctx.ports.community, log: ctx.log };
  const result = await syncCommunity(deps);
  const at = new Date().toISOString();
  const shape = (r: typeof result.telegram) =>
    r ? { at, members: r.members, entitled: r.entitled, differences: r.differences, error: r.error } : null;
  return { telegram: shape(result.telegram), discord: shape(result.discord) };
}

export async function communityUserTasksHandler(ctx: Pick<Context, 'db'>, userId: number) {
  return { tasks: await withEmails(ctx.db, await listTasksOfUser(ctx.db, userId)) };
}
