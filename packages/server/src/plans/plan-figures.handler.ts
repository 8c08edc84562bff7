import { isLegacyPlanKey } from '@t0/contracts/domain/plans/plans';
import { PLAN_FIGURES_WINDOW_DAYS, planRecurringRevenue } from '@t0/contracts/domain/plans/plan-figures';
import type { PlanFigures } from '@t0/contracts/schemas/plans/plan-figures';
import type { Context } from '../core/context';
import { listPlanOffers as listCheckoutPrices } from './plan-offers.handler';
import { adminPlanViews } from './plan-admin.handler';
import { countPlanGrants } from './plan-figures.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every plan with the price its revenue is measured at: its own, or for a legacy plan priced by
 * Stripe (no price of its own) the price checkout charges, as the business figures' MRR takes it;
 * when that cannot be read the price is null (left out, not guessed). The figures per plan and the
 * revenue figures both read prices here, so a plan's monthly share is one number.
 */
export async function plansWithMeasuredPrice(ctx: Pick<Context, 'db' | 'ports' | 'settings' | 'log'>) {
  const plans = await adminPlanViews(ctx);
  const unpricedLegacy = plans.some((p) => p.price === null && p.terms === 'recurring' && isLegacyPlanKey(p.key));
  const checkoutPrices = unpricedLegacy
    ? await listCheckoutPrices(ctx).catch((err: unknown) => {
        ctx.log.warn({ err }, 'plan prices could not be read for the figures per plan');
        return null;
      })
    : null;
  return plans.map((p) => {
    const charged = checkoutPrices?.plans.find((x) => x.plan === p.key);
    const price = p.price ?? (charged ? { amountCents: charged.amountCents, currency: charged.currency } : null);
    return { ...p, price };
  });
}

/**
 * `GET /api/admin/plans/figures`: per plan, its holders now, the grants started and stopped in the
 * last 30 days, and the monthly-equivalent revenue of its paid subscriptions at its price
 * (`plansWithMeasuredPrice`).
 */
export async function planFiguresHandler({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;
}): Promise<PlanFigures> {
  const now = new Date();
  const since = new Date(now.getTime() - PLAN_FIGURES_WINDOW_DAYS * DAY_MS);
  const [plans, counts] = await Promise.all([
    plansWithMeasuredPrice(ctx),
    countPlanGrants(ctx.db, ctx.settings.adminEmails, now, since),
  ]);
  return {
    measuredAt: now.toISOString(),
    since: since.toISOString(),
    plans: plans.map((p) => {
      const c = counts.get(p.key) ?? { holders: 0, newGrants: 0, endedGrants: 0, paidSubscriptions: 0 };
      return {
        key: p.key,
        name: p.name,
        terms: p.terms,
        interval: p.interval,
        intervalCount: p.intervalCount,
        archivedAt: p.archivedAt,
        holders: c.holders,
        newGrants: c.newGrants,
        endedGrants: c.endedGrants,
        paidSubscriptions: c.paidSubscriptions,
        price: p.price,
        recurringRevenue: planRecurringRevenue(p, c.paidSubscriptions),
      };
    }),
  };
}
