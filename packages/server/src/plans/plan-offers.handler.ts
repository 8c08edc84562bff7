import { planPriceLabel, planTrialDays } from '@t0/contracts/domain/plans/plans';
import type { PlanOffer, PlansOutput } from '@t0/contracts/schemas/billing/billing';
import type { PlanPathInput } from '@t0/contracts/schemas/billing/payments';
import type { Context } from '../core/context';
import { notFound, unavailable } from '../core/errors';
import { readSiteSettings } from '../site/site-settings.queries';
import { listOfferedPlans, listPlanRooms } from './plan-admin.queries';
import { findPlanByKey } from './plans.queries';
import { shownPriceOf, type PlanRow, type PriceDeps } from './plan-prices';

// The plans anyone may choose: GET /api/plans (the listed ones) and GET /api/plans/{plan} (any open
// plan by its key, listed or not: an offer's link).

type OfferDeps = PriceDeps & Pick<Context, 'db'>;

async function offersOf(deps: OfferDeps, rows: PlanRow[]): Promise<{ offers: PlanOffer[]; unpriced: number }> {
  const [rooms, { settings }] = await Promise.all([
    listPlanRooms(
      deps.db,
      rows.map((r) => r.id),
    ),
    readSiteSettings(deps.db),
  ]);
  const prices = await Promise.all(rows.map((r) => shownPriceOf(deps, r)));
  const offers: PlanOffer[] = [];
  rows.forEach((row, i) => {
    const price = prices[i];
    if (!price) return; // no price can be told now: not offered until it can
    const label = planPriceLabel(row, row.terms === 'free' ? null : price);
    offers.push({
      key: row.key,
      plan: row.key,
      name: row.name,
      description: row.description,
      terms: row.terms,
      interval: row.interval,
      intervalCount: row.intervalCount,
      passDays: row.passDays,
      rooms: rooms.get(row.id) ?? [],
      price: { ...price, label },
      ...price,
      label,
      trialDays: planTrialDays(row, settings.trialDays),
      isDefault: row.isDefault,
    });
  });
  return { offers, unpriced: rows.length - offers.length };
}

const sourceOf = (deps: PriceDeps) => (deps.ports.payments.mode === 'stripe' ? 'stripe' : 'settings');

/**
 * `GET /api/plans`: the listed plans that are not archived, in the desk's order, with their rooms,
 * prices and free trial. A plan whose price cannot be told now (priced only by a Stripe price that
 * cannot be read) is left out; when that leaves nothing, 503.
 */
export async function listPlanOffers(deps: OfferDeps): Promise<PlansOutput> {
  const rows = await listOfferedPlans(deps.db);
  const { offers, unpriced } = await offersOf(deps, rows);
  if (offers.length === 0 && unpriced > 0) throw unavailable('Prices are unavailable right now');
  return { plans: offers, source: sourceOf(deps), testMode: deps.ports.payments.mode === 'local' };
}

/** One plan as the public list shows it, archived or not (the checkout page's plan); undefined when unknown or unpriced. */
export async function planOfferOf(deps: OfferDeps, key: string): Promise<PlanOffer | undefined> {
  const row = await findPlanByKey(deps.db, key);
  if (!row) return undefined;
  return (await offersOf(deps, [row])).offers[0];
}

/** `GET /api/plans/{plan}`: any open plan by its key, listed or not (an offer's link). */
export async function planOfferHandler({ ctx, input }: { ctx: Context; input: PlanPathInput }): Promise<PlanOffer> {
  const row = await findPlanByKey(ctx.db, input.plan);
  if (!row || row.archivedAt !== null) throw notFound('Plan');
  const offer = (await offersOf(ctx, [row])).offers[0];
  if (!offer) throw unavailable('Prices are unavailable right now');
  return offer;
}
