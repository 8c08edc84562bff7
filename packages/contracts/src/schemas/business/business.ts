import { z } from 'zod';
import { CANCEL_REASONS } from '../../domain/business/business';
import { MAIL_KINDS } from '../../domain/mail/mail-kinds';

// The console's business figures and e-mail log (admin only), each counted from the records.

export const businessFiguresSchema = z.object({
  measuredAt: z.string(),
  /** Calendar months are UTC months; this is the first instant of the current one. */
  monthStart: z.string(),
  /** Users with access now (paying, in a grace period, or given access without paying); administrators not counted. */
  activeSubscribers: z.number().int(),
  /** Subscriptions with access now that a provider bills (Stripe or the local test mode). */
  payingSubscribers: z.number().int(),
  /** Access without a billed subscription (granted by hand). */
  freeAccess: z.number().int(),
  /** Subscriptions that first granted access this month. */
  newThisMonth: z.number().int(),
  /** Subscriptions that ended (canceled or expired) this month. */
  endedThisMonth: z.number().int(),
  /** Subscriptions set this month to cancel at their period's end, still running. */
  cancelRequestedThisMonth: z.number().int(),
  /** Subscriptions active at the start of the month (the churn base). */
  activeAtMonthStart: z.number().int(),
  /** endedThisMonth ÷ activeAtMonthStart, percent; null without a base. */
  churnRate: z.number().nullable(),
  mrr: z.object({
    lines: z.array(z.object({ currency: z.string(), amountCents: z.number().int(), subscriptions: z.number().int() })),
    unpriced: z.number().int(),
    /** Where the prices come from; null when they could not be read. */
    priceSource: z.enum(['stripe', 'settings']).nullable(),
  }),
  /** Failed payments (invoice.payment_failed events, Stripe or test mode) in the last 30 days. */
  failedPayments30d: z.number().int(),
  lastFailedPaymentAt: z.string().nullable(),
  cancelReasons30d: z.object({
    total: z.number().int(),
    byReason: z.array(z.object({ reason: z.enum(CANCEL_REASONS), count: z.number().int() })),
    latest: z.array(z.object({ email: z.string().nullable(), reason: z.string(), at: z.string(), ended: z.boolean() })),
  }),
});
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

export const emailKindFiguresSchema = z.object({
  kind: z.enum(MAIL_KINDS),
  sentToday: z.number().int(),
  failedToday: z.number().int(),
  sent30d: z.number().int(),
  failed30d: z.number().int(),
});

export const emailLogSummarySchema = z.object({
  measuredAt: z.string(),
  /** One line per kind, every kind listed (zero when none was sent). Today is since 00:00 UTC. */
  byKind: z.array(emailKindFiguresSchema),
  totals: emailKindFiguresSchema.omit({ kind: true }),
  lastFailures: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      toAddress: z.string(),
      subject: z.string(),
      error: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type EmailLogSummary = z.infer<typeof emailLogSummarySchema>;
