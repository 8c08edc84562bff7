import { churnRate, countCancelReasons, utcMonthStart } from '@t0/contracts/domain/business/business';
import type { BusinessFigures } from '@t0/contracts/schemas/business/business';
import type { Context } from '../core/context';
import { accessCounts, failedPayments, monthCounts, recentCancelReasons } from './business.queries';
import { mrrNow } from '../ledger/revenue.handler';

/** How many of the newest cancellation reasons the console lists with address and date. */
export const CANCEL_REASONS_SHOWN = 5;

/** `GET /api/admin/business`: the business figures, each counted from the records (months are UTC). */
export async function businessFiguresHandler({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;
}): Promise<BusinessFigures> {
  const now = new Date();
  const monthStart = utcMonthStart(now);
  const admins = ctx.settings.adminEmails;
  const [access, month, failed, reasons, mrr] = await Promise.all([
    accessCounts(ctx.db, admins),
    monthCounts(ctx.db, admins, monthStart),
    failedPayments(ctx.db, now),
    recentCancelReasons(ctx.db, now),
    // The one MRR: the revenue figures' rule (ANALYTICS › REVENUE shows the same number).
    mrrNow(ctx, now),
  ]);
  const priced = mrr.holders - mrr.unpriced;
  return {
    measuredAt: now.toISOString(),
    monthStart: monthStart.toISOString(),
    activeSubscribers: access.active,
    payingSubscribers: access.paying,
    freeAccess: access.active - access.paying,
    newThisMonth: month.newThisMonth,
    endedThisMonth: month.endedThisMonth,
    cancelRequestedThisMonth: month.cancelRequestedThisMonth,
    activeAtMonthStart: month.activeAtMonthStart,
    churnRate: churnRate(month.endedThisMonth, month.activeAtMonthStart),
    mrr: {
      lines: priced > 0 ? [{ currency: mrr.currency, amountCents: mrr.amountCents, subscriptions: priced }] : [],
      unpriced: mrr.unpriced,
      priceSource: ctx.ports.payments.mode === 'stripe' ? 'stripe' : 'settings',
    },
    failedPayments30d: failed.count,
    lastFailedPaymentAt: failed.lastAt?.toISOString() ?? null,
    cancelReasons30d: {
      total: reasons.length,
      byReason: countCancelReasons(reasons.map((r) => r.cancelReason!)),
      latest: reasons.slice(0, CANCEL_REASONS_SHOWN).map((r) => ({
        email: r.email,
        reason: r.cancelReason!,
        at: r.cancelRequestedAt!.toISOString(),
        ended: r.endedAt !== null,
      })),
    },
  };
}
