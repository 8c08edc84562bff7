import { isLegacyPlanKey } from '@t0/contracts/domain/plans';
import { PLAN_FIGURES_WINDOW_DAYS, planRecurringRevenue } from '@t0/contracts/domain/plan-figures';
import type { PlanFigures } from '@t0/contracts/schemas/plan-figures';
import type { Context } from '../core/context';
import { listPlanOffers as listCheckoutPrices } from './plan-offers.handler';
import { adminPlanViews } from './plan-admin.handler';
import { countPlanGrants } from './plan-figures.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `GET /api/admin/plans/figures`: per plan, its holders now, the grants started and stopped in the
 * last 30 days, and the monthly-equivalent revenue of its paid subscriptions at its price. A legacy
 * plan priced by Stripe (no price of its own) takes the price checkout charges, as the business
 * figures' MRR does; when that cannot be read its revenue is left out, not guessed.
 */
export async function planFiguresHandler({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'ports' | 'settings' | 'log'>;
}): Promise<PlanFigures> {
  const now = new Date();
  const since = new Date(now.getTime() - PLAN_FIGURES_WINDOW_DAYS * DAY_MS);
  const [plans, counts] = await Promise.all([
    adminPlanViews(ctx),
    countPlanGrants(ctx.db, ctx.settings.adminEmails, now, since),
  ]);
  const unpricedLegacy = plans.some((p) => p.price === null && p.terms === 'recurring' && isLegacyPlanKey(p.key));
  const checkoutPrices = unpricedLegacy
    ? await listCheckoutPrices(ctx).catch((err: unknown) => {
        ctx.log.warn({ err }, 'plan prices could not be read for the figures per plan');
        return null;
      })
    : null;
  return {
    measuredAt: now.toISOString(),
    since: since.toISOString(),
    plans: plans.map((p) => {
      const c = counts.get(p.key) ?? { holders: 0, newGrants: 0, endedGrants: 0, paidSubscriptions: 0 };
      const charged = checkoutPrices?.plans.find((x) => x.plan === p.key);
      const price = p.price ?? (charged ? { amountCents: charged.amountCents, currency: charged.currency } : null);
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
        price,
        recurringRevenue: planRecurringRevenue({ ...p, price }, c.paidSubscriptions),
      };
    }),
  };
}
