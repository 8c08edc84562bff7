import type { LedgerKind, LedgerProvider } from '@t0/contracts/domain/ledger/ledger';
import type { Db } from '@t0/db';
import { sql } from 'kysely';

export interface NewLedgerEntry {
  kind: LedgerKind;
  userId: number | null;
  amount: number;
  currency: string;
  fee: number | null;
  provider: LedgerProvider;
  providerObjectId: string;
  chargeId: string | null;
  /** The subscription paid for, when there is one (its holder is set on the entry once known). */
  subscriptionId: string | null;
  planKey: string | null;
  occurredAt: Date;
  reportingCurrency: string;
  reportingAmount: number | null;
  reportingRate: number | null;
}

/** Writes the entry unless (provider, kind, object) is there already; answers its id when it was written. */
export async function insertLedgerEntry(db: Db, e: NewLedgerEntry): Promise<number | undefined> {
  const row = await db
    .insertInto('ledgerEntries')
    .values({ ...e, reportingRate: e.reportingRate === null ? null : String(e.reportingRate) })
    .onConflict((oc) => oc.columns(['provider', 'kind', 'providerObjectId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Entries of a subscription recorded before its holder was known (an event that came first) get the holder; answers how many. */
export async function claimLedgerEntries(db: Db, subscriptionId: string, userId: number): Promise<number> {
  const rows = await db
    .updateTable('ledgerEntries')
    .set({ userId })
    .where('subscriptionId', '=', subscriptionId)
    .where('userId', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** The payment a charge recorded (whose user and plan a refund or dispute of it concerns). */
export async function findLedgerPaymentByCharge(db: Db, provider: LedgerProvider, chargeId: string) {
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'userId', 'planKey'])
    .where('provider', '=', provider)
    .where('kind', '=', 'payment')
    .where('chargeId', '=', chargeId)
    .orderBy('id')
    .executeTakeFirst();
}

/** Another step of the same dispute (or refund target), to carry its user and plan along. */
export async function findLedgerEntryOfCharge(db: Db, provider: LedgerProvider, chargeId: string) {
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'userId', 'planKey'])
    .where('provider', '=', provider)
    .where('chargeId', '=', chargeId)
    .where('userId', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
}

/** The user's newest payment (the test mode's simulated dispute takes it). */
export async function findLatestPaymentOfUser(db: Db, userId: number) {
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'provider', 'chargeId', 'providerObjectId', 'amount', 'currency'])
    .where('userId', '=', userId)
    .where('kind', '=', 'payment')
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** What Whop took from the user and gave back (its payments and refunds as its webhooks told), newest first. */
export async function listWhopMoneyOfUser(db: Db, userId: number, limit = 24) {
  return db
    .selectFrom('ledgerEntries')
    .select(['providerObjectId', 'kind', 'amount', 'currency', 'occurredAt'])
    .where('userId', '=', userId)
    .where('provider', '=', 'whop')
    .where('kind', 'in', ['payment', 'refund'])
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface LedgerFilter {
  kind?: LedgerKind;
  userId?: number;
  from?: Date;
  to?: Date;
}

function filtered(db: Db, f: LedgerFilter) {
  let q = db.selectFrom('ledgerEntries as l').leftJoin('users as u', 'u.id', 'l.userId');
  if (f.kind) q = q.where('l.kind', '=', f.kind);
  if (f.userId !== undefined) q = q.where('l.userId', '=', f.userId);
  if (f.from) q = q.where('l.occurredAt', '>=', f.from);
  if (f.to) q = q.where('l.occurredAt', '<', f.to);
  return q;
}

/** A page of entries, newest first, with the user's address; `limit` rows from `offset`. */
export async function listLedgerEntries(db: Db, f: LedgerFilter, offset: number, limit: number) {
  return filtered(db, f)
    .select([
      'l.id',
      'l.kind',
      'l.userId',
      'u.email as userEmail',
      'l.amount',
      'l.currency',
      'l.fee',
      'l.provider',
      'l.providerObjectId',
      'l.chargeId',
      'l.planKey',
      'l.occurredAt',
      'l.reportingCurrency',
      'l.reportingAmount',
      'l.reportingRate',
    ])
    .orderBy('l.occurredAt', 'desc')
    .orderBy('l.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countLedgerEntries(db: Db, f: LedgerFilter): Promise<number> {
  const row = await filtered(db, f)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Payments taken and disputes opened in [from, to). */
export async function countPaymentsAndDisputes(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('ledgerEntries')
    .select([
      sql<number>`count(*) filter (where kind = 'payment')::int`.as('payments'),
      sql<number>`count(*) filter (where kind = 'dispute_opened')::int`.as('disputesOpened'),
    ])
    .where('occurredAt', '>=', from)
    .where('occurredAt', '<', to)
    .executeTakeFirstOrThrow();
}
