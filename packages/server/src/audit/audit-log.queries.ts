import type { AuditLogRow, Database, Db } from '@t0/db';
import { sql, type Kysely } from 'kysely';
import type { AuditEntry } from '@t0/contracts/schemas/audit/audit';

export interface NewAuditEntry {
  actorId: number | null;
  actorEmail: string;
  address: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Default 'done'. */
  outcome?: 'done' | 'refused';
  reason?: string | null;
}

/** Appends one entry (the table refuses updates and deletes). */
export async function appendAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      ...entry,
      actorEmail: entry.actorEmail.slice(0, 255),
      address: entry.address.slice(0, 45),
      action: entry.action.slice(0, 100),
      targetType: entry.targetType?.slice(0, 50) ?? null,
      targetId: entry.targetId?.slice(0, 100) ?? null,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      outcome: entry.outcome ?? 'done',
      reason: entry.reason?.slice(0, 200) ?? null,
    })
    .execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('auditLog');
  if (f.actor) q = q.where(sql`lower(actor_email)`, 'like', `%${likeEscape(f.actor.toLowerCase())}%`);
  if (f.action)
    q = f.action.endsWith('.')
      ? q.where('action', 'like', `${likeEscape(f.action)}%`)
      : q.where('action', '=', f.action);
  if (f.target) {
    const [type, ...rest] = f.target.split(':');
    q = q.where('targetType', '=', type!);
    if (rest.length) q = q.where('targetId', '=', rest.join(':'));
  }
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<=', f.to);
  return q;
}

const jsonOf = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>);

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    address: row.address,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: jsonOf(row.before),
    after: jsonOf(row.after),
    outcome: row.outcome,
    reason: row.reason,
  };
}

/** One page of entries, newest first, and how many match. */
export async function listAuditEntries(db: Db, f: AuditFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { entries: rows.map(toAuditEntry), total: Number(count?.n ?? 0) };
}

/**
 * The row of `table` matching every column of `where` (the record an administrator mutation acts
 * on, read before and after it), or undefined. The table and its key come from the audit target
 * map (audit/targets.ts), never from the caller.
 */
export async function readAuditTargetRow(
  db: Db,
  table: keyof Database,
  where: Record<string, string | number>,
): Promise<Record<string, unknown> | undefined> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q = (db as Kysely<any>).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(where)) q = q.where(column, '=', value);
  return (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
}
