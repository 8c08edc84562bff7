import type { Db, RecordCheckpointRow } from '@t0/db';
import { sql } from 'kysely';
import {
  checkpointMessage,
  CHECKPOINT_MESSAGE_VERSION,
  CHECKPOINT_PAGE_SIZE,
  type Checkpoint,
  type CheckpointContradiction,
  type CheckpointPage,
  type RecordKey,
} from '@t0/contracts/schemas/record';
import type { SignalEvent } from '@t0/contracts/schemas/signal-events';
import type { RecordEvent } from '@t0/contracts/schemas/record-events';
import { seesSignalLevels, type SignalViewer } from '@t0/contracts/domain/signal-access';
import { listAllSignalEvents, lockChain } from '../signals/signal-events.queries';
import { transact } from '../core/transaction';
import { unavailable } from '../core/errors';
import type { RecordSigner } from './signer';

// Signed checkpoints of the signal event chain: (head id, head hash, event count, time), signed
// with the record's Ed25519 key every hour and at every signal's close. Published outside the
// database (the feed, the digest, the desk's channels), they make a cut or recomputed chain visible.

export const MESSAGE_FORMAT = `${CHECKPOINT_MESSAGE_VERSION}\\n<headId>\\n<headHash>\\n<eventCount>\\n<createdAt ISO 8601 UTC with milliseconds>, UTF-8, no trailing newline; Ed25519 signature base64`;

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

/**
 * Signs and stores a checkpoint of the chain's head, under the chain's lock: inside a transaction
 * that appended events the head includes them; on its own (the hourly job) it waits for an append
 * in flight, so a checkpoint never signs a head older than one signed before it. Nothing when the
 * chain is empty.
 */
export async function writeCheckpoint(db: Db, signer: RecordSigner, now = new Date()): Promise<Checkpoint | null> {
  return transact(db, async (trx) => {
    await lockChain(trx);
    const head = await trx
      .selectFrom('signalEvents')
      .select(['id', 'hash', sql<string | number>`(select count(*) from signal_events)`.as('count')])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!head) return null;
    const fields = {
      headId: Number(head.id),
      headHash: head.hash,
      eventCount: Number(head.count),
      createdAt: now.toISOString(),
    };
    const row = await trx
      .insertInto('recordCheckpoints')
      .values({ ...fields, createdAt: now, signature: signer.sign(checkpointMessage(fields)), keyId: signer.keyId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCheckpoint(row);
  });
}

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

/**
 * The oldest checkpoint the events (id order) contradict: its head event missing, another hash, or a
 * different count of events up to it; with `signer`, a checkpoint of its key whose signature fails.
 */
export function contradictedCheckpoint(
  events: readonly SignalEvent[],
  checkpoints: readonly Checkpoint[],
  signer?: RecordSigner,
): CheckpointContradiction | null {
  const position = new Map<number, number>();
  events.forEach((e, i) => position.set(e.id, i));
  for (const c of checkpoints) {
    const at = position.get(c.headId);
    const problem =
      signer && c.keyId === signer.keyId && !signer.verify(checkpointMessage(c), c.signature)
        ? 'signature'
        : at === undefined
          ? 'missing'
          : events[at]!.hash !== c.headHash
            ? 'hash'
            : at + 1 !== c.eventCount
              ? 'count'
              : null;
    if (problem)
      return {
        checkpointId: c.id,
        headId: c.headId,
        headHash: c.headHash,
        eventCount: c.eventCount,
        createdAt: c.createdAt,
        problem,
      };
  }
  return null;
}

export function recordKey(signer: RecordSigner | undefined): RecordKey {
  if (!signer) throw unavailable('The record has no signing key');
  return {
    algorithm: 'Ed25519',
    keyId: signer.keyId,
    publicKeyPem: signer.publicKeyPem,
    publicKeyBase64: signer.publicKeyBase64,
    messageFormat: MESSAGE_FORMAT,
  };
}

/**
 * A chain check answered with the stored checkpoints too: not ok when the chain contradicts one,
 * and that checkpoint named in `contradicts`.
 */
export async function withCheckpoints<V extends { ok: boolean }>(
  db: Db,
  events: readonly SignalEvent[],
  verification: V,
  signer?: RecordSigner,
): Promise<V & { contradicts: CheckpointContradiction | null; checkpoints: number }> {
  const checkpoints = await allCheckpoints(db);
  const contradicts = contradictedCheckpoint(events, checkpoints, signer);
  return { ...verification, ok: verification.ok && contradicts === null, contradicts, checkpoints: checkpoints.length };
}

/**
 * The whole chain as this viewer may read it: an open signal's events without price and details to
 * a caller who may not see its levels (as `GET /api/signals/{id}/events` answers them).
 */
export async function recordEvents(db: Db, viewer: SignalViewer | null): Promise<RecordEvent[]> {
  const [events, rows] = await Promise.all([
    listAllSignalEvents(db),
    db.selectFrom('signals').select(['id', 'status']).execute(),
  ]);
  const status = new Map(rows.map((r) => [r.id, r.status]));
  // As `GET /api/signals/{id}/events` answers (signal-actions.handler.ts): a withheld event has no
  // price, data or salt; its hash is shown when it is salted (it reveals nothing without the salt)
  // and null when it is not (an unsalted event's only unknown is its price). The link after such
  // a hidden hash is null too.
  let hiddenBefore = false;
  return events.map((e): RecordEvent => {
    const prevHash = hiddenBefore ? null : e.prevHash;
    if (seesSignalLevels(viewer, status.get(e.signalId) ?? 'deleted')) {
      hiddenBefore = false;
      return { ...e, prevHash, withheld: false };
    }
    hiddenBefore = e.salt === null;
    return { ...e, price: null, data: {}, salt: null, hash: e.salt === null ? null : e.hash, prevHash, withheld: true };
  });
}
