import { createHash, randomBytes } from 'node:crypto';
import type { Db, SignalEventRow } from '@t0/db';
import { sql } from 'kysely';
import { GENESIS_HASH, signalEventPreimage, type HashedContent } from '@t0/contracts/domain/signals/signal-chain';
import { roundTo } from '@t0/contracts/domain/signals/signal-levels';
import type { SignalEventFacts, SignalEventType } from '@t0/contracts/domain/signals/signal-outcome';
import type {
  ChainVerification,
  SignalEvent,
  SignalEventContext,
  StoredSignalEvent,
} from '@t0/contracts/schemas/signals/signal-events';

// The append-only, hash-chained log of every signal's life. One chain across all signals, in id
// order: each event's hash is SHA-256 over the previous event's hash and the event's own canonical
// content (RFC 8785 JSON of signalId, type, price, at, actor, data, a random 128-bit salt and, on a
// created event, its context; see domain/signals/signal-chain.ts for the formula and its earlier versions). Appends are serialised by a
// transaction-scoped advisory lock, so ids and the chain agree whatever the number of processes.
// The salt stays on the server: a timeline shows it only to a viewer who may read the event.

export { GENESIS_HASH, type HashedContent, type SignalEventContext };
/** Serialises appends to the chain (held until the appending transaction ends). */
const CHAIN_LOCK = 730_013;

/**
 * Takes the chain's lock until `trx` ends: appends wait for it, and a checkpoint taken under it
 * signs a head no append can pass while it is written (held again by the same transaction is a no-op).
 */
export async function lockChain(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(CHAIN_LOCK)})`.execute(trx);
}

export interface NewSignalEvent {
  type: SignalEventType;
  price?: number | null;
  /** Defaults to now; the demo seed writes past times. */
  at?: Date;
  /** `system`, `admin:<id>` or `seed`. */
  actor: string;
  data?: Record<string, unknown>;
  /**
   * The created event's context (the chain's third format): the room, and places for the author and
   * the price source. Absent: no context stored or hashed (the earlier formats).
   */
  context?: SignalEventContext | null;
}

/**
 * SHA-256 (hex) over the previous hash and the canonical JSON of the event's content. Version rule:
 * `content.salt` null or absent hashes the six fields alone (rows written before salts existed);
 * a salt present is hashed with them as `salt`; a context present is hashed with those as
 * `context` (room, author, priceSource). Pure; `signalEventDigest` in the isomorphic entry
 * computes the same value with Web Crypto.
 */
export function signalEventHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256').update(signalEventPreimage(prevHash, content)).digest('hex');
}

/** A fresh salt: 128 random bits as 32 hex characters. */
export const newSignalEventSalt = () => randomBytes(16).toString('hex');

const num = (v: string | number | null) => (v === null ? null : Number(v));
const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const dataOf = (row: SignalEventRow): Record<string, unknown> => (jsonOf(row.data) ?? {}) as Record<string, unknown>;
/** The stored context as the format has it (exactly its three keys), or null when the row has none. */
const contextOf = (row: SignalEventRow): SignalEventContext | null => {
  const c = jsonOf(row.context) as Partial<SignalEventContext> | null | undefined;
  if (c === null || c === undefined) return null;
  return { room: c.room as string, author: c.author ?? null, priceSource: c.priceSource ?? null };
};

export function toSignalEvent(row: SignalEventRow): StoredSignalEvent {
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
    salt: row.salt ?? null,
    context: contextOf(row),
  };
}

/** What an event's hash commits to, as stored (its salt and context included). */
export const hashedContentOf = (e: SignalEvent): HashedContent => ({
  signalId: e.signalId,
  type: e.type,
  price: e.price,
  at: e.at,
  actor: e.actor,
  data: e.data,
  salt: e.salt,
  context: e.context,
});

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
export async function appendSignalEvents(
  trx: Db,
  signalId: number,
  events: readonly NewSignalEvent[],
): Promise<StoredSignalEvent[]> {
  if (events.length === 0) return [];
  await lockChain(trx);
  const head = await trx.selectFrom('signalEvents').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  let prevHash = head?.hash ?? GENESIS_HASH;
  const stored: StoredSignalEvent[] = [];
  for (const e of events) {
    const at = e.at ?? new Date();
    const content: HashedContent = {
      signalId,
      type: e.type,
      price: e.price === null || e.price === undefined ? null : roundTo(e.price, 5),
      at: at.toISOString(),
      actor: e.actor,
      data: JSON.parse(JSON.stringify(e.data ?? {})),
      salt: newSignalEventSalt(),
      context: e.context
        ? { room: e.context.room, author: e.context.author ?? null, priceSource: e.context.priceSource ?? null }
        : null,
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
        salt: content.salt,
        context: content.context ? JSON.stringify(content.context) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    stored.push(toSignalEvent(row));
    prevHash = hash;
  }
  return stored;
}

/** One signal's timeline, oldest first. */
export async function listSignalEvents(db: Db, signalId: number): Promise<StoredSignalEvent[]> {
  const rows = await db.selectFrom('signalEvents').selectAll().where('signalId', '=', signalId).orderBy('id').execute();
  return rows.map(toSignalEvent);
}

/** The timelines of some signals, oldest first (signals without events are absent). */
export async function listSignalEventsOf(
  db: Db,
  signalIds: readonly number[],
): Promise<Map<number, StoredSignalEvent[]>> {
  const bySignal = new Map<number, StoredSignalEvent[]>();
  if (signalIds.length === 0) return bySignal;
  const rows = await db
    .selectFrom('signalEvents')
    .selectAll()
    .where('signalId', 'in', [...new Set(signalIds)])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = bySignal.get(row.signalId) ?? [];
    list.push(toSignalEvent(row));
    bySignal.set(row.signalId, list);
  }
  return bySignal;
}

/** The stored rows of some events of one signal (those of `ids` it has), oldest first. */
export function listSignalEventRows(db: Db, signalId: number, ids: readonly number[]): Promise<SignalEventRow[]> {
  return db
    .selectFrom('signalEvents')
    .selectAll()
    .where('signalId', '=', signalId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** The stored row of one event of one signal, or undefined when the signal has no such event. */
export function findSignalEventRow(db: Db, signalId: number, eventId: number): Promise<SignalEventRow | undefined> {
  return db
    .selectFrom('signalEvents')
    .selectAll()
    .where('id', '=', eventId)
    .where('signalId', '=', signalId)
    .executeTakeFirst();
}

/** Every event, oldest first (the record and the chain check read them all). */
export async function listAllSignalEvents(db: Db): Promise<StoredSignalEvent[]> {
  const rows = await db.selectFrom('signalEvents').selectAll().orderBy('id').execute();
  return rows.map(toSignalEvent);
}

/** The newest event's id, or 0: what a cached record is keyed on. */
export async function signalEventHead(db: Db): Promise<number> {
  const row = await db
    .selectFrom('signalEvents')
    .select(sql<string | number | null>`max(id)`.as('id'))
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * The newest event everyone may read, with the number of events up to it: a signal's publication, or
 * any event of a signal that finished or was deleted. A running signal's later events are shown only
 * to its room's holders, so public answers (the record's summary, the chain check) name this head,
 * and change when it moves: never at the moment a running signal reaches a level.
 */
export function publicChainHead(db: Db) {
  return db
    .selectFrom('signalEvents as e')
    .leftJoin('signals as s', 's.id', 'e.signalId')
    .select([
      'e.id',
      'e.hash',
      sql<string | number>`(select count(*) from signal_events x where x.id <= e.id)`.as('count'),
    ])
    .where((eb) =>
      eb.or([
        eb('e.type', '=', 'created'),
        eb('s.id', 'is', null),
        eb('s.status', 'in', ['closed', 'cancelled', 'withdrawn']),
      ]),
    )
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Of these hashes, the unsalted events that carry one, with their signal's status (null once deleted). */
export function linkedEventStatuses(db: Db, hashes: readonly string[]) {
  return db
    .selectFrom('signalEvents as e')
    .leftJoin('signals as s', 's.id', 'e.signalId')
    .select(['e.hash', 'e.type', 'e.salt', 's.id as signalId', 's.status', 's.room'])
    .where('e.hash', 'in', hashes)
    .execute();
}

/**
 * Recomputes the chain in id order: each event must link to the hash before it and its hash must
 * match its content. Answers the first event that does not (a row changed, or one removed before it).
 */
export function verifyChain(events: readonly StoredSignalEvent[], now = new Date()): ChainVerification {
  let prev = GENESIS_HASH;
  for (const e of events) {
    const problem = e.prevHash !== prev ? 'link' : signalEventHash(prev, hashedContentOf(e)) !== e.hash ? 'hash' : null;
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
  return {
    ok: true,
    events: events.length,
    headHash: head?.hash ?? null,
    headId: head?.id ?? null,
    firstBroken: null,
    checkedAt: now.toISOString(),
  };
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
