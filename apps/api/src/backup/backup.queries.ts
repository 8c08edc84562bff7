import type { Db } from '@t0/db';
import { sql } from 'kysely';

// What a backup's manifest says of the database, and whether a restore's target is empty.

/** The newest migration applied (by name, which starts with its time), or null before any. */
export async function lastAppliedMigration(db: Db): Promise<string | null> {
  const exists = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
    where table_schema = current_schema() and table_name = 'kysely_migration'`.execute(db);
  if (!exists.rows[0]?.n) return null;
  const res = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return res.rows[0]?.name ?? null;
}

/** The signal event chain's last event with the number of events up to it, or null when there is none. */
export async function chainHead(db: Db): Promise<{ id: number; hash: string; count: number } | null> {
  const row = await db
    .selectFrom('signalEvents')
    .select(['id', 'hash', sql<string | number>`(select count(*) from signal_events)`.as('count')])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: Number(row.id), hash: row.hash, count: Number(row.count) } : null;
}

/**
 * The tables, views and sequences in the database outside PostgreSQL's own schemas and those an earlier
 * forced restore moved aside: 0 for an empty database.
 */
export async function userRelationCount(db: Db): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and n.nspname not like '%\\_before\\_restore\\_%'
      and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** The schemas but PostgreSQL's own and those an earlier forced restore moved aside: what `--force` moves aside. */
export async function userSchemas(db: Db): Promise<string[]> {
  const res = await sql<{ nspname: string }>`select nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
      and nspname not like '%\\_before\\_restore\\_%'
    order by nspname`.execute(db);
  return res.rows.map((r) => r.nspname);
}

/**
 * A forced restore's start: renames each of `schemas` to `<name>_before_restore_<suffix>` (nothing is
 * dropped) and makes an empty `public`, in one transaction. Answers the renames.
 */
export async function moveSchemasAside(
  db: Db,
  schemas: readonly string[],
  suffix: string,
): Promise<Array<{ from: string; to: string }>> {
  const moved = schemas.map((from) => ({ from, to: `${from}_before_restore_${suffix}`.slice(0, 63) }));
  await db.transaction().execute(async (trx) => {
    for (const m of moved) await sql`alter schema ${sql.id(m.from)} rename to ${sql.id(m.to)}`.execute(trx);
    await sql`create schema if not exists public`.execute(trx);
  });
  return moved;
}

/** Undoes `moveSchemasAside` after a restore that failed (and so wrote nothing): the schemas back under their names. */
export async function moveSchemasBack(db: Db, moved: ReadonlyArray<{ from: string; to: string }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const m of moved) {
      await sql`drop schema if exists ${sql.id(m.from)} cascade`.execute(trx);
      await sql`alter schema ${sql.id(m.to)} rename to ${sql.id(m.from)}`.execute(trx);
    }
  });
}

/** Exports the snapshot of `trx` (a repeatable-read transaction) for `pg_dump --snapshot`; answers its id. */
export async function exportSnapshot(trx: Db): Promise<string> {
  const res = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  return res.rows[0]!.id;
}

/** The newest scheduled backup's time, or null. */
export async function newestScheduledBackupAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('scheduledBackups')
    .select('createdAt')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.createdAt) : null;
}

export async function insertScheduledBackup(
  db: Db,
  row: { objectKey: string; bytes: number; chainEventCount: number; createdAt: string },
): Promise<void> {
  await db.insertInto('scheduledBackups').values(row).execute();
}

/** The scheduled backups beyond the newest `keep`, oldest first. */
export async function scheduledBackupsBeyond(db: Db, keep: number): Promise<Array<{ id: number; objectKey: string }>> {
  const rows = await db
    .selectFrom('scheduledBackups')
    .select(['id', 'objectKey'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(10_000)
    .execute();
  return rows.reverse().map((r) => ({ id: Number(r.id), objectKey: r.objectKey }));
}

export async function deleteScheduledBackup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('scheduledBackups').where('id', '=', id).execute();
}
