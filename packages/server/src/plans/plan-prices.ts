import type { Plans } from '@t0/db';
import type { Selectable } from 'kysely';
import { isLegacyPlanKey, planAmountOf, type PlanAmount } from '@t0/contracts/domain/plans/plans';
import type { AppSettings, Logger } from '../core/context';
import type { CheckoutPlan, Ports } from '../ports';

// A plan's price, resolved once for every reader: the public list, checkout, the local test mode's
// invoices and renewals, the business figures.

export type PlanRow = Selectable<Plans>;

export interface PriceDeps {
  ports: Pick<Ports, 'payments'>;
  settings: Pick<AppSettings, 'billing'>;
  log: Pick<Logger, 'warn'>;
}

/** The currency a free plan is shown in: the settings' (PLAN_CURRENCY), else US dollars. */
export const freeCurrencyOf = (settings: Pick<AppSettings, 'billing'>) => settings.billing?.plans[0]?.currency ?? 'USD';

/**
 * The price the product charges itself (the local test mode) and stands in with when the provider
 * cannot be asked: the plan's own amount, or for the legacy `monthly` and `yearly` plans without one
 * (and without a Stripe price) the settings' price for their interval. Null: none known.
 */
export function ownPriceOf(settings: Pick<AppSettings, 'billing'>, row: PlanRow): PlanAmount | null {
  return planAmountOf(row, settings.billing?.plans ?? []);
}

/**
 * The price a buyer is shown, which is the price checkout charges:
 * - a free plan: 0;
 * - with Stripe, a plan with a Stripe price: Stripe's amount (cached by the adapter); a legacy plan
 *   with no price of its own: Stripe's amount of the settings' price (STRIPE_PRICE_MONTHLY …);
 * - otherwise the plan's own amount (or the legacy plan's settings price).
 * When Stripe cannot be asked, the plan's own amount stands in. Undefined: no price can be told now.
 */
export async function shownPriceOf(deps: PriceDeps, row: PlanRow): Promise<PlanAmount | undefined> {
  if (row.terms === 'free') return { amountCents: 0, currency: freeCurrencyOf(deps.settings) };
  const own = ownPriceOf(deps.settings, row);
  const billing = deps.ports.payments.mode === 'stripe' ? deps.ports.payments.billing : undefined;
  if (billing) {
    try {
      if (row.stripePriceId !== null) {
        const price = await billing.price(row.stripePriceId);
        if (price) return { amountCents: price.amountCents, currency: price.currency };
      } else if (isLegacyPlanKey(row.key) && row.amountCents === null) {
        const price = (await billing.prices()).find((p) => p.plan === row.key);
        if (price) return { amountCents: price.amountCents, currency: price.currency };
      }
    } catch (err) {
      deps.log.warn({ err, plan: row.key }, 'Stripe price could not be read');
    }
  }
  return own ?? undefined;
}

/** The plan as a checkout hands it to the payment provider (null for a free plan, which is never checked out). */
export function checkoutPlanOf(row: PlanRow): CheckoutPlan | null {
  if (row.terms === 'free') return null;
  return {
    key: row.key,
    name: row.name,
    terms: row.terms,
    interval: row.interval,
    intervalCount: row.intervalCount,
    passDays: row.passDays,
    stripePriceId: row.stripePriceId,
    amount:
      row.amountCents !== null && row.currency !== null
        ? { amountCents: row.amountCents, currency: row.currency }
        : null,
  };
}
