import { churnRate, countCancelReasons, monthlyRecurringRevenue, utcMonthStart } from '@t0/contracts/domain/business';
import type { BusinessFigures } from '@t0/contracts/schemas/business';
import type { Context } from '../core/context';
import { accessCounts, failedPayments, monthCounts, payingByPlan, recentCancelReasons } from './business.queries';
import { recurringPlanPrices } from '../plans/plan-offers.handler';

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
  const [access, byPlan, month, failed, reasons, plans] = await Promise.all([
    accessCounts(ctx.db, admins),
    payingByPlan(ctx.db, admins),
    monthCounts(ctx.db, admins, monthStart),
    failedPayments(ctx.db, now),
    recentCancelReasons(ctx.db, now),
    recurringPlanPrices(ctx).catch((err: unknown) => {
      ctx.log.warn({ err }, 'plan prices could not be read for MRR');
      return null;
    }),
  ]);
  const mrr = monthlyRecurringRevenue(byPlan, plans?.prices ?? []);
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
    mrr: { ...mrr, priceSource: plans?.source ?? null },
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
