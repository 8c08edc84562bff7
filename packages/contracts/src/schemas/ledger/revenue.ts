import { z } from 'zod';
import { parseMonth } from '../../domain/ledger/revenue';

// Revenue figures (console › ANALYTICS, `GET /api/admin/metrics/revenue`): docs/features/revenue.md
// defines every figure.

const month = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || parseMonth(v) !== null, {
      message: `${label} must be a month (YYYY-MM)`,
    })
    .transform((v) => (v ? v : undefined));

/**
 * The window, `from` to `to`, both `YYYY-MM` and included; by default the 12 months to this one
 * (`revenueWindow` resolves the defaults and refuses a window backwards or too long).
 */
export const revenueInput = z.object({ from: month('from'), to: month('to') });
export type RevenueInput = z.input<typeof revenueInput>;

const count = z.number().int();
const amount = z.number().int();

export const revenueMonthSchema = z.object({
  month: z.string(),
  mrr: amount,
  mrrStart: amount,
  newMrr: amount,
  expansionMrr: amount,
  contractionMrr: amount,
  churnedMrr: amount,
  activeHolders: count,
  unpricedHolders: count,
  holdersStart: count,
  newHolders: count,
  churnedHolders: count,
  voluntaryChurn: count,
  involuntaryChurn: count,
  churnRate: z.number().nullable(),
  voluntaryChurnRate: z.number().nullable(),
  involuntaryChurnRate: z.number().nullable(),
  trialsStarted: count,
  trialsConverted: count,
  trialsRunning: count,
  trialConversionRate: z.number().nullable(),
  payments: z.object({ count, amount }),
  refunds: z.object({ count, amount }),
  disputes: z.object({ opened: count, openedAmount: amount, won: count, lost: count, lostAmount: amount }),
  netRevenue: amount,
  notConverted: count,
});
export type RevenueMonthView = z.infer<typeof revenueMonthSchema>;

export const revenuePlanSchema = z.object({
  plan: z.string(),
  /** The plan's name (its key when the plan is gone). */
  name: z.string(),
  netRevenue: amount,
  averageHolders: z.number(),
  arpu: amount.nullable(),
  churnRate: z.number().nullable(),
  ltv: amount.nullable(),
});
export type RevenuePlanView = z.infer<typeof revenuePlanSchema>;

export const revenueFiguresSchema = z.object({
  measuredAt: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every amount is in minor units of this currency. */
  reportingCurrency: z.string(),
  months: z.array(revenueMonthSchema),
  plans: z.array(revenuePlanSchema),
  cohorts: z.array(z.object({ month: z.string(), size: count, active: z.array(count) })),
  totals: z.object({
    netRevenue: amount,
    averageHolders: z.number(),
    arpu: amount.nullable(),
    churnRate: z.number().nullable(),
    ltv: amount.nullable(),
    notConverted: count,
  }),
});
export type RevenueFiguresView = z.infer<typeof revenueFiguresSchema>;

export const revenueExportSchema = z.object({
  filename: z.string(),
  /** One row per month. */
  rows: z.number().int(),
  csv: z.string(),
});
export type RevenueExport = z.infer<typeof revenueExportSchema>;
