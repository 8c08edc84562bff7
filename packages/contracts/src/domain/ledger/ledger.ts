// The money ledger's pure rules: what an entry is worth in the reporting currency, the month's
// dispute rate and when it calls for the console's alert, and the ledger as CSV.
import { csvDocument } from '../common/csv';

export const LEDGER_KINDS = ['payment', 'refund', 'dispute_opened', 'dispute_won', 'dispute_lost'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_PROVIDERS = ['stripe', 'local', 'whop'] as const;
export type LedgerProvider = (typeof LEDGER_PROVIDERS)[number];

/** The reporting currency when the site sets none (ISO 4217, upper case). */
export const DEFAULT_REPORTING_CURRENCY = 'USD';

/** The dispute rate (percent of the month's payments) at which the console shows its alert, when the site sets none. */
export const DEFAULT_DISPUTE_RATE_ALERT_PERCENT = 0.75;

/** A dispute step, as the console flags it. */
export const isDisputeKind = (kind: string): boolean => kind.startsWith('dispute_');

/**
 * An amount in the reporting currency, with the rate used. The same currency: the amount itself at
 * rate 1. Another currency: no amount and no rate (the product keeps no exchange rates and invents
 * none); the entry says so rather than guessing.
 */
export function reportingAmount(
  amount: number,
  currency: string,
  reportingCurrency: string,
): { amount: number | null; rate: number | null } {
  return currency.toUpperCase() === reportingCurrency.toUpperCase()
    ? { amount, rate: 1 }
    : { amount: null, rate: null };
}

/**
 * Disputes opened as a percent of payments taken, over the same span (the console's month); null
 * when there was no payment (a rate of nothing is not 0).
 */
export function disputeRatePercent(disputesOpened: number, payments: number): number | null {
  if (payments <= 0) return null;
  return Math.round((disputesOpened / payments) * 10_000) / 100;
}

/** Whether the rate has reached the alert threshold (the card networks' monitoring starts near 0.75 %). */
export function disputeRateAlert(ratePercent: number | null, thresholdPercent: number): boolean {
  return ratePercent !== null && ratePercent >= thresholdPercent;
}

/** The first instant of the UTC calendar month holding `at`, and of the next one. */
export function utcMonthOf(at: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const to = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { from, to };
}

/** Minor units as a decimal amount (2 decimals; currencies without minor units are not told apart here). */
export const minorToDecimal = (minor: number | null): string | null =>
  minor === null ? null : (minor / 100).toFixed(2);

export interface LedgerCsvEntry {
  id: number;
  kind: string;
  occurredAt: string;
  userId: number | null;
  userEmail: string | null;
  amount: number;
  currency: string;
  fee: number | null;
  provider: string;
  providerObjectId: string;
  chargeId: string | null;
  plan: string | null;
  reportingCurrency: string;
  reportingAmount: number | null;
  reportingRate: number | null;
}

export const LEDGER_CSV_HEADER = [
  'id',
  'kind',
  'occurred_at',
  'user_id',
  'user_email',
  'amount',
  'currency',
  'fee',
  'provider',
  'provider_object_id',
  'charge_id',
  'plan',
  'reporting_currency',
  'reporting_amount',
  'reporting_rate',
] as const;

/** The ledger as CSV, amounts as decimals; an unknown fee, reporting amount or rate is an empty cell. */
export function ledgerCsv(entries: readonly LedgerCsvEntry[]): string {
  return csvDocument(
    LEDGER_CSV_HEADER,
    entries.map((e) => [
      e.id,
      e.kind,
      e.occurredAt,
      e.userId,
      e.userEmail,
      minorToDecimal(e.amount),
      e.currency,
      minorToDecimal(e.fee),
      e.provider,
      e.providerObjectId,
      e.chargeId,
      e.plan,
      e.reportingCurrency,
      minorToDecimal(e.reportingAmount),
      e.reportingRate,
    ]),
  );
}
