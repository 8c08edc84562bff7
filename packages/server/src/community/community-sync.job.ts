import {
  discordDifferences,
  entitledTo,
  isChatStaff,
  isInChat,
  type CommunityDifference,
} from '@t0/contracts/domain/community/community';
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
import { describeTarget, loadCommunityMap, viewerOf, type CommunityMap } from './targets';

export interface CommunitySyncReport {
  members: number;
  entitled: number;
  differences: CommunityDifference[];
  error: string | null;
}

const REASON = 'daily reconciliation';

/**
 * Telegram cannot list a chat's members: for each room's chat the sweep asks for each account it
 * knows of (recorded members of that chat, and every account that was ever given an invite link
 * to it) and compares with the rooms held now. A member holding none of the chat's rooms is
 * removed, a departure the bot missed is recorded. One report for all the chats, each difference
 * naming its chat.
 */
async function syncTelegram(deps: CommunityDeps, map: CommunityMap): Promise<CommunitySyncReport | null> {
  const tg = deps.community?.telegram;
  if (!tg || map.telegram.size === 0) return null;
  const { db } = deps;
  const differences: CommunityDifference[] = [];
  const tasks: NewCommunityTask[] = [];
  const errors: string[] = [];
  let members = 0;
  let entitledCount = 0;
  let limited = false;

  for (const [chatId, rooms] of map.telegram) {
    if (limited) break;
    const name = describeTarget(map, 'telegram', chatId);
    const problem = await tg
      .botProblem(chatId)
      .catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    if (problem) {
      await setAlert(db, 'telegram', chatId, NOT_ADMIN_ALERT, `${name}: ${problem}`);
      members += (await listMembers(db, 'telegram', chatId)).length;
      errors.push(`${name}: ${problem}`);
      continue;
    }
    await clearAlert(db, 'telegram', chatId, NOT_ADMIN_ALERT);

    const candidates = new Map<string, number | null>();
    for (const m of await listMembers(db, 'telegram', chatId)) candidates.set(m.externalId, m.userId);
    const invited = await usersWithInvites(db, chatId);
    if (invited.length > 0) {
      const chats = await listTelegramChatsOfUsers(db, invited);
      for (const c of chats)
        if (!candidates.has(c.chatId) || candidates.get(c.chatId) === null) candidates.set(c.chatId, c.userId);
    }
    const ids = [...new Set([...candidates.values()].filter((v): v is number => v !== null))];
    const users = ids.length ? await listAccessFlagsOfUsers(db, ids) : [];
    const access = new Map(users.map((u) => [u.id, entitledTo(viewerOf(u), rooms)]));
    entitledCount += [...access.values()].filter(Boolean).length;

    for (const [externalId, userId] of candidates) {
      let status: string;
      try {
        status = await tg.memberStatus(chatId, externalId);
      } catch (err) {
        // A 429 ends this sweep early (the next one picks up); anything else skips this member.
        errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        if (err instanceof CommunityError && err.opts.retryAfterMs !== undefined) {
          limited = true;
          break;
        }
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
          await recordMember(db, 'telegram', chatId, externalId, { status: 'member', userId });
        } else {
          tasks.push({
            platform: 'telegram',
            action: 'remove_member',
            userId,
            target: chatId,
            externalId,
            reason: REASON,
          });
          differences.push({
            target: chatId,
            externalId,
            userId,
            issue: 'member_without_access',
            action: 'removed',
          });
        }
      } else {
        const recorded = await findMemberStatus(db, 'telegram', chatId, externalId);
        if (recorded?.status === 'member') {
          await recordMember(db, 'telegram', chatId, externalId, { status: 'left', userId });
          differences.push({ target: chatId, externalId, userId, issue: 'left', action: 'recorded' });
        }
      }
    }
  }
  const report = { members, entitled: entitledCount, differences, error: errors.length ? errors.join('; ') : null };
  await transact(db, async (trx) => {
    await queueCommunityTasks(trx, await notYetQueued(trx, tasks));
    await insertSync(trx, 'telegram', report);
  });
  return report;
}

/**
 * Discord lists its members once; then for each room's role: holders without one of the role's
 * rooms lose it, linked members holding one of them gain it.
 */
async function syncDiscord(deps: CommunityDeps, map: CommunityMap): Promise<CommunitySyncReport | null> {
  const dc = deps.community?.discord;
  if (!dc || map.discord.size === 0) return null;
  const { db } = deps;
  const problems: string[] = [];
  for (const roleId of map.discord.keys()) {
    const problem = await dc
      .botProblem(roleId)
      .catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    const name = describeTarget(map, 'discord', roleId);
    if (problem) {
      await setAlert(db, 'discord', roleId, NOT_ADMIN_ALERT, `${name}: ${problem}`);
      problems.push(`${name}: ${problem}`);
    } else await clearAlert(db, 'discord', roleId, NOT_ADMIN_ALERT);
  }
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
  const inServer = new Set(list.map((m) => m.id));
  const links = await listDiscordLinksWithAccess(db);
  const byDiscord = new Map(links.map((l) => [l.discordUserId, l.userId]));
  const differences: CommunityDifference[] = [];
  const tasks: NewCommunityTask[] = [];
  const holdersOf = new Map<string, Set<string>>();
  let members = 0;
  let entitledCount = 0;
  for (const [roleId, rooms] of map.discord) {
    const holders = new Set(list.filter((m) => m.roles.includes(roleId)).map((m) => m.id));
    holdersOf.set(roleId, holders);
    const linked = links.map((l) => ({
      userId: l.userId,
      discordUserId: l.discordUserId,
      entitled: entitledTo(viewerOf(l), rooms),
    }));
    const found = discordDifferences(holders, inServer, linked).map((d) => ({ target: roleId, ...d }));
    differences.push(...found);
    for (const d of found)
      if (d.action !== 'none')
        tasks.push({
          platform: 'discord',
          action: d.action === 'removed' ? 'remove_role' : 'grant_role',
          userId: d.userId,
          target: roleId,
          externalId: d.externalId,
          reason: REASON,
        });
    const removed = found.filter((d) => d.action === 'removed').length;
    const granted = found.filter((d) => d.action === 'granted').length;
    members += holders.size - removed + granted;
    entitledCount += linked.filter((l) => l.entitled).length;
  }
  const report = {
    members,
    entitled: entitledCount,
    differences,
    error: problems.length ? problems.join('; ') : null,
  };
  await transact(db, async (trx) => {
    for (const [roleId, holders] of holdersOf)
      for (const id of holders)
        await recordMember(trx, 'discord', roleId, id, { status: 'member', userId: byDiscord.get(id) ?? null });
    await queueCommunityTasks(trx, await notYetQueued(trx, tasks));
    await insertSync(trx, 'discord', report);
  });
  return report;
}

/**
 * The daily reconciliation of members against the rooms held (and the console's SYNC NOW), every
 * room's chat and every room's role: repairs whatever a missed update or a stopped process left
 * behind, records the differences it found, then runs the tasks it queued.
 */
export async function syncCommunity(
  deps: CommunityDeps,
): Promise<{ telegram: CommunitySyncReport | null; discord: CommunitySyncReport | null }> {
  const map = await loadCommunityMap(deps.db);
  const telegram = await syncTelegram(deps, map);
  const discord = await syncDiscord(deps, map);
  // What is due now, in a few rounds (a task put back for later waits for the task runner).
  for (let round = 0; round < 5 && (await runCommunityTasks(deps)) > 0; round += 1);
  return { telegram, discord };
}
