import { createHash } from 'node:crypto';
import type { Database, SignalEventRow } from '@t0/db';
import canonicalize from 'canonicalize';
import { sql, type Kysely } from 'kysely';
import { roundTo } from '../../domain/signal-levels';
import type { SignalEventFacts, SignalEventType } from '../../domain/signal-outcome';
import type { ChainVerification, SignalEvent } from '../../schemas/signal-events';

type Db = Kysely<Database>;

// The append-only, hash-chained log of every signal's life. One chain across all signals, in id
// order: each event's hash is SHA-256 over the previous event's hash and the event's own canonical
// content (RFC 8785 JSON of signalId, type, price, at, actor and data). Appends are serialised by a
// transaction-scoped advisory lock, so ids and the chain agree whatever the number of processes.

/** The hash before the first event. */
export const GENESIS_HASH = '0'.repeat(64);
/** Serialises appends to the chain (held until the appending transaction ends). */
const CHAIN_LOCK = 730_013;

export interface NewSignalEvent {
  type: SignalEventType;
  price?: number | null;
  /** Defaults to now; the demo seed writes past times. */
  at?: Date;
  /** `system`, `admin:<id>` or `seed`. */
  actor: string;
  data?: Record<string, unknown>;
}

export interface HashedContent {
  signalId: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: unknown;
}

/** SHA-256 (hex) over the previous hash and the canonical JSON of the event's content. */
export function signalEventHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(canonicalize(content) ?? '')
    .digest('hex');
}

const num = (v: string | number | null) => (v === null ? null : Number(v));
const dataOf = (row: SignalEventRow): Record<string, unknown> =>
  (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as Record<string, unknown>;

export function toSignalEvent(row: SignalEventRow): SignalEvent {
  return {
    id: Number(row.id),
    signalId: row.signalId,
    type: row.type as SignalEvent['type'],
    price: num(row.price),
    at: row.at.toISOString(),
    actor: row.actor,
    data: dataOf(row),
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export const toEventFacts = (e: SignalEvent): SignalEventFacts => ({
  signalId: e.signalId,
  type: e.type,
  price: e.price,
  at: e.at,
  data: e.data,
});

/**
 * Appends events of one signal to the chain. Call it inside the transaction that makes the change
 * (it takes the chain's lock until that transaction ends). Answers the stored events.
 */
export async function appendSignalEvents(trx: Db, signalId: number, events: readonly NewSignalEvent[]): Promise<SignalEvent[]> {
  if (events.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${sql.lit(CHAIN_LOCK)})`.execute(trx);
  const head = await trx.selectFrom('signalEvents').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  let prevHash = head?.hash ?? GENESIS_HASH;
  const stored: SignalEvent[] = [];
  for (const e of events) {
    const at = e.at ?? new Date();
    const content: HashedContent = {
      signalId,
      type: e.type,
      price: e.price === null || e.price === undefined ? null : roundTo(e.price, 5),
      at: at.toISOString(),
      actor: e.actor,
      data: JSON.parse(JSON.stringify(e.data ?? {})),
    };
    const hash = signalEventHash(prevHash, content);
    const row = await trx
      .insertInto('signalEvents')
      .values({
        signalId,
        type: content.type,
        price: content.price,
        at,
        actor: content.actor,
        data: JSON.stringify(content.data),
        prevHash,
        hash,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    stored.push(toSignalEvent(row));
    prevHash = hash;
  }
  return stored;
}

/** One signal's timeline, oldest first. */
export async function listSignalEvents(db: Db, signalId: number): Promise<SignalEvent[]> {
  const rows = await db.selectFrom('signalEvents').selectAll().where('signalId', '=', signalId).orderBy('id').execute();
  return rows.map(toSignalEvent);
}

/** Every event, oldest first (the record and the chain check read them all). */
export async function listAllSignalEvents(db: Db): Promise<SignalEvent[]> {
  const rows = await db.selectFrom('signalEvents').selectAll().orderBy('id').execute();
  return rows.map(toSignalEvent);
}

/** The newest event's id, or 0: what a cached record is keyed on. */
export async function signalEventHead(db: Db): Promise<number> {
  const row = await db.selectFrom('signalEvents').select(sql<string | number | null>`max(id)`.as('id')).executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * Recomputes the chain in id order: each event must link to the hash before it and its hash must
 * match its content. Answers the first event that does not (a row changed, or one removed before it).
 */
export function verifyChain(events: readonly SignalEvent[], now = new Date()): ChainVerification {
  let prev = GENESIS_HASH;
  for (const e of events) {
    const problem =
      e.prevHash !== prev
        ? 'link'
        : signalEventHash(prev, { signalId: e.signalId, type: e.type, price: e.price, at: e.at, actor: e.actor, data: e.data }) !== e.hash
          ? 'hash'
          : null;
    if (problem) {
      return {
        ok: false,
        events: events.length,
        headHash: events.at(-1)?.hash ?? null,
        headId: events.at(-1)?.id ?? null,
        firstBroken: { id: e.id, signalId: e.signalId, type: e.type, problem },
        checkedAt: now.toISOString(),
      };
    }
    prev = e.hash;
  }
  const head = events.at(-1);
  return { ok: true, events: events.length, headHash: head?.hash ?? null, headId: head?.id ?? null, firstBroken: null, checkedAt: now.toISOString() };
}

/** Whether a signal has a lifecycle event by anyone but the administrator (the watcher moved it). */
export async function hasSystemEvents(db: Db, signalId: number): Promise<boolean> {
  const row = await db
    .selectFrom('signalEvents')
    .select('id')
    .where('signalId', '=', signalId)
    .where('actor', '=', 'system')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
