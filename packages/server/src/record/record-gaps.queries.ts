import type { Db, RecordGapRow } from '@t0/db';
import { restoreGapMessage, type RestoreGap } from '@t0/contracts/schemas/record/record';

export function toRestoreGap(row: RecordGapRow): RestoreGap {
  const g = {
    declaredAt: new Date(row.declaredAt).toISOString(),
    restoredHeadId: Number(row.restoredHeadId),
    restoredHeadHash: row.restoredHeadHash,
    restoredEventCount: Number(row.restoredEventCount),
    lostCheckpoint: {
      id: Number(row.lostCheckpointId),
      keyId: row.lostKeyId,
      headId: Number(row.lostHeadId),
      headHash: row.lostHeadHash,
      eventCount: Number(row.lostEventCount),
      createdAt: row.lostCreatedAt,
      signature: row.lostSignature,
    },
  };
  return { id: Number(row.id), ...g, keyId: row.keyId, signature: row.signature, message: restoreGapMessage(g) };
}

/** Every declared gap, oldest first. */
export async function allRestoreGaps(db: Db): Promise<RestoreGap[]> {
  const rows = await db.selectFrom('recordGaps').selectAll().orderBy('id').execute();
  return rows.map(toRestoreGap);
}

/** Stores a signed gap; answers it as stored. */
export async function insertRestoreGap(db: Db, gap: Omit<RestoreGap, 'id' | 'message'>): Promise<RestoreGap> {
  const c = gap.lostCheckpoint;
  const row = await db
    .insertInto('recordGaps')
    .values({
      declaredAt: gap.declaredAt,
      restoredHeadId: gap.restoredHeadId,
      restoredHeadHash: gap.restoredHeadHash,
      restoredEventCount: gap.restoredEventCount,
      lostCheckpointId: c.id,
      lostKeyId: c.keyId,
      lostHeadId: c.headId,
      lostHeadHash: c.headHash,
      lostEventCount: c.eventCount,
      lostCreatedAt: c.createdAt,
      lostSignature: c.signature,
      keyId: gap.keyId,
      signature: gap.signature,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRestoreGap(row);
}
