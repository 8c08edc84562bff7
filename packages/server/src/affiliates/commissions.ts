import type { Db } from '@t0/db';
import {
  bpsOfPercent,
  clawbackFor,
  commissionFor,
  payableAtOf,
  type CommissionRule,
} from '@t0/contracts/domain/affiliates/affiliates';
import {
  findAffiliateById,
  findAttribution,
  findCommissionRule,
  findEarnedCommissionOfEntry,
  findLedgerEntryForCommission,
  findPaymentOfCharge,
  firstPaymentOfUser,
  insertCommission,
  paymentEntryIdsOfUser,
  setCommissionStatus,
} from './affiliates.queries';
import { shareACard } from '../billing/card-fingerprints.queries';
import { readAffiliateSettings } from './settings';

/*
 * Commissions are earned from the ledger, in the transaction that records the entry: a payment by
 * an attributed account earns its affiliate the plan's rule (the affiliate's own rate over it), once
 * per affiliate and entry (a replayed webhook records no entry and earns nothing); its refund or
 * dispute takes back its share.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type Entry = NonNullable<Awaited<ReturnType<typeof findLedgerEntryForCommission>>>;

/** The rule of a plan: its own, else the site's default. */
async function ruleOf(db: Db, planKey: string | null, fallback: CommissionRule): Promise<CommissionRule> {
  const own = planKey ? await findCommissionRule(db, planKey) : undefined;
  return own ? { percentBps: own.percentBps, recurringMonths: own.recurringMonths ?? 0 } : fallback;
}

/** What a payment entry earns its payer's affiliate, written once; nothing for an unattributed payer. */
async function earnOnPayment(db: Db, entry: Entry): Promise<void> {
  if (entry.kind !== 'payment' || entry.userId === null) return;
  const attribution = await findAttribution(db, entry.userId);
  // Only what the account pays from its attribution on (a day's leeway: a payment told just before its checkout).
  if (!attribution || entry.occurredAt.getTime() < attribution.createdAt.getTime() - DAY_MS) return;
  const affiliate = await findAffiliateById(db, attribution.affiliateId);
  if (!affiliate || affiliate.status !== 'active' || affiliate.userId === entry.userId) return;
  // The same payer on both sides: the referred account paid with a card the affiliate's account paid with.
  if (await shareACard(db, affiliate.userId, entry.userId)) return;
  const settings = await readAffiliateSettings(db);
  const whopCounts = settings.whopPayments;
  if (entry.provider === 'whop' && !whopCounts) return;
  const first = await firstPaymentOfUser(db, entry.userId, whopCounts ? undefined : 'whop');
  if (!first) return;
  const rule = await ruleOf(db, entry.planKey, {
    percentBps: bpsOfPercent(settings.defaultPercent),
    recurringMonths: settings.defaultRecurringMonths,
  });
  const amount = commissionFor({
    rule,
    rateOverrideBps: affiliate.rateOverrideBps,
    payment: { amount: entry.amount, occurredAt: entry.occurredAt },
    firstPayment: { amount: first.amount, occurredAt: first.occurredAt },
  });
  if (amount <= 0) return;
  await insertCommission(db, {
    affiliateId: affiliate.id,
    ledgerEntryId: entry.id,
    referredUserId: entry.userId,
    kind: 'earned',
    amount,
    currency: entry.currency,
    clawbackOf: null,
    occurredAt: entry.occurredAt,
    payableAt: payableAtOf(entry.occurredAt, settings.holdDays),
  });
}

/**
 * A refund, an opened or a lost dispute of a payment that earned: its share taken back. Unpaid and
 * taken back whole, the commission is marked clawed back; otherwise a negative row (payable with the
 * commission when it is unpaid, at once when it was paid: carried to the next payout).
 */
async function clawBack(db: Db, entry: Entry): Promise<void> {
  if (!entry.chargeId) return;
  const payment = await findPaymentOfCharge(db, entry.provider, entry.chargeId);
  if (!payment) return;
  const commission = await findEarnedCommissionOfEntry(db, payment.id);
  if (!commission || commission.status !== 'earned') return;
  const amount = clawbackFor({
    commission: commission.amount,
    paymentAmount: payment.amount,
    refundAmount: entry.amount,
    clawedSoFar: commission.clawedSoFar,
  });
  if (amount <= 0) return;
  const unpaid = commission.payoutId === null;
  if (unpaid && commission.clawedSoFar === 0 && amount === commission.amount) {
    await setCommissionStatus(db, commission.id, 'clawed_back');
    return;
  }
  await insertCommission(db, {
    affiliateId: commission.affiliateId,
    ledgerEntryId: entry.id,
    referredUserId: commission.referredUserId,
    kind: 'clawback',
    amount: -amount,
    currency: commission.currency,
    clawbackOf: commission.id,
    occurredAt: entry.occurredAt,
    payableAt: unpaid ? commission.payableAt : entry.occurredAt,
  });
}

/** What a new ledger entry means for affiliates (call in the transaction that recorded it). */
export async function commissionsOnLedgerEntry(db: Db, ledgerEntryId: number): Promise<void> {
  const entry = await findLedgerEntryForCommission(db, ledgerEntryId);
  if (!entry) return;
  if (entry.kind === 'payment') return earnOnPayment(db, entry);
  if (entry.kind === 'refund' || entry.kind === 'dispute_opened' || entry.kind === 'dispute_lost')
    return clawBack(db, entry);
}

/**
 * The account's payments earn now what they would have earned had its attribution or its holder been
 * known when they were recorded (a payment told before its checkout). Each earns once.
 */
export async function commissionsOnPaymentsOf(db: Db, userId: number): Promise<void> {
  for (const id of await paymentEntryIdsOfUser(db, userId)) await commissionsOnLedgerEntry(db, id);
}
