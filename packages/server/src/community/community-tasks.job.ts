import type { CommunityTaskRow, Database } from '@t0/db';
import type { Kysely } from 'kysely';
import {
  communityRetryDelayMs,
  hasCommunityAccess,
  TELEGRAM_INVITE_TTL_MS,
  type CommunityPlatform,
} from '@t0/contracts/domain/community';
import type { Logger } from '../core/context';
import { CommunityError, type CommunityPorts } from '../ports';
import { appendAuditEntry } from '../audit/audit-log.queries';
import {
  clearAlert,
  claimDueTasks,
  findAccessFlags,
  findDiscordLinkTo,
  finishTask,
  insertInviteLink,
  markInviteRevoked,
  openInviteLinks,
  recordMember,
  retryTaskLater,
  setAlert,
} from './community.queries';
import { transact } from '../core/transaction';

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

/** The invite message the bot sends. */
export const inviteText = (url: string, expiresAt: Date) =>
  `Your personal invite to the T0 Terminal subscribers' chat (works once, until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC):\n${url}`;

export const NOT_ADMIN_ALERT = 'not_admin';

async function entitled(db: Kysely<Database>, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const u = await findAccessFlags(db, userId);
  return u ? hasCommunityAccess(u) : false;
}

type Outcome = { status: 'done' | 'skipped'; note?: string; after?: Record<string, unknown> };

/** Runs one task against its platform; what it changed in the database is written by the caller with its audit entry. */
async function perform(
  deps: CommunityDeps,
  task: CommunityTaskRow,
): Promise<{ outcome: Outcome; apply?: (db: Kysely<Database>) => Promise<void> }> {
  const { db } = deps;
  const tg = deps.community?.telegram;
  const dc = deps.community?.discord;
  const hasAccess = await entitled(db, task.userId);
  const id = task.externalId;
  switch (task.action) {
    case 'remove_member': {
      // Access came back before the task ran: nothing to remove.
      if (hasAccess) return { outcome: { status: 'skipped', note: 'access is back' } };
      await tg!.removeMember(id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'telegram', id, { status: 'removed', userId: task.userId }),
      };
    }
    case 'revoke_link': {
      await tg!.revokeInviteLink(id);
      return { outcome: { status: 'done' }, apply: (trx) => markInviteRevoked(trx, id) };
    }
    case 'send_invite': {
      if (!hasAccess || task.userId === null) return { outcome: { status: 'skipped', note: 'no access' } };
      const open = (await openInviteLinks(db, task.userId))[0];
      const expiresAt = open?.expiresAt ?? new Date(Date.now() + TELEGRAM_INVITE_TTL_MS);
      const url = open?.inviteLink ?? (await tg!.createInviteLink(`T0 user ${task.userId}`, expiresAt));
      if (!open) await insertInviteLink(db, task.userId, url, expiresAt);
      await tg!.message(id, inviteText(url, expiresAt));
      return { outcome: { status: 'done', after: { inviteLink: url, expiresAt: expiresAt.toISOString() } } };
    }
    case 'approve_join':
    case 'decline_join': {
      // Decided when it runs: only a linked account with access now is let in.
      if (hasAccess) {
        await tg!.approveJoinRequest(id);
        return { outcome: { status: 'done', after: { decision: 'approved' } } };
      }
      await tg!.declineJoinRequest(id);
      return { outcome: { status: 'done', after: { decision: 'declined' } } };
    }
    case 'grant_role': {
      if (!hasAccess) return { outcome: { status: 'skipped', note: 'no access' } };
      await dc!.grantRole(id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'discord', id, { status: 'member', userId: task.userId }),
      };
    }
    case 'remove_role': {
      // Still linked and entitled (access came back): the role stays. An unlinked account always loses it.
      const stillLinked = task.userId !== null && (await findDiscordLinkTo(db, task.userId, id));
      if (hasAccess && stillLinked) return { outcome: { status: 'skipped', note: 'access is back' } };
      await dc!.removeRole(id);
      return {
        outcome: { status: 'done' },
        apply: (trx) => recordMember(trx, 'discord', id, { status: 'removed', userId: task.userId }),
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
  for (const task of tasks) {
    const platform = task.platform as CommunityPlatform;
    const port = platform === 'telegram' ? deps.community?.telegram : deps.community?.discord;
    if (!port) {
      await finishTask(deps.db, task.id, 'skipped', `${platform} is not configured`);
      continue;
    }
    try {
      const { outcome, apply } = await perform(deps, task);
      await transact(deps.db, async (trx) => {
        await apply?.(trx);
        await finishTask(trx, task.id, outcome.status, outcome.note ?? null);
        if (outcome.status === 'done') {
          await auditCommunity(trx, `${platform}.${task.action}`, task.userId, {
            externalId: task.externalId,
            reason: task.reason,
            ...outcome.after,
          });
          await clearAlert(trx, platform, NOT_ADMIN_ALERT);
        }
      });
    } catch (err) {
      const e =
        err instanceof CommunityError ? err : new CommunityError(err instanceof Error ? err.message : String(err));
      if (e.opts.notAdmin) await setAlert(deps.db, platform, NOT_ADMIN_ALERT, e.message);
      if (e.opts.retryAfterMs !== undefined) {
        await retryTaskLater(deps.db, task.id, e.opts.retryAfterMs, e.message, false);
        continue;
      }
      const wait = e.opts.permanent && !e.opts.notAdmin ? null : communityRetryDelayMs(task.attempts + 1);
      if (wait === null) {
        await transact(deps.db, async (trx) => {
          await finishTask(trx, task.id, 'failed', e.message);
          await auditCommunity(trx, `${platform}.${task.action}.failed`, task.userId, {
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
