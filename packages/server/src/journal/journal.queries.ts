import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { JournalDecision } from '@t0/contracts/domain/journal';

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

/**
 * Whether a grant of the user's covered this room when the signal was published: a subscriber may
 * journal what they received, even after their access ended.
 */
export async function heldRoomAt(db: Db, userId: number, room: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('accessGrants as g')
    .innerJoin('planRooms as pr', 'pr.planId', 'g.planId')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select('g.id')
    .where('g.userId', '=', userId)
    .where('r.slug', '=', room)
    .where('g.startsAt', '<=', at)
    .where((eb) => eb.or([eb('g.endedAt', 'is', null), eb('g.endedAt', '>', at)]))
    .where((eb) => eb.or([eb('g.endsAt', 'is', null), eb('g.endsAt', '>', at)]))
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
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('accessGrants as g')
          .innerJoin('planRooms as pr', 'pr.planId', 'g.planId')
          .innerJoin('rooms as r', 'r.id', 'pr.roomId')
          .select('g.id')
          .where('g.userId', '=', userId)
          .whereRef('r.slug', '=', 's.room')
          .whereRef('g.startsAt', '<=', 's.createdAt')
          .where((eb) => eb.or([eb('g.endedAt', 'is', null), eb('g.endedAt', '>', eb.ref('s.createdAt'))]))
          .where((eb) => eb.or([eb('g.endsAt', 'is', null), eb('g.endsAt', '>', eb.ref('s.createdAt'))])),
      ),
    )
    .orderBy('s.createdAt')
    .execute();
}
