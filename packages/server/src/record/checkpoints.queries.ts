import type { Database, Db, RecordCheckpointRow } from '@t0/db';
import { sql, type Insertable } from 'kysely';
import {
  checkpointMessage,
  CHECKPOINT_PAGE_SIZE,
  type Checkpoint,
  type CheckpointPage,
} from '@t0/contracts/schemas/record/record';

export function toCheckpoint(row: RecordCheckpointRow): Checkpoint {
  const c = {
    id: Number(row.id),
    headId: Number(row.headId),
    headHash: row.headHash,
    eventCount: Number(row.eventCount),
    createdAt: new Date(row.createdAt).toISOString(),
    signature: row.signature,
    keyId: row.keyId,
  };
  return { ...c, message: checkpointMessage(c) };
}

/** Stores a signed checkpoint; answers it as stored. */
export async function insertCheckpoint(db: Db, values: Insertable<Database['recordCheckpoints']>): Promise<Checkpoint> {
  const row = await db.insertInto('recordCheckpoints').values(values).returningAll().executeTakeFirstOrThrow();
  return toCheckpoint(row);
}

/** One page of the stored checkpoints, newest first, with their total. */
export async function listCheckpoints(
  db: Db,
  input: { page?: number; pageSize?: number } = {},
): Promise<CheckpointPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? CHECKPOINT_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('recordCheckpoints')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('recordCheckpoints')
      .select(sql<string | number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { checkpoints: rows.map(toCheckpoint), total: Number(total.n), page, pageSize };
}

/** Every stored checkpoint, oldest first. */
export async function allCheckpoints(db: Db): Promise<Checkpoint[]> {
  const rows = await db.selectFrom('recordCheckpoints').selectAll().orderBy('id').execute();
  return rows.map(toCheckpoint);
}

/** The newest stored checkpoint, or null. */
export async function latestCheckpoint(db: Db): Promise<Checkpoint | null> {
  const row = await db.selectFrom('recordCheckpoints').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

/** The newest checkpoint signed since `since` (the day's checkpoint for the copies outside). */
export async function latestCheckpointSince(db: Db, since: Date): Promise<Checkpoint | null> {
  const row = await db
    .selectFrom('recordCheckpoints')
    .selectAll()
    .where('createdAt', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}
