import { reportingAmount, type LedgerProvider } from '@t0/contracts/domain/ledger/ledger';
import type { Db } from '@t0/db';
import { readLedgerSettings } from '../site/site-settings.queries';
import { commissionsOnLedgerEntry, commissionsOnPaymentsOf } from '../affiliates/commissions';
import { claimLedgerEntries, insertLedgerEntry, type NewLedgerEntry } from './ledger-entries.queries';

/** A ledger entry as a payment event tells it; the reporting amount is added here. */
export type LedgerEntryInput = Omit<NewLedgerEntry, 'reportingCurrency' | 'reportingAmount' | 'reportingRate'>;

/**
 * Records money that moved, in the caller's transaction (the event's own), once: a replayed or
 * out-of-order event finds its (provider, kind, object) there and writes nothing. The amount in the
 * site's reporting currency is the amount itself when the currencies match, else unknown (no rate
 * is invented). A new entry earns or takes back affiliate commissions in the same transaction.
 * Answers whether the entry was new.
 */
export async function recordLedgerEntry(db: Db, e: LedgerEntryInput): Promise<boolean> {
  const { reportingCurrency } = await readLedgerSettings(db);
  const reporting = reportingAmount(e.amount, e.currency, reportingCurrency);
  const id = await insertLedgerEntry(db, {
    ...e,
    currency: e.currency.toUpperCase(),
    reportingCurrency,
    reportingAmount: reporting.amount,
    reportingRate: reporting.rate,
  });
  if (id === undefined) return false;
  await commissionsOnLedgerEntry(db, id);
  return true;
}

/**
 * Entries of a subscription recorded before its holder was known get the holder (in the caller's
 * transaction), and the holder's payments earn the commissions they would have.
 */
export async function claimLedgerEntriesFor(db: Db, subscriptionId: string, userId: number): Promise<void> {
  if ((await claimLedgerEntries(db, subscriptionId, userId)) > 0) await commissionsOnPaymentsOf(db, userId);
}

export const ledgerProviderOf = (provider: string): LedgerProvider =>
  provider === 'stripe' || provider === 'whop' ? provider : 'local';
