import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { AffiliateSettings } from '@t0/contracts/schemas/affiliates/affiliates';

// Affiliates, their clicks, the accounts they brought, the rules per plan, the commissions earned
// from the ledger and the payouts. The site's affiliate settings are one row of `site_settings`.

const SETTINGS_KEY = 'affiliates';

export async function readStoredAffiliateSettings(db: Db): Promise<unknown> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  return row?.value;
}

export async function writeAffiliateSettings(db: Db, value: AffiliateSettings, userId: number): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('siteSettings')
    .values({ key: SETTINGS_KEY, value: sql`${json}::jsonb`, updatedBy: userId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: sql`${json}::jsonb`, updatedBy: userId, updatedAt: sql`now()` }),
    )
    .execute();
}

const affiliateColumns = [
  'a.id',
  'a.userId',
  'a.code',
  'a.status',
  'a.rateOverrideBps',
  'a.termsAcceptedAt',
  'a.termsDisclosure',
  'a.termsSha256',
  'a.createdAt',
] as const;

export async function findAffiliateByUser(db: Db, userId: number) {
  return db.selectFrom('affiliates as a').select(affiliateColumns).where('a.userId', '=', userId).executeTakeFirst();
}

export async function findAffiliateById(db: Db, id: number) {
  return db
    .selectFrom('affiliates as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select([...affiliateColumns, 'u.email'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** The affiliate of a code (codes compare without regard to case), with the account's address. */
export async function findAffiliateByCode(db: Db, code: string) {
  return db
    .selectFrom('affiliates as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select([...affiliateColumns, 'u.email'])
    .where('a.code', '=', code.toUpperCase())
    .executeTakeFirst();
}

/** A new affiliate; undefined when the code is taken (the caller draws another). */
export async function insertAffiliate(
  db: Db,
  a: { userId: number; code: string; disclosure: string; sha256: string; acceptedAt: Date },
) {
  return db
    .insertInto('affiliates')
    .values({
      userId: a.userId,
      code: a.code,
      termsAcceptedAt: a.acceptedAt,
      termsDisclosure: a.disclosure,
      termsSha256: a.sha256,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function updateAffiliateTerms(
  db: Db,
  id: number,
  t: { disclosure: string; sha256: string; acceptedAt: Date },
): Promise<void> {
  await db
    .updateTable('affiliates')
    .set({ termsDisclosure: t.disclosure, termsSha256: t.sha256, termsAcceptedAt: t.acceptedAt })
    .where('id', '=', id)
    .execute();
}

export async function setAffiliateStatus(db: Db, id: number, status: 'active' | 'suspended'): Promise<void> {
  await db
    .updateTable('affiliates')
    .set({ status, suspendedAt: status === 'suspended' ? sql`now()` : null })
    .where('id', '=', id)
    .execute();
}

export async function setAffiliateRate(db: Db, id: number, bps: number | null): Promise<void> {
  await db.updateTable('affiliates').set({ rateOverrideBps: bps }).where('id', '=', id).execute();
}

export async function listAffiliates(db: Db) {
  return db
    .selectFrom('affiliates as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select([...affiliateColumns, 'u.email'])
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export async function insertReferralVisit(db: Db, affiliateId: number, landingPath: string): Promise<void> {
  await db.insertInto('referralVisits').values({ affiliateId, landingPath }).execute();
}

export async function findAttribution(db: Db, userId: number) {
  return db
    .selectFrom('referralAttributions')
    .select(['userId', 'affiliateId', 'source', 'touchedAt', 'createdAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The account's attribution, once: answers whether it was written (an earlier one wins). */
export async function insertAttribution(
  db: Db,
  a: { userId: number; affiliateId: number; source: string; touchedAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('referralAttributions')
    .values(a)
    .onConflict((oc) => oc.column('userId').doNothing())
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Clicks, sign-ups and conversions per affiliate (all of them, or one). */
export async function affiliateCounts(db: Db, affiliateId?: number) {
  let q = db.selectFrom('affiliates as a').select((eb) => [
    'a.id',
    eb
      .selectFrom('referralVisits as v')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('v.affiliateId', '=', 'a.id')
      .as('clicks'),
    eb
      .selectFrom('referralAttributions as r')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('r.affiliateId', '=', 'a.id')
      .as('signUps'),
    eb
      .selectFrom('affiliateCommissions as c')
      .select(sql<number>`count(distinct c.referred_user_id)::int`.as('n'))
      .whereRef('c.affiliateId', '=', 'a.id')
      .where('c.kind', '=', 'earned')
      .as('conversions'),
  ]);
  if (affiliateId !== undefined) q = q.where('a.id', '=', affiliateId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    clicks: Number(r.clicks ?? 0),
    signUps: Number(r.signUps ?? 0),
    conversions: Number(r.conversions ?? 0),
  }));
}

export async function listCommissionRules(db: Db) {
  return db
    .selectFrom('affiliateCommissionRules')
    .select(['planKey', 'percentBps', 'recurringMonths'])
    .orderBy('planKey')
    .execute();
}

export async function findCommissionRule(db: Db, planKey: string) {
  return db
    .selectFrom('affiliateCommissionRules')
    .select(['planKey', 'percentBps', 'recurringMonths'])
    .where('planKey', '=', planKey)
    .executeTakeFirst();
}

export async function upsertCommissionRule(
  db: Db,
  r: { planKey: string; percentBps: number; recurringMonths: number; updatedBy: number },
): Promise<void> {
  await db
    .insertInto('affiliateCommissionRules')
    .values(r)
    .onConflict((oc) =>
      oc.column('planKey').doUpdateSet({
        percentBps: r.percentBps,
        recurringMonths: r.recurringMonths,
        updatedBy: r.updatedBy,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteCommissionRule(db: Db, planKey: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('affiliateCommissionRules')
    .where('planKey', '=', planKey)
    .returning('planKey')
    .execute();
  return rows.length > 0;
}

/** The account's first payment in the ledger (by when it happened), optionally without one provider's. */
export async function firstPaymentOfUser(db: Db, userId: number, withoutProvider?: string) {
  let q = db
    .selectFrom('ledgerEntries')
    .select(['id', 'amount', 'occurredAt'])
    .where('userId', '=', userId)
    .where('kind', '=', 'payment');
  if (withoutProvider) q = q.where('provider', '!=', withoutProvider);
  return q.orderBy('occurredAt').orderBy('id').executeTakeFirst();
}

/** A ledger entry as the commissions read it. */
export async function findLedgerEntryForCommission(db: Db, id: number) {
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'kind', 'userId', 'amount', 'currency', 'provider', 'chargeId', 'planKey', 'occurredAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The account's payment entries (the ones a late attribution or a claimed entry may earn on). */
export async function paymentEntryIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ledgerEntries')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', 'payment')
    .orderBy('occurredAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The payment a refund or dispute of a charge concerns (its amount, to share a claw-back). */
export async function findPaymentOfCharge(db: Db, provider: string, chargeId: string) {
  return db
    .selectFrom('ledgerEntries')
    .select(['id', 'amount', 'userId'])
    .where('provider', '=', provider)
    .where('kind', '=', 'payment')
    .where('chargeId', '=', chargeId)
    .orderBy('id')
    .executeTakeFirst();
}

export interface NewCommission {
  affiliateId: number;
  ledgerEntryId: number;
  referredUserId: number | null;
  kind: 'earned' | 'clawback';
  amount: number;
  currency: string;
  clawbackOf: number | null;
  occurredAt: Date;
  payableAt: Date;
}

/** Writes the commission unless this affiliate has one for the ledger entry; answers whether it was written. */
export async function insertCommission(db: Db, c: NewCommission): Promise<boolean> {
  const row = await db
    .insertInto('affiliateCommissions')
    .values(c)
    .onConflict((oc) => oc.columns(['affiliateId', 'ledgerEntryId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The commission a payment earned, locked for the change a refund makes, with what was clawed back since. */
export async function findEarnedCommissionOfEntry(db: Db, ledgerEntryId: number) {
  const row = await db
    .selectFrom('affiliateCommissions')
    .select(['id', 'affiliateId', 'referredUserId', 'amount', 'currency', 'status', 'payoutId', 'payableAt'])
    .where('ledgerEntryId', '=', ledgerEntryId)
    .where('kind', '=', 'earned')
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const clawed = await db
    .selectFrom('affiliateCommissions')
    .select(sql<number>`coalesce(sum(-amount), 0)::int`.as('n'))
    .where('clawbackOf', '=', row.id)
    .executeTakeFirstOrThrow();
  return { ...row, clawedSoFar: Number(clawed.n) };
}

export async function setCommissionStatus(db: Db, id: number, status: 'clawed_back' | 'voided'): Promise<void> {
  await db.updateTable('affiliateCommissions').set({ status }).where('id', '=', id).execute();
}

/** Suspension: every unpaid commission the affiliate earned is voided (claw-backs owed stay). */
export async function voidUnpaidCommissions(db: Db, affiliateId: number): Promise<number> {
  const rows = await db
    .updateTable('affiliateCommissions')
    .set({ status: 'voided' })
    .where('affiliateId', '=', affiliateId)
    .where('kind', '=', 'earned')
    .where('status', '=', 'earned')
    .where('payoutId', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Every commission row (one affiliate's, or all), for the figures. */
export async function listCommissionRows(db: Db, affiliateId?: number) {
  let q = db
    .selectFrom('affiliateCommissions')
    .select(['affiliateId', 'kind', 'amount', 'currency', 'status', 'payoutId', 'payableAt']);
  if (affiliateId !== undefined) q = q.where('affiliateId', '=', affiliateId);
  return q.orderBy('id').execute();
}

/** The unpaid rows due at `now` (locked): what a payout settles. */
export async function lockPayableRows(db: Db, affiliateId: number, now: Date) {
  return db
    .selectFrom('affiliateCommissions')
    .select(['id', 'amount', 'currency'])
    .where('affiliateId', '=', affiliateId)
    .where('status', '=', 'earned')
    .where('payoutId', 'is', null)
    .where('payableAt', '<=', now)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertPayout(
  db: Db,
  p: { affiliateId: number; total: number; currency: string; reference: string; paidBy: number },
) {
  return db
    .insertInto('affiliatePayouts')
    .values(p)
    .returning(['id', 'affiliateId', 'total', 'currency', 'reference', 'paidAt'])
    .executeTakeFirstOrThrow();
}

export async function settleCommissions(db: Db, ids: number[], payoutId: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('affiliateCommissions').set({ payoutId }).where('id', 'in', ids).execute();
}

/** The promotion codes that attribute their buyers to an affiliate. */
export async function promotionCodesOfAffiliates(db: Db) {
  return db
    .selectFrom('promotionCodes')
    .select(['affiliateId', 'code'])
    .where('affiliateId', 'is not', null)
    .orderBy('code')
    .execute();
}

/** Gives a promotion code (by its id) to an affiliate; answers whether the code was there. */
export async function linkPromotionCode(db: Db, codeId: number, affiliateId: number): Promise<boolean> {
  const rows = await db
    .updateTable('promotionCodes')
    .set({ affiliateId })
    .where('id', '=', codeId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function affiliateOfPromotionCode(db: Db, codeId: number): Promise<number | null> {
  const row = await db.selectFrom('promotionCodes').select('affiliateId').where('id', '=', codeId).executeTakeFirst();
  return row?.affiliateId ?? null;
}

export async function setPendingReferral(db: Db, pendingPaymentId: number, code: string): Promise<void> {
  await db.updateTable('pendingPayments').set({ referralCode: code }).where('id', '=', pendingPaymentId).execute();
}

export async function pendingReferralOf(db: Db, pendingPaymentId: number): Promise<string | null> {
  const row = await db
    .selectFrom('pendingPayments')
    .select('referralCode')
    .where('id', '=', pendingPaymentId)
    .executeTakeFirst();
  return row?.referralCode ?? null;
}
