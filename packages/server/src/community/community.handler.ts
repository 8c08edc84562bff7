import { createHash, randomBytes } from 'node:crypto';
import { blacklistEntryFor, refuseBlacklisted } from '../blacklist/refuse';
import {
  DISCORD_OAUTH_STATE_TTL_MS,
  entitledTargets,
  targetLabel,
  TELEGRAM_INVITE_TTL_MS,
  type CommunityPlatform,
} from '@t0/contracts/domain/community/community';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  CommunityOverview,
  CommunityStatus,
  CommunityTask,
  TelegramInvite,
} from '@t0/contracts/schemas/community/community';
import { auditCommunity } from './community-tasks.job';
import { syncCommunity } from './community-sync.job';
import type { Context } from '../core/context';
import { badRequest, forbidden, unavailable } from '../core/errors';
import { CommunityError } from '../ports';
import {
  consumeOauthState,
  countEntitled,
  countHolders,
  countLinkedHolders,
  countMembersByTarget,
  deleteDiscordLink,
  findAccessFlags,
  findDiscordLink,
  insertInviteLink,
  insertOauthState,
  latestSync,
  listAlerts,
  listMembershipsOfUser,
  listRecentTasks,
  listTargetsOfMember,
  listTasksOfUser,
  openInviteLinks,
  queueCommunityTasks,
  recordMember,
  upsertDiscordLink,
} from './community.queries';
import { findTelegramLink } from '../telegram/telegram.queries';
import { listUserEmails } from '../auth/users.queries';
import { transact } from '../core/transaction';
import { loadCommunityMap, viewerOf, type CommunityMap } from './targets';

type Ctx = Pick<Context, 'db' | 'ports' | 'log' | 'settings'> & { user: User };

/**
 * The chats (roles) of a platform the user may be in now, each with its rooms: those of the rooms
 * they hold, every one for an administrator (the account's own flag: an address only in
 * ADMIN_EMAILS is not enough, or the bot would remove it).
 */
async function heldTargets(db: Ctx['db'], map: CommunityMap, platform: CommunityPlatform, userId: number) {
  const row = await findAccessFlags(db, userId);
  if (!row) return [];
  return entitledTargets(viewerOf(row), map[platform]).map((target) => ({
    target,
    rooms: map[platform].get(target) ?? [],
  }));
}
const served = (rooms: readonly { slug: string; name: string }[]) => ({
  rooms: rooms.map((r) => r.slug),
  name: targetLabel(rooms),
});
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export async function communityStatusHandler(ctx: Ctx): Promise<CommunityStatus> {
  const map = await loadCommunityMap(ctx.db);
  const tgOn = ctx.ports.community?.telegram !== undefined && map.telegram.size > 0;
  const dcOn = ctx.ports.community?.discord !== undefined && map.discord.size > 0;
  const link = await findTelegramLink(ctx.db, ctx.user.id);
  const discord = await findDiscordLink(ctx.db, ctx.user.id);

  const chats = tgOn ? await heldTargets(ctx.db, map, 'telegram', ctx.user.id) : [];
  const inChats = new Set((await listMembershipsOfUser(ctx.db, 'telegram', ctx.user.id)).map((m) => m.target));
  const links = link ? await openInviteLinks(ctx.db, ctx.user.id) : [];
  const chatStates = chats.map(({ target, rooms }) => {
    const open = links.find((l) => l.chatId === target);
    return {
      ...served(rooms),
      member: inChats.has(target),
      invite: open ? { url: open.inviteLink, expiresAt: open.expiresAt.toISOString() } : null,
    };
  });

  const roles = dcOn ? await heldTargets(ctx.db, map, 'discord', ctx.user.id) : [];
  const granted = new Set(
    discord ? await listTargetsOfMember(ctx.db, 'discord', discord.discordUserId) : ([] as string[]),
  );
  const roleStates = roles.map(({ target, rooms }) => ({ ...served(rooms), granted: granted.has(target) }));

  return {
    telegram: {
      configured: tgOn,
      blocked: !tgOn ? 'not_configured' : chats.length === 0 ? 'no_subscription' : !link ? 'not_linked' : null,
      member: chatStates.length > 0 && chatStates.every((c) => c.member),
      invite: chatStates.find((c) => !c.member && c.invite)?.invite ?? null,
      chats: chatStates,
    },
    discord: {
      configured: dcOn,
      blocked: !dcOn ? 'not_configured' : roles.length === 0 ? 'no_subscription' : !discord ? 'not_linked' : null,
      account: discord ? { username: discord.username, linkedAt: discord.linkedAt.toISOString() } : null,
      roleGranted: roleStates.length > 0 && roleStates.every((r) => r.granted),
      roles: discord ? roleStates : roleStates.map((r) => ({ ...r, granted: false })),
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
 * A personal invite link to the chat of each room held (one per chat) for a subscriber whose
 * Telegram is linked: member_limit 1, valid for a day. An open link is answered again; asking for
 * new ones revokes the older ones.
 */
export async function telegramInviteHandler(ctx: Ctx, input: { renew?: boolean } = {}): Promise<TelegramInvite> {
  const tg = ctx.ports.community?.telegram;
  const map = await loadCommunityMap(ctx.db);
  if (!tg || map.telegram.size === 0) throw badRequest('The paid Telegram chat is not configured on this server');
  const chats = await heldTargets(ctx.db, map, 'telegram', ctx.user.id);
  if (chats.length === 0) throw forbidden('None of the rooms you hold has a Telegram chat');
  const link = await findTelegramLink(ctx.db, ctx.user.id);
  if (!link) throw badRequest('Link your Telegram first (Profile → Alerts → Telegram)');
  await refuseBlacklisted(ctx, { email: ctx.user.email, telegram: link.chatId }, 'telegram invite');

  const invites: TelegramInvite['invites'] = [];
  const made: { chatId: string; url: string; expiresAt: Date; replaced: string[] }[] = [];
  for (const { target, rooms } of chats) {
    const open = await openInviteLinks(ctx.db, ctx.user.id, target);
    if (open[0] && !input.renew) {
      invites.push({ ...served(rooms), url: open[0].inviteLink, expiresAt: open[0].expiresAt.toISOString() });
      continue;
    }
    const expiresAt = new Date(Date.now() + TELEGRAM_INVITE_TTL_MS);
    let url: string;
    try {
      url = await tg.createInviteLink(target, `T0 user ${ctx.user.id}`, expiresAt);
    } catch (err) {
      unreachable(ctx, err, 'Creating the invite link');
    }
    made.push({ chatId: target, url, expiresAt, replaced: open.map((l) => l.inviteLink) });
    invites.push({ ...served(rooms), url, expiresAt: expiresAt.toISOString() });
  }
  if (made.length > 0)
    await transact(ctx.db, async (trx) => {
      for (const m of made) {
        await insertInviteLink(trx, {
          userId: ctx.user.id,
          chatId: m.chatId,
          inviteLink: m.url,
          expiresAt: m.expiresAt,
        });
        await queueCommunityTasks(
          trx,
          m.replaced.map((inviteLink) => ({
            platform: 'telegram',
            action: 'revoke_link',
            userId: ctx.user.id,
            target: m.chatId,
            externalId: inviteLink,
            reason: 'replaced by a new link',
          })),
        );
        await auditCommunity(trx, 'telegram.invite_created', ctx.user.id, {
          target: m.chatId,
          inviteLink: m.url,
          expiresAt: m.expiresAt.toISOString(),
        });
      }
    });
  const first = invites[0]!;
  return { url: first.url, expiresAt: first.expiresAt, invites };
}

/** Where Discord sends the user back after the authorisation. */
export const discordRedirectUri = (publicUrl: string) => `${publicUrl}/api/community/discord/callback`;

/** Starts linking Discord: a single-use state (stored hashed, 10 minutes) tied to this account. */
export async function discordAuthorizeHandler(ctx: Ctx): Promise<{ url: string }> {
  const dc = ctx.ports.community?.discord;
  const map = await loadCommunityMap(ctx.db);
  if (!dc || map.discord.size === 0) throw badRequest('Discord is not configured on this server');
  if ((await heldTargets(ctx.db, map, 'discord', ctx.user.id)).length === 0)
    throw forbidden('None of the rooms you hold has a Discord role');
  await refuseBlacklisted(ctx, { email: ctx.user.email }, 'discord link');
  const state = randomBytes(24).toString('base64url');
  await insertOauthState(ctx.db, ctx.user.id, hashState(state), new Date(Date.now() + DISCORD_OAUTH_STATE_TTL_MS));
  return { url: dc.authorizeUrl(state) };
}

export type DiscordCallbackOutcome = 'linked' | 'denied' | 'bad_state' | 'no_access' | 'failed';

/**
 * Discord's redirect back: the state must be one this server issued, unspent and unexpired, to the
 * account of the session that comes back with it (CSRF). The code is exchanged, the user is added
 * to the server with the roles of the rooms they hold (guilds.join), and the link is stored with
 * its role tasks and audit entry in one transaction.
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
  const map = await loadCommunityMap(deps.db);
  const roles = (await heldTargets(deps.db, map, 'discord', owner)).map((r) => r.target);
  if (roles.length === 0) return 'no_access';
  let identity: { accessToken: string; id: string; username: string };
  try {
    identity = await dc.exchangeCode(query.code);
    if (await blacklistEntryFor(deps.db, { discord: identity.id })) {
      deps.log.warn({ userId: owner }, 'Discord link refused: blacklisted Discord account');
      return 'no_access';
    }
    await dc.joinWithRoles(identity.id, identity.accessToken, roles);
  } catch (err) {
    deps.log.warn({ err }, 'Discord link failed');
    return 'failed';
  }
  await transact(deps.db, async (trx) => {
    await upsertDiscordLink(trx, owner, identity.id, identity.username);
    for (const roleId of roles)
      await recordMember(trx, 'discord', roleId, identity.id, { status: 'member', userId: owner });
    // The roles again through tasks (idempotent): a join that found the user already in the server is covered too.
    await queueCommunityTasks(
      trx,
      roles.map((target) => ({
        platform: 'discord',
        action: 'grant_role',
        userId: owner,
        target,
        externalId: identity.id,
        reason: 'linked',
      })),
    );
    await auditCommunity(trx, 'discord.linked', owner, { externalId: identity.id, username: identity.username, roles });
  });
  return 'linked';
}

/** UNLINK DISCORD in the profile: the link goes and every role is removed (tasks, in the same transaction). */
export async function discordUnlinkHandler(ctx: Ctx): Promise<CommunityStatus> {
  const map = await loadCommunityMap(ctx.db);
  await transact(ctx.db, async (trx) => {
    const discordUserId = await deleteDiscordLink(trx, ctx.user.id);
    if (!discordUserId) return;
    // Every room's role, and any other the account is recorded with.
    const roles = new Set([...map.discord.keys(), ...(await listTargetsOfMember(trx, 'discord', discordUserId))]);
    await queueCommunityTasks(
      trx,
      [...roles].map((target) => ({
        platform: 'discord',
        action: 'remove_role',
        userId: ctx.user.id,
        target,
        externalId: discordUserId,
        reason: 'unlinked',
      })),
    );
    await auditCommunity(trx, 'discord.unlinked', ctx.user.id, { externalId: discordUserId });
  });
  return communityStatusHandler(ctx);
}

type TaskRow = Awaited<ReturnType<typeof listRecentTasks>>[number];

const toTask = (row: TaskRow, email: string | null, map: CommunityMap): CommunityTask => ({
  id: row.id,
  platform: row.platform as CommunityTask['platform'],
  action: row.action,
  userId: row.userId,
  email,
  externalId: row.externalId,
  target: row.target,
  room: targetLabel(map[row.platform as CommunityPlatform]?.get(row.target)) || null,
  reason: row.reason,
  status: row.status as CommunityTask['status'],
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  doneAt: row.doneAt ? row.doneAt.toISOString() : null,
});

async function withEmails(db: Ctx['db'], rows: TaskRow[]): Promise<CommunityTask[]> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const users = ids.length ? await listUserEmails(db, ids) : [];
  const email = new Map(users.map((u) => [u.id, u.email]));
  const map = await loadCommunityMap(db);
  return rows.map((r) => toTask(r, r.userId === null ? null : (email.get(r.userId) ?? null), map));
}

export async function communityOverviewHandler(ctx: Pick<Context, 'db' | 'ports'>): Promise<CommunityOverview> {
  const { telegram: tg, discord: dc } = ctx.ports.community ?? {};
  const map = await loadCommunityMap(ctx.db);
  const platform = async (p: CommunityPlatform, on: boolean) => {
    const members = await countMembersByTarget(ctx.db, p);
    const alerts = (await listAlerts(ctx.db, p)).map((a) => ({
      target: a.target,
      kind: a.kind,
      message: a.message,
      since: a.since.toISOString(),
    }));
    const targets = [];
    for (const [target, rooms] of map[p]) {
      const slugs = rooms.map((r) => r.slug);
      targets.push({
        target,
        ...served(rooms),
        members: members.get(target) ?? 0,
        entitled: await countHolders(ctx.db, slugs),
        linkedSubscribers: await countLinkedHolders(ctx.db, p, slugs),
        alerts: alerts.filter((a) => a.target === target),
      });
    }
    const allSlugs = [...map[p].values()].flatMap((rooms) => rooms.map((r) => r.slug));
    return {
      configured: on && map[p].size > 0,
      target: map.defaultTargets[p],
      members: targets.reduce((n, t) => n + t.members, 0),
      linkedSubscribers: map[p].size > 0 ? await countLinkedHolders(ctx.db, p, allSlugs) : 0,
      lastSync: await latestSync(ctx.db, p),
      alerts,
      targets,
    };
  };
  return {
    activeSubscribers: await countEntitled(ctx.db),
    telegram: await platform('telegram', tg !== undefined),
    discord: await platform('discord', dc !== undefined),
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
