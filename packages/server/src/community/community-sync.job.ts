import {
  discordDifferences,
  hasCommunityAccess,
  isChatStaff,
  isInChat,
  type CommunityDifference,
} from '@t0/contracts/domain/community';
import { CommunityError } from '../ports';
import {
  clearAlert,
  findMemberStatus,
  insertSync,
  listAccessFlagsOfUsers,
  listDiscordLinksWithAccess,
  listMembers,
  notYetQueued,
  queueCommunityTasks,
  recordMember,
  setAlert,
  usersWithInvites,
  type NewCommunityTask,
} from './community.queries';
import { listTelegramChatsOfUsers } from '../telegram/telegram.queries';
import { NOT_ADMIN_ALERT, runCommunityTasks, type CommunityDeps } from './community-tasks.job';
import { transact } from '../core/transaction';

export interface CommunitySyncReport {
  members: number;
  entitled: number;
  differences: CommunityDifference[];
  error: string | null;
}

const REASON = 'daily reconciliation';

/**
 * Telegram cannot list a chat's members: the sweep asks for each account it knows of (recorded
 * members, and every account that was ever given an invite link) and compares with access now.
 * A member without access is removed, a departure the bot missed is recorded.
 */
async function syncTelegram(deps: CommunityDeps): Promise<CommunitySyncReport | null> {
  const tg = deps.community?.telegram;
  if (!tg) return null;
  const { db } = deps;
  const problem = await tg.botProblem().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
  if (problem) {
    await setAlert(db, 'telegram', NOT_ADMIN_ALERT, problem);
    const report = {
      members: (await listMembers(db, 'telegram')).length,
      entitled: 0,
      differences: [],
      error: problem,
    };
    await insertSync(db, 'telegram', report);
    return report;
  }
  await clearAlert(db, 'telegram', NOT_ADMIN_ALERT);

  const candidates = new Map<string, number | null>();
  for (const m of await listMembers(db, 'telegram')) candidates.set(m.externalId, m.userId);
  const invited = await usersWithInvites(db);
  if (invited.length > 0) {
    const chats = await listTelegramChatsOfUsers(db, invited);
    for (const c of chats)
      if (!candidates.has(c.chatId) || candidates.get(c.chatId) === null) candidates.set(c.chatId, c.userId);
  }
  const ids = [...candidates.values()].filter((v): v is number => v !== null);
  const users = ids.length ? await listAccessFlagsOfUsers(db, ids) : [];
  const access = new Map(users.map((u) => [u.id, hasCommunityAccess(u)]));

  const differences: CommunityDifference[] = [];
  const tasks: NewCommunityTask[] = [];
  let members = 0;
  let error: string | null = null;
  for (const [externalId, userId] of candidates) {
    let status: string;
    try {
      status = await tg.memberStatus(externalId);
    } catch (err) {
      // A 429 ends this sweep early (the next one picks up); anything else skips this member.
      error = err instanceof Error ? err.message : String(err);
      if (err instanceof CommunityError && err.opts.retryAfterMs !== undefined) break;
      continue;
    }
    const entitled = userId !== null && access.get(userId) === true;
    if (isChatStaff(status)) {
      members += 1;
      continue;
    }
    if (isInChat(status)) {
      if (entitled) {
        members += 1;
        await recordMember(db, 'telegram', externalId, { status: 'member', userId });
      } else {
        tasks.push({ platform: 'telegram', action: 'remove_member', userId, externalId, reason: REASON });
        differences.push({ externalId, userId, issue: 'member_without_access', action: 'removed' });
      }
    } else {
      const recorded = await findMemberStatus(db, 'telegram', externalId);
      if (recorded?.status === 'member') {
        await recordMember(db, 'telegram', externalId, { status: 'left', userId });
        differences.push({ externalId, userId, issue: 'left', action: 'recorded' });
      }
    }
  }
  const entitled = [...access.values()].filter(Boolean).length;
  const report = { members, entitled, differences, error };
  await transact(db, async (trx) => {
    await queueCommunityTasks(trx, await notYetQueued(trx, tasks));
    await insertSync(trx, 'telegram', report);
  });
  return report;
}

/** Discord lists its members: role holders without access lose the role, entitled linked members without it gain it. */
async function syncDiscord(deps: CommunityDeps): Promise<CommunitySyncReport | null> {
  const dc = deps.community?.discord;
  if (!dc) return null;
  const { db } = deps;
  const problem = await dc.botProblem().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
  if (problem) await setAlert(db, 'discord', NOT_ADMIN_ALERT, problem);
  else await clearAlert(db, 'discord', NOT_ADMIN_ALERT);
  let list: Array<{ id: string; roles: string[] }>;
  try {
    list = await dc.listMembers();
  } catch (err) {
    const report = {
      members: 0,
      entitled: 0,
      differences: [],
      error: err instanceof Error ? err.message : String(err),
    };
    await insertSync(db, 'discord', report);
    return report;
  }
  const holders = new Set(list.filter((m) => m.roles.includes(dc.roleId)).map((m) => m.id));
  const inServer = new Set(list.map((m) => m.id));
  const linked = await listDiscordLinksWithAccess(db);
  const differences = discordDifferences(holders, inServer, linked);
  const tasks: NewCommunityTask[] = differences
    .filter((d) => d.action !== 'none')
    .map((d) => ({
      platform: 'discord',
      action: d.action === 'removed' ? 'remove_role' : 'grant_role',
      userId: d.userId,
      externalId: d.externalId,
      reason: REASON,
    }));
  const removed = differences.filter((d) => d.action === 'removed').length;
  const granted = differences.filter((d) => d.action === 'granted').length;
  const byDiscord = new Map(linked.map((l) => [l.discordUserId, l.userId]));
  const report = {
    members: holders.size - removed + granted,
    entitled: linked.filter((l) => l.entitled).length,
    differences,
    error: problem,
  };
  await transact(db, async (trx) => {
    for (const id of holders)
      await recordMember(trx, 'discord', id, { status: 'member', userId: byDiscord.get(id) ?? null });
    await queueCommunityTasks(trx, await notYetQueued(trx, tasks));
    await insertSync(trx, 'discord', report);
  });
  return report;
}

/**
 * The daily reconciliation of members against subscriptions (and the console's SYNC NOW): repairs
 * whatever a missed update or a stopped process left behind, records the differences it found,
 * then runs the tasks it queued.
 */
export async function syncCommunity(
  deps: CommunityDeps,
): Promise<{ telegram: CommunitySyncReport | null; discord: CommunitySyncReport | null }> {
  const telegram = await syncTelegram(deps);
  const discord = await syncDiscord(deps);
  // What is due now, in a few rounds (a task put back for later waits for the task runner).
  for (let round = 0; round < 5 && (await runCommunityTasks(deps)) > 0; round += 1);
  return { telegram, discord };
}
