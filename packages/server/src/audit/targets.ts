import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { auditSnapshotOfUser } from '../admin-users/admin-users.queries';
import { analystAuditSnapshot } from '../analysts/analysts.queries';
import { readAuditTargetRow } from './audit-log.queries';
import { planAuditSnapshot } from '../plans/plan-admin.queries';
import { whopPlanAuditSnapshot } from '../plans/whop-plans.queries';
import { roomAuditSnapshot } from '../rooms/room-admin.queries';

/**
 * What an administrator mutation acts on, from its procedure path and raw input: the kind of
 * record (the audit log's `targetType`), its key, and the table to read it from before and after.
 */
export interface AuditTarget {
  type: string;
  id: string | null;
  table?: keyof Database;
  where?: Record<string, string | number>;
  /** A record made of several tables (a user in the console): read by this instead of `table`. */
  read?: (db: Kysely<Database>) => Promise<Record<string, unknown> | undefined>;
}

/** Router (first part of the procedure path) → the table its mutations change. */
const tables: Record<string, { type: string; table: keyof Database }> = {
  signals: { type: 'signal', table: 'signals' },
  notifications: { type: 'notification', table: 'notifications' },
  blog: { type: 'post', table: 'blogPosts' },
  resources: { type: 'resource', table: 'resources' },
  chartNotes: { type: 'chart-note', table: 'chartNotes' },
  chartMemos: { type: 'memo', table: 'chartMemos' },
  instruments: { type: 'instrument', table: 'instruments' },
  alertSources: { type: 'alert-source', table: 'alertSources' },
  signalDrafts: { type: 'signal-draft', table: 'signalDrafts' },
  adminPromotions: { type: 'promotion-code', table: 'promotionCodes' },
  blacklist: { type: 'blacklist-entry', table: 'blacklistedEmails' },
};

const field = (input: unknown, key: string): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;

const asId = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,12}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function auditTargetOf(path: string, input: unknown): AuditTarget {
  const [area = path] = path.split('.');
  const known = tables[area];
  const id = asId(field(input, 'id'));
  const userId = asId(field(input, 'userId'));
  if (known) {
    if (id !== null) return { type: known.type, id: String(id), table: known.table, where: { id } };
    const instrument = asText(field(input, 'instrument'))?.toUpperCase();
    const timeframe = asText(field(input, 'timeframe'));
    if (area === 'chartMemos' && instrument)
      return { type: known.type, id: instrument, table: known.table, where: { instrument } };
    if (area === 'chartNotes' && instrument && timeframe) {
      return {
        type: known.type,
        id: `${instrument}/${timeframe}`,
        table: known.table,
        where: { instrument, timeframe },
      };
    }
    return { type: known.type, id: null, table: known.table };
  }
  // A room or a plan, by its slug or key (fixed once created), with its instruments or rooms.
  const slug = asText(field(input, 'slug'));
  if (area === 'rooms' && slug)
    return { type: 'room', id: slug, where: { slug }, read: (db) => roomAuditSnapshot(db, slug) };
  const whopPlanId = asText(field(input, 'whopPlanId'));
  if (area === 'plans' && whopPlanId)
    return {
      type: 'whop-plan',
      id: whopPlanId,
      where: { whopPlanId },
      read: (db) => whopPlanAuditSnapshot(db, whopPlanId),
    };
  const key = asText(field(input, 'key'));
  if (area === 'plans' && key)
    return { type: 'plan', id: key, where: { key }, read: (db) => planAuditSnapshot(db, key) };
  if (area === 'analysts' && userId !== null) {
    return {
      type: 'analyst',
      id: String(userId),
      where: { userId },
      read: (db) => analystAuditSnapshot(db, userId),
    };
  }
  // Blacklisting an account: the entry keeps its input (the reason), which the account's fields would not show.
  if (path === 'adminUsers.blacklist' && userId !== null) return { type: 'user', id: String(userId) };
  if (area === 'adminUsers' && userId !== null) {
    return { type: 'user', id: String(userId), where: { id: userId }, read: (db) => auditSnapshotOfUser(db, userId) };
  }
  if (userId !== null) return { type: 'user', id: String(userId), table: 'users', where: { id: userId } };
  return { type: area, id: id !== null ? String(id) : null };
}

/** The record as stored now (undefined when there is none). */
export async function readTarget(
  db: Kysely<Database>,
  target: AuditTarget,
): Promise<Record<string, unknown> | undefined> {
  if (target.read) return target.read(db);
  if (!target.table || !target.where) return undefined;
  // The table and its key come from the fixed map above, never from the caller.
  return readAuditTargetRow(db, target.table, target.where);
}
