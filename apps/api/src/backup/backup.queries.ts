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

/** The tables, views and sequences in the database outside PostgreSQL's own schemas: 0 for an empty database. */
export async function userRelationCount(db: Db): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** The schemas outside PostgreSQL's own (what `--force` drops before a restore). */
export async function userSchemas(db: Db): Promise<string[]> {
  const res = await sql<{ nspname: string }>`select nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
    order by nspname`.execute(db);
  return res.rows.map((r) => r.nspname);
}

/** Drops `schemas` with everything in them and makes an empty `public` (a forced restore's start). */
export async function dropSchemas(db: Db, schemas: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const s of schemas) await sql`drop schema ${sql.id(s)} cascade`.execute(trx);
    await sql`create schema if not exists public`.execute(trx);
  });
}

/** Exports the snapshot of `trx` (a repeatable-read transaction) for `pg_dump --snapshot`; answers its id. */
export async function exportSnapshot(trx: Db): Promise<string> {
  const res = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  return res.rows[0]!.id;
}
