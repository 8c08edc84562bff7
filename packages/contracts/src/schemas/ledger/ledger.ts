import { z } from 'zod';
import { dateParam } from '../common/common';
import { LEDGER_KINDS } from '../../domain/ledger/ledger';

export const LEDGER_PAGE_SIZE = 50;
/** The most rows one CSV export holds. */
export const LEDGER_EXPORT_MAX = 10_000;

/** The console's ledger filters (all optional): kind, user, and occurred from (inclusive) to (exclusive). */
export const ledgerFilterInput = z.object({
  kind: z.enum(LEDGER_KINDS, { error: `kind must be one of ${LEDGER_KINDS.join(', ')}` }).optional(),
  userId: z.coerce
    .number({ error: 'userId must be a whole number' })
    .int('userId must be a whole number')
    .positive('userId must be a whole number')
    .optional(),
  from: dateParam('from'),
  to: dateParam('to'),
});

/** `GET /api/admin/ledger`: the filters and the page. */
export const ledgerListInput = ledgerFilterInput.extend({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be from 1 to 200' })
    .int('pageSize must be from 1 to 200')
    .min(1, 'pageSize must be from 1 to 200')
    .max(200, 'pageSize must be from 1 to 200')
    .default(LEDGER_PAGE_SIZE),
});
export type LedgerListInput = z.input<typeof ledgerListInput>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** A dispute step (opened, won, lost): the console flags it. */
  dispute: z.boolean(),
  occurredAt: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  /** Minor units (cents) in `currency`, always positive: the kind says which way the money went. */
  amount: z.number().int(),
  currency: z.string(),
  /** The provider's fee in minor units, when known. */
  fee: z.number().int().nullable(),
  provider: z.string(),
  providerObjectId: z.string(),
  chargeId: z.string().nullable(),
  plan: z.string().nullable(),
  reportingCurrency: z.string(),
  /** The amount in the reporting currency; null when the currencies differ (no rate is invented). */
  reportingAmount: z.number().int().nullable(),
  reportingRate: z.number().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** This UTC month's disputes against payments, and whether the rate reached the site's alert threshold. */
export const disputeRateSchema = z.object({
  month: z.string(),
  payments: z.number().int(),
  disputesOpened: z.number().int(),
  /** Percent, two decimals; null without payments this month. */
  ratePercent: z.number().nullable(),
  alertPercent: z.number(),
  alert: z.boolean(),
});
export type DisputeRate = z.infer<typeof disputeRateSchema>;

export const ledgerPageSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  reportingCurrency: z.string(),
  disputeRate: disputeRateSchema,
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const ledgerExportSchema = z.object({
  filename: z.string(),
  /** Every matching entry (at most LEDGER_EXPORT_MAX), newest first. */
  rows: z.number().int(),
  csv: z.string(),
});
export type LedgerExport = z.infer<typeof ledgerExportSchema>;
