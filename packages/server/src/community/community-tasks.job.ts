import type { CommunityTaskRow, Database } from '@t0/db';
import type { Kysely } from 'kysely';
import {
  communityRetryDelayMs,
  entitledTo,
  targetLabel,
  TELEGRAM_INVITE_TTL_MS,
  type CommunityPlatform,
} from '@t0/contracts/domain/community/community';
import type { Logger } from '../core/context';
import { CommunityError, type CommunityPorts } from '../ports';
import { appendAuditEntry } from '../audit/audit-log.queries';
import {
  clearAlert,
  claimDueTasks,
  findAccessFlags,
  findDiscordLinkTo,
  findMemberStatus,
  finishTask,
  insertInviteLink,
  markInviteRevoked,
  openInviteLinks,
  recordMember,
  retryTaskLater,
  setAlert,
} from './community.queries';
import { transact } from '../core/transaction';
import { describeTarget, loadCommunityMap, viewerOf, type CommunityMap } from './targets';

export interface CommunityDeps {
  db: Kysely<Database>;
  community: CommunityPorts | undefined;
  log: Logger;
}

/** A task is held this long by the process running it (longer than any call with its 429 waits). */
const LEASE_MS = 2 * 60 * 1000;

/** The audit log's actor for what the product does by itself. */
export const SYSTEM_ACTOR = { actorId: null, actorEmail: 'system', address: '' } as const;

/** One audit entry per community action, on the user it concerns. */
export function auditCommunity(
  db: Kysely<Database>,
  action: string,
  userId: number | null,
  after: Record<string, unknown>,
) {
  return appendAuditEntry(db, {
    ...SYSTEM_ACTOR,
    action: `community.${action}`,
    targetType: 'user',
    targetId: userId === null ? null : String(userId),
    before: null,
    after,
  });
}

/** The invite message the bot sends (`room`: the names of the rooms the chat serves). */
export const inviteText = (url: string, expiresAt: Date, room = '') =>
  `Your personal invite to the T0 Terminal subscribers' chat${room ? ` of ${room}` : ''} (works once, until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC):\n${url}`;

export const NOT_ADMIN_ALERT = 'not_admin';

/** Whether the account may be in this chat (hold this role) now: it holds one of the rooms it serves, or is an administrator. */
async function entitled(
  db: Kysely<Database>,
  map: CommunityMap,
  platform: CommunityPlatform,
  target: string,
  userId: number | null,
): Promise<boolean> {
  if (userId === null) return false;
  const u = await findAccessFlags(db, userId);
  return u ? entitledTo(viewerOf(u), map[platform].get(target)) : false;
}

type Outcome = { status: 'done' | 'skipped'; note?: string; after?: Record<string, unknown> };

/** Runs one task against its platform; what it changed in the database is written by the caller with its audit entry. */
async function perform(
  deps: CommunityDeps,
  map: CommunityMap,
  task: CommunityTaskRow,
): Promise<{ outcome: Outcome; apply?: (db: Kysely<Database>) => Promise<void> }> {
  const { db } = deps;
  const tg = deps.community?.telegram;
  const dc = deps.community?.discord;
  const platform = task.platform as CommunityPlatform;
  const target = task.target;
  // A task from before the settings' chat (role) was known names none: there is nothing to act on.
  if (target === '') return { outcome: { status: 'skipped', note: `no ${platform === 'telegram' ? 'chat' : 'role'}` } };
  const hasAccess = await entitled(db, map, platform, target, task.userId);
  const id = task.externalId;
  switch (task.action) {
    case 'remove_member': {
      // Access came back before the task ran, or a room still held has this chat: nothing to remove.
      if (hasAccess) return { outcome: { status: 'skipped', note: 'access is back' } };
      await tg!.removeMember(target, id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'telegram', target, id, { status: 'removed', userId: task.userId }),
      };
    }
    case 'revoke_link': {
      await tg!.revokeInviteLink(target, id);
      return { outcome: { status: 'done' }, apply: (trx) => markInviteRevoked(trx, id) };
    }
    case 'send_invite': {
      if (!hasAccess || task.userId === null) return { outcome: { status: 'skipped', note: 'no access' } };
      const userId = task.userId;
      // The linked chat's user is in the chat already (as recorded): no link needed.
      if ((await findMemberStatus(db, 'telegram', target, id))?.status === 'member')
        return { outcome: { status: 'skipped', note: 'already in the chat' } };
      const open = (await openInviteLinks(db, userId, target))[0];
      const expiresAt = open?.expiresAt ?? new Date(Date.now() + TELEGRAM_INVITE_TTL_MS);
      const url = open?.inviteLink ?? (await tg!.createInviteLink(target, `T0 user ${userId}`, expiresAt));
      if (!open) await insertInviteLink(db, { userId, chatId: target, inviteLink: url, expiresAt });
      await tg!.message(id, inviteText(url, expiresAt, targetLabel(map.telegram.get(target))));
      return { outcome: { status: 'done', after: { inviteLink: url, expiresAt: expiresAt.toISOString() } } };
    }
    case 'approve_join':
    case 'decline_join': {
      // Decided when it runs: only a linked account holding a room of this chat now is let in.
      if (hasAccess) {
        await tg!.approveJoinRequest(target, id);
        return { outcome: { status: 'done', after: { decision: 'approved' } } };
      }
      await tg!.declineJoinRequest(target, id);
      return { outcome: { status: 'done', after: { decision: 'declined' } } };
    }
    case 'grant_role': {
      if (!hasAccess) return { outcome: { status: 'skipped', note: 'no access' } };
      await dc!.grantRole(target, id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'discord', target, id, { status: 'member', userId: task.userId }),
      };
    }
    case 'remove_role': {
      // Still linked and entitled (access came back): the role stays. An unlinked account always loses it.
      const stillLinked = task.userId !== null && (await findDiscordLinkTo(db, task.userId, id));
      if (hasAccess && stillLinked) return { outcome: { status: 'skipped', note: 'access is back' } };
      await dc!.removeRole(target, id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'discord', target, id, { status: 'removed', userId: task.userId }),
      };
    }
    default:
      throw new CommunityError(`unknown action ${task.action}`, { permanent: true });
  }
}

/**
 * Runs the due community tasks, oldest first. A 429 waits for `retry_after` (the attempt is not
 * counted); a missing right of the bot raises the console's alert and is retried on the schedule
 * (fixed by the desk, the task then goes through); other failures are retried on the schedule, then
 * fail for good. Every outcome is written with its audit entry. Answers how many tasks ran.
 */
export async function runCommunityTasks(deps: CommunityDeps, limit = 20): Promise<number> {
  const tasks = await claimDueTasks(deps.db, limit, LEASE_MS);
  if (tasks.length === 0) return 0;
  const map = await loadCommunityMap(deps.db);
  for (const task of tasks) {
    const platform = task.platform as CommunityPlatform;
    const port = platform === 'telegram' ? deps.community?.telegram : deps.community?.discord;
    if (!port) {
      await finishTask(deps.db, task.id, 'skipped', `${platform} is not configured`);
      continue;
    }
    try {
      const { outcome, apply } = await perform(deps, map, task);
      await transact(deps.db, async (trx) => {
        await apply?.(trx);
        await finishTask(trx, task.id, outcome.status, outcome.note ?? null);
        if (outcome.status === 'done') {
          await auditCommunity(trx, `${platform}.${task.action}`, task.userId, {
            target: task.target,
            externalId: task.externalId,
            reason: task.reason,
            ...outcome.after,
          });
          await clearAlert(trx, platform, task.target, NOT_ADMIN_ALERT);
        }
      });
    } catch (err) {
      const e =
        err instanceof CommunityError ? err : new CommunityError(err instanceof Error ? err.message : String(err));
      if (e.opts.notAdmin)
        await setAlert(
          deps.db,
          platform,
          task.target,
          NOT_ADMIN_ALERT,
          `${describeTarget(map, platform, task.target)}: ${e.message}`,
        );
      if (e.opts.retryAfterMs !== undefined) {
        await retryTaskLater(deps.db, task.id, e.opts.retryAfterMs, e.message, false);
        continue;
      }
      const wait = e.opts.permanent && !e.opts.notAdmin ? null : communityRetryDelayMs(task.attempts + 1);
      if (wait === null) {
        await transact(deps.db, async (trx) => {
          await finishTask(trx, task.id, 'failed', e.message);
          await auditCommunity(trx, `${platform}.${task.action}.failed`, task.userId, {
            target: task.target,
            externalId: task.externalId,
            reason: task.reason,
            error: e.message.slice(0, 200),
          });
        });
        deps.log.warn({ taskId: task.id, action: task.action, err: e.message }, 'community task failed for good');
      } else {
        await retryTaskLater(deps.db, task.id, wait, e.message, true);
        deps.log.warn({ taskId: task.id, action: task.action, err: e.message }, 'community task failed; retried later');
      }
    }
  }
  return tasks.length;
}
