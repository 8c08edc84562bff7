import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { JournalDecision } from '@t0/contracts/domain/journal/journal';

// The subscriber's own book: trading accounts, journal entries and their exits (migration
// 20261230000000_journal). Every read and write is scoped to one user.

export function listTradingAccounts(db: Db, userId: number) {
  return db
    .selectFrom('tradingAccounts')
    .select(['id', 'name', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}

export function findTradingAccount(db: Db, userId: number, name: string) {
  return db
    .selectFrom('tradingAccounts')
    .select(['id', 'name', 'createdAt'])
    .where('userId', '=', userId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** Adds an account; undefined when the user has one of that name already (any case). */
export function insertTradingAccount(db: Db, userId: number, name: string) {
  return db
    .insertInto('tradingAccounts')
    .values({ userId, name })
    .onConflict((oc) => oc.expression(sql`user_id, lower(name)`).doNothing())
    .returning(['id', 'name', 'createdAt'])
    .executeTakeFirst();
}

export interface EntryValues {
  decision: JournalDecision;
  fillPrice: number | null;
  takenAt: Date | null;
  riskPercent: number | null;
  lots: number | null;
  contractSize: number | null;
}

/** Writes the account's entry for a signal (a second call corrects it); answers its id. */
export async function upsertJournalEntry(
  db: Db,
  key: { userId: number; accountId: number; signalId: number },
  values: EntryValues,
): Promise<number> {
  const row = await db
    .insertInto('journalEntries')
    .values({ ...key, ...values })
    .onConflict((oc) => oc.columns(['accountId', 'signalId']).doUpdateSet({ ...values, updatedAt: sql<Date>`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findJournalEntry(db: Db, accountId: number, signalId: number) {
  return db
    .selectFrom('journalEntries')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('signalId', '=', signalId)
    .executeTakeFirst();
}

/** Locks the entry's row until the transaction ends (exits are added one at a time). */
export function lockJournalEntry(db: Db, entryId: number) {
  return db.selectFrom('journalEntries').select('id').where('id', '=', entryId).forUpdate().executeTakeFirst();
}

export function deleteJournalExits(db: Db, entryId: number) {
  return db.deleteFrom('journalExits').where('entryId', '=', entryId).execute();
}

export function insertJournalExit(db: Db, entryId: number, exit: { price: number; share: number; closedAt: Date }) {
  return db
    .insertInto('journalExits')
    .values({ entryId, ...exit })
    .execute();
}

export function listJournalExits(db: Db, entryIds: readonly number[]) {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('journalExits')
    .select(['entryId', 'price', 'share', 'closedAt'])
    .where('entryId', 'in', [...entryIds])
    .orderBy('closedAt')
    .orderBy('id')
    .execute();
}

/** The user's entries (of one account, or all), with the signal's room, status and publication. */
export function listJournalEntries(db: Db, userId: number, accountId?: number) {
  let q = db
    .selectFrom('journalEntries as j')
    .innerJoin('tradingAccounts as a', 'a.id', 'j.accountId')
    .innerJoin('signals as s', 's.id', 'j.signalId')
    .select([
      'j.id',
      'j.signalId',
      'j.decision',
      'j.fillPrice',
      'j.takenAt',
      'j.riskPercent',
      'j.lots',
      'j.contractSize',
      'j.statementProfit',
      'j.importedTradeId',
      'j.updatedAt',
      'a.name as account',
      's.room',
      's.status',
      's.createdAt as publishedAt',
    ])
    .where('j.userId', '=', userId);
  if (accountId !== undefined) q = q.where('j.accountId', '=', accountId);
  return q.orderBy('s.createdAt').orderBy('j.id').execute();
}

/** Whether a grant of the user's covered the room of signal `s` (the outer query's) when it was published. */
const grantCoveredPublication = (db: Db, userId: number) =>
  db
    .selectFrom('accessGrants as g')
    .innerJoin('planRooms as pr', 'pr.planId', 'g.planId')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select('g.id')
    .where('g.userId', '=', userId)
    .where(sql<boolean>`r.slug = s.room`)
    .where(sql<boolean>`g.starts_at <= s.created_at`)
    .where(sql<boolean>`(g.ended_at is null or g.ended_at > s.created_at)`)
    .where(sql<boolean>`(g.ends_at is null or g.ends_at > s.created_at)`);

/**
 * Whether a grant of the user's covered the signal's room when it was published: a subscriber may
 * journal what they received, even after their access ended.
 */
export async function heldRoomAt(db: Db, userId: number, signalId: number): Promise<boolean> {
  const row = await db
    .selectFrom('signals as s')
    .select('s.id')
    .where('s.id', '=', signalId)
    .where(({ exists }) => exists(grantCoveredPublication(db, userId)))
    .executeTakeFirst();
  return row !== undefined;
}

/** The closed signals published since `since` in a room a grant of the user's covered at the time. */
export function listClosedSignalsHeldSince(db: Db, userId: number, since: Date) {
  return db
    .selectFrom('signals as s')
    .select(['s.id'])
    .where('s.status', '=', 'closed')
    .where('s.createdAt', '>=', since)
    .where(({ exists }) => exists(grantCoveredPublication(db, userId)))
    .orderBy('s.createdAt')
    .execute();
}

/**
 * The signals published between `from` and `to` that the user may journal: every one for an
 * administrator, else those of a room held now (`roomsNow`) or when each was published.
 */
export function listJournalableSignals(
  db: Db,
  viewer: { userId: number; isAdmin: boolean; roomsNow: readonly string[] },
  from: Date,
  to: Date,
) {
  let q = db
    .selectFrom('signals as s')
    .select(['s.id', 's.room', 's.instrument', 's.direction', 's.createdAt', 's.closedAt', 's.status'])
    .where('s.createdAt', '>=', from)
    .where('s.createdAt', '<=', to);
  if (!viewer.isAdmin)
    q = q.where((eb) =>
      eb.or([
        ...(viewer.roomsNow.length ? [eb('s.room', 'in', [...viewer.roomsNow])] : []),
        eb.exists(grantCoveredPublication(db, viewer.userId)),
      ]),
    );
  return q.orderBy('s.createdAt').execute();
}

export interface NewImportedTrade {
  userId: number;
  accountId: number;
  source: string;
  ref: string;
  symbol: string;
  instrument: string | null;
  direction: string;
  volume: number;
  openedAt: Date;
  openPrice: number;
  closedAt: Date | null;
  closePrice: number | null;
  profit: number | null;
  signalId: number | null;
}

/** Adds an imported trade; undefined when the account has it already (same source and ref). */
export function insertImportedTrade(db: Db, trade: NewImportedTrade) {
  return db
    .insertInto('importedTrades')
    .values(trade)
    .onConflict((oc) => oc.columns(['accountId', 'source', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function listImportedTrades(db: Db, userId: number, opts: { unmatched?: boolean } = {}) {
  let q = db
    .selectFrom('importedTrades as t')
    .innerJoin('tradingAccounts as a', 'a.id', 't.accountId')
    .selectAll('t')
    .select('a.name as account')
    .where('t.userId', '=', userId);
  if (opts.unmatched === true) q = q.where('t.signalId', 'is', null);
  if (opts.unmatched === false) q = q.where('t.signalId', 'is not', null);
  return q.orderBy('t.openedAt').orderBy('t.id').execute();
}

export function findImportedTrade(db: Db, userId: number, id: number) {
  return db
    .selectFrom('importedTrades')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function setImportedTradeSignal(db: Db, id: number, signalId: number | null) {
  return db.updateTable('importedTrades').set({ signalId }).where('id', '=', id).execute();
}

/** Links the account's entry for a signal to the imported trade it came from, with the statement's profit. */
export function linkJournalEntryToImport(
  db: Db,
  entryId: number,
  importedTradeId: number,
  statementProfit: number | null,
) {
  return db.updateTable('journalEntries').set({ importedTradeId, statementProfit }).where('id', '=', entryId).execute();
}

/** Every subscriber's entries, one per subscriber and signal (the first account's), for the desk's figures. */
export function listEntriesBySignal(db: Db) {
  return db
    .selectFrom('journalEntries')
    .select(['id', 'userId', 'signalId', 'decision', 'fillPrice', 'takenAt'])
    .distinctOn(['signalId', 'userId'])
    .orderBy('signalId')
    .orderBy('userId')
    .orderBy('accountId')
    .execute();
}
