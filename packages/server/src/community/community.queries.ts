import type { CommunityMemberRow, CommunityTaskRow, Db } from '@t0/db';
import { sql } from 'kysely';
import type {
  CommunityDefaults,
  CommunityDifference,
  CommunityPlatform,
  CommunityTaskAction,
} from '@t0/contracts/domain/community/community';

export interface NewCommunityTask {
  platform: CommunityPlatform;
  action: CommunityTaskAction;
  userId: number | null;
  /** The chat (Telegram) or role (Discord) the task acts on. */
  target: string;
  externalId: string;
  reason: string;
}

/** Queues tasks; call it with the transaction of the change that causes them. */
export async function queueCommunityTasks(db: Db, tasks: NewCommunityTask[]): Promise<void> {
  if (tasks.length === 0) return;
  await db
    .insertInto('communityTasks')
    .values(tasks.map((t) => ({ ...t, reason: t.reason.slice(0, 100) })))
    .execute();
}

/**
 * The tasks of `tasks` not already waiting to run (same platform, action, chat or role, and
 * account): the daily reconciliation repairs what was missed, and never doubles a removal an
 * access change queued.
 */
export async function notYetQueued(db: Db, tasks: NewCommunityTask[]): Promise<NewCommunityTask[]> {
  if (tasks.length === 0) return tasks;
  const pending = await db
    .selectFrom('communityTasks')
    .select(['platform', 'action', 'target', 'externalId'])
    .where('status', '=', 'pending')
    .where('externalId', 'in', [...new Set(tasks.map((t) => t.externalId))])
    .execute();
  const key = (t: { platform: string; action: string; target: string; externalId: string | null }) =>
    `${t.platform} ${t.action} ${t.target} ${t.externalId}`;
  const waiting = new Set(pending.map(key));
  return tasks.filter((t) => !waiting.has(key(t)));
}

/**
 * Takes up to `limit` due tasks, oldest first, and holds them for `leaseMs` (their `runAfter` moves
 * on): a process that stops mid-task leaves it due again after the lease, and two processes never
 * take the same task at once.
 */
export async function claimDueTasks(db: Db, limit: number, leaseMs: number): Promise<CommunityTaskRow[]> {
  return db
    .updateTable('communityTasks')
    .set({ runAfter: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('communityTasks')
        .select('id')
        .where('status', '=', 'pending')
        .where('runAfter', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.id - b.id));
}

export async function finishTask(
  db: Db,
  id: number,
  status: 'done' | 'failed' | 'skipped',
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('communityTasks')
    .set({ status, doneAt: sql<Date>`now()`, lastError: error?.slice(0, 500) ?? null })
    .where('id', '=', id)
    .execute();
}

export async function retryTaskLater(
  db: Db,
  id: number,
  waitMs: number,
  error: string,
  countAttempt: boolean,
): Promise<void> {
  await db
    .updateTable('communityTasks')
    .set((eb) => ({
      runAfter: sql<Date>`now() + ${`${Math.max(0, Math.round(waitMs))} milliseconds`}::interval`,
      lastError: error.slice(0, 500),
      attempts: countAttempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
    }))
    .where('id', '=', id)
    .execute();
}

export function listTasksOfUser(db: Db, userId: number, limit = 50) {
  return db
    .selectFrom('communityTasks')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Pending and failed tasks first, then the latest others. */
export async function listRecentTasks(db: Db, limit = 30) {
  const open = await db
    .selectFrom('communityTasks')
    .selectAll()
    .where('status', 'in', ['pending', 'failed'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const rest = await db
    .selectFrom('communityTasks')
    .selectAll()
    .where('status', 'not in', ['pending', 'failed'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return [...open, ...rest].slice(0, limit);
}

/** Records who is (or no longer is) in a chat (`target`) or holds a role. */
export async function recordMember(
  db: Db,
  platform: CommunityPlatform,
  target: string,
  externalId: string,
  facts: { userId?: number | null; status: 'member' | 'left' | 'removed'; inviteLink?: string | null },
): Promise<void> {
  const joined = facts.status === 'member' ? sql<Date>`now()` : null;
  await db
    .insertInto('communityMembers')
    .values({
      platform,
      target,
      externalId,
      userId: facts.userId ?? null,
      status: facts.status,
      inviteLink: facts.inviteLink ?? null,
      joinedAt: joined,
    })
    .onConflict((oc) =>
      oc.columns(['platform', 'target', 'externalId']).doUpdateSet((eb) => ({
        status: facts.status,
        updatedAt: sql<Date>`now()`,
        ...(facts.userId !== undefined && facts.userId !== null ? { userId: facts.userId } : {}),
        ...(facts.inviteLink ? { inviteLink: facts.inviteLink } : {}),
        // A rejoin starts a new stay; a departure keeps when the last one began.
        joinedAt:
          facts.status === 'member'
            ? sql<Date>`case when community_members.status = 'member' then community_members.joined_at else now() end`
            : eb.ref('communityMembers.joinedAt'),
      })),
    )
    .execute();
}

/** The members of a chat (or role holders) as recorded. */
export function listMembers(db: Db, platform: CommunityPlatform, target: string): Promise<CommunityMemberRow[]> {
  return db
    .selectFrom('communityMembers')
    .selectAll()
    .where('platform', '=', platform)
    .where('target', '=', target)
    .where('status', '=', 'member')
    .execute();
}

/** How many are in each chat (hold each role), as recorded: target → count. */
export async function countMembersByTarget(db: Db, platform: CommunityPlatform): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('communityMembers')
    .select(['target', (eb) => eb.fn.countAll<string>().as('n')])
    .where('platform', '=', platform)
    .where('status', '=', 'member')
    .groupBy('target')
    .execute();
  return new Map(rows.map((r) => [r.target, Number(r.n)]));
}

/** The recorded status of one account in a chat (or with a role); undefined when none is recorded. */
export function findMemberStatus(db: Db, platform: CommunityPlatform, target: string, externalId: string) {
  return db
    .selectFrom('communityMembers')
    .select('status')
    .where('platform', '=', platform)
    .where('target', '=', target)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/** The chats (roles) a user is recorded in, with the platform id they are in under. */
export function listMembershipsOfUser(db: Db, platform: CommunityPlatform, userId: number) {
  return db
    .selectFrom('communityMembers')
    .select(['target', 'externalId'])
    .where('platform', '=', platform)
    .where('userId', '=', userId)
    .where('status', '=', 'member')
    .execute();
}

/** The chats (roles) an account of the platform is recorded in, whoever it belongs to. */
export async function listTargetsOfMember(db: Db, platform: CommunityPlatform, externalId: string) {
  const rows = await db
    .selectFrom('communityMembers')
    .select('target')
    .where('platform', '=', platform)
    .where('externalId', '=', externalId)
    .where('status', '=', 'member')
    .execute();
  return rows.map((r) => r.target);
}

// Telegram invite links

export async function insertInviteLink(
  db: Db,
  link: { userId: number; chatId: string; inviteLink: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('telegramInviteLinks').values(link).execute();
}

/** The user's links (to one chat, or to any) neither used, revoked nor expired, newest first. */
export function openInviteLinks(db: Db, userId: number, chatId?: string) {
  let q = db
    .selectFrom('telegramInviteLinks')
    .selectAll()
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`);
  if (chatId !== undefined) q = q.where('chatId', '=', chatId);
  return q.orderBy('id', 'desc').execute();
}

/** A join through this link: it is spent; answers the account it was made for and the chat it is for. */
export async function useInviteLink(
  db: Db,
  inviteLink: string,
): Promise<{ userId: number; chatId: string } | undefined> {
  return db
    .updateTable('telegramInviteLinks')
    .set({ usedAt: sql<Date>`coalesce(used_at, now())` })
    .where('inviteLink', '=', inviteLink)
    .returning(['userId', 'chatId'])
    .executeTakeFirst();
}

export async function markInviteRevoked(db: Db, inviteLink: string): Promise<void> {
  await db
    .updateTable('telegramInviteLinks')
    .set({ revokedAt: sql<Date>`now()` })
    .where('inviteLink', '=', inviteLink)
    .execute();
}

/** Accounts that were ever given an invite link to a chat (the sweep checks whether they are in it). */
export async function usersWithInvites(db: Db, chatId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('telegramInviteLinks')
    .select('userId')
    .distinct()
    .where('chatId', '=', chatId)
    .execute();
  return rows.map((r) => r.userId);
}

// Discord links and OAuth states

export function findDiscordLink(db: Db, userId: number) {
  return db.selectFrom('discordLinks').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The user's link to this Discord account, when the user is (still) linked to it. */
export function findDiscordLinkTo(db: Db, userId: number, discordUserId: string) {
  return db
    .selectFrom('discordLinks')
    .select('userId')
    .where('userId', '=', userId)
    .where('discordUserId', '=', discordUserId)
    .executeTakeFirst();
}

/** Links the Discord account to the user; the Discord account leaves any other account it was linked to. */
export async function upsertDiscordLink(
  db: Db,
  userId: number,
  discordUserId: string,
  username: string,
): Promise<void> {
  await db
    .deleteFrom('discordLinks')
    .where('discordUserId', '=', discordUserId)
    .where('userId', '<>', userId)
    .execute();
  await db
    .insertInto('discordLinks')
    .values({ userId, discordUserId, username: username.slice(0, 100) })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ discordUserId, username: username.slice(0, 100), linkedAt: sql<Date>`now()` }),
    )
    .execute();
}

export async function deleteDiscordLink(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .deleteFrom('discordLinks')
    .where('userId', '=', userId)
    .returning('discordUserId')
    .executeTakeFirst();
  return row?.discordUserId ?? null;
}

export async function insertOauthState(db: Db, userId: number, stateHash: string, expiresAt: Date): Promise<void> {
  await db
    .deleteFrom('discordOauthStates')
    .where('expiresAt', '<', sql<Date>`now()`)
    .execute();
  await db.insertInto('discordOauthStates').values({ stateHash, userId, expiresAt }).execute();
}

/** Spends a state: answers the account that started it, or null when unknown, spent or expired. */
export async function consumeOauthState(db: Db, stateHash: string): Promise<number | null> {
  const row = await db
    .deleteFrom('discordOauthStates')
    .where('stateHash', '=', stateHash)
    .returning(['userId', 'expiresAt'])
    .executeTakeFirst();
  return row && row.expiresAt.getTime() > Date.now() ? row.userId : null;
}

/** Linked Discord accounts with what their owner holds (the rooms, the administrator flag). */
export function listDiscordLinksWithAccess(db: Db) {
  return db
    .selectFrom('discordLinks as d')
    .innerJoin('users as u', 'u.id', 'd.userId')
    .select(['d.userId', 'd.discordUserId', 'u.hasActiveSubscription', 'u.isAdmin', 'u.accessRooms'])
    .execute();
}

// Reconciliations and alerts

export async function insertSync(
  db: Db,
  platform: CommunityPlatform,
  s: { members: number; entitled: number; differences: CommunityDifference[]; error: string | null },
) {
  await db
    .insertInto('communitySyncs')
    .values({
      platform,
      members: s.members,
      entitled: s.entitled,
      differences: JSON.stringify(s.differences),
      error: s.error?.slice(0, 500) ?? null,
    })
    .execute();
}

export async function latestSync(db: Db, platform: CommunityPlatform) {
  const row = await db
    .selectFrom('communitySyncs')
    .selectAll()
    .where('platform', '=', platform)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const differences = (
    typeof row.differences === 'string' ? JSON.parse(row.differences) : row.differences
  ) as CommunityDifference[];
  return { at: row.at.toISOString(), members: row.members, entitled: row.entitled, differences, error: row.error };
}

/** An alert about one chat or role (`target`). */
export async function setAlert(
  db: Db,
  platform: CommunityPlatform,
  target: string,
  kind: string,
  message: string,
): Promise<void> {
  await db
    .insertInto('communityAlerts')
    .values({ platform, target, kind, message: message.slice(0, 500) })
    .onConflict((oc) => oc.columns(['platform', 'target', 'kind']).doUpdateSet({ message: message.slice(0, 500) }))
    .execute();
}

export async function clearAlert(db: Db, platform: CommunityPlatform, target: string, kind: string): Promise<void> {
  await db
    .deleteFrom('communityAlerts')
    .where('platform', '=', platform)
    .where('target', '=', target)
    .where('kind', '=', kind)
    .execute();
}

export function listAlerts(db: Db, platform: CommunityPlatform) {
  return db.selectFrom('communityAlerts').selectAll().where('platform', '=', platform).orderBy('since').execute();
}

// Access as the community sees it: the rooms the account holds (`access_rooms`) and its own
// administrator flag (an address only in ADMIN_EMAILS is not enough, or the bot would remove it).

/** A user's rooms and flags (undefined when there is no such user). */
export function findAccessFlags(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'hasActiveSubscription', 'isAdmin', 'accessRooms'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** These users' rooms and flags (`userIds` must not be empty). */
export function listAccessFlagsOfUsers(db: Db, userIds: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'hasActiveSubscription', 'isAdmin', 'accessRooms'])
    .where('id', 'in', userIds)
    .execute();
}

/** Holds one of these rooms now (the fold's end, when it has one, still ahead), or is an administrator. */
const holdsAnyOf = (slugs: readonly string[]) =>
  sql<boolean>`(u.is_admin or exists (
    select 1 from jsonb_each_text(u.access_rooms) held
     where held.key in (${sql.join(slugs.length ? [...slugs] : [''])})
       and (held.value is null or held.value::timestamptz > now())))`;

/** Active subscribers and administrators: who may be in some part of the community. */
export async function countEntitled(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('hasActiveSubscription', '=', true), eb('isAdmin', '=', true)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Users holding one of these rooms now, and administrators: who may be in a chat serving them. */
export async function countHolders(db: Db, slugs: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(holdsAnyOf(slugs))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Of those, the accounts linked on a platform (Telegram: a linked chat; Discord: a linked account). */
export async function countLinkedHolders(
  db: Db,
  platform: CommunityPlatform,
  slugs: readonly string[],
): Promise<number> {
  const linked =
    platform === 'telegram'
      ? db.selectFrom('telegramLinks as l').innerJoin('users as u', 'u.id', 'l.userId')
      : db.selectFrom('discordLinks as l').innerJoin('users as u', 'u.id', 'l.userId');
  const row = await linked
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(holdsAnyOf(slugs))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// The install-wide chat and role (the settings), as the running product has them

/** The settings' chat and role, as written at start-up (none before the first start). */
export async function findCommunityDefaults(db: Db): Promise<CommunityDefaults> {
  const row = await db
    .selectFrom('communitySettings')
    .select(['telegramChatId', 'discordRoleId'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return { telegramChatId: row?.telegramChatId ?? null, discordRoleId: row?.discordRoleId ?? null };
}

/**
 * Writes the settings' chat and role (at start-up), and gives the records from before rooms had
 * their own (no target) the settings' chat or role, which they were about.
 */
export async function saveCommunityDefaults(db: Db, defaults: CommunityDefaults): Promise<void> {
  await db
    .insertInto('communitySettings')
    .values({ id: 1, ...defaults })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...defaults, updatedAt: sql<Date>`now()` }))
    .execute();
  for (const [platform, target] of [
    ['telegram', defaults.telegramChatId],
    ['discord', defaults.discordRoleId],
  ] as const) {
    if (!target) continue;
    // A record the chat (role) already has under its id wins over the one from before.
    await db
      .updateTable('communityMembers as m')
      .set({ target })
      .where('m.platform', '=', platform)
      .where('m.target', '=', '')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('communityMembers as o')
              .select('o.externalId')
              .where('o.platform', '=', platform)
              .where('o.target', '=', target)
              .whereRef('o.externalId', '=', 'm.externalId'),
          ),
        ),
      )
      .execute();
    await db.deleteFrom('communityMembers').where('platform', '=', platform).where('target', '=', '').execute();
    await db
      .updateTable('communityAlerts as a')
      .set({ target })
      .where('a.platform', '=', platform)
      .where('a.target', '=', '')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('communityAlerts as o')
              .select('o.kind')
              .where('o.platform', '=', platform)
              .where('o.target', '=', target)
              .whereRef('o.kind', '=', 'a.kind'),
          ),
        ),
      )
      .execute();
    await db.deleteFrom('communityAlerts').where('platform', '=', platform).where('target', '=', '').execute();
    await db
      .updateTable('communityTasks')
      .set({ target })
      .where('platform', '=', platform)
      .where('target', '=', '')
      .execute();
    if (platform === 'telegram')
      await db.updateTable('telegramInviteLinks').set({ chatId: target }).where('chatId', '=', '').execute();
  }
}
