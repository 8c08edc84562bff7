import type { Db } from '@t0/db';
import { formatRecurringPrice } from '@t0/contracts/domain/billing/billing';
import type { SubscriptionPlan } from '@t0/contracts/schemas/billing/billing';
import { isLegacyPlanKey, planAmountOf, type PlanInterval } from '@t0/contracts/domain/plans/plans';
import type { AppSettings } from '../core/context';
import { listPlanRooms } from '../plans/plan-admin.queries';
import { findDefaultPlan, findPlanByKey, findPlanKeysByStripePrice } from '../plans/plans.queries';
import type { ProviderBilling } from '../ports';

// What a subscription's plan costs and how often, and which plan a provider's price is.

export interface LocalCycle {
  interval: PlanInterval;
  intervalCount: number;
  /** The amount billed each period; undefined when the plan has no price here (nothing is invoiced). */
  price: { amountCents: number; currency: string } | undefined;
}

/**
 * The billing cycle and price of the plan a local (test-mode) subscription is on: the plan's own, or
 * the settings' for the legacy `monthly` and `yearly`. A key no recurring plan has bills as the
 * legacy plans did (yearly for `yearly`, monthly otherwise).
 */
export async function localCycleOf(db: Db, settings: AppSettings, planKey: string | null): Promise<LocalCycle> {
  const prices = settings.billing?.plans ?? [];
  const plan = planKey ? await findPlanByKey(db, planKey) : undefined;
  if (plan && plan.terms === 'recurring' && plan.interval) {
    return {
      interval: plan.interval,
      intervalCount: plan.intervalCount ?? 1,
      price: planAmountOf(plan, prices) ?? undefined,
    };
  }
  const interval: PlanInterval = planKey === 'yearly' ? 'year' : 'month';
  const setting = prices.find((p) => p.interval === interval);
  return {
    interval,
    intervalCount: 1,
    price: setting ? { amountCents: setting.amountCents, currency: setting.currency } : undefined,
  };
}

/** The plan a subscription is on (its stored key; the default plan for a key no plan has). */
export async function subscriptionPlanRow(db: Db, key: string | null) {
  return (key ? await findPlanByKey(db, key) : undefined) ?? findDefaultPlan(db);
}

/** The provider's price a plan is sold at: its own Stripe price, or the settings' for a legacy plan. */
export function providerPriceOf(
  billing: Pick<ProviderBilling, 'legacyPriceIds'>,
  plan: { key: string; stripePriceId: string | null },
): string | undefined {
  if (plan.stripePriceId) return plan.stripePriceId;
  return isLegacyPlanKey(plan.key) ? billing.legacyPriceIds[plan.key as 'monthly' | 'yearly'] : undefined;
}

/**
 * The plan a provider's price is: a plan sold at that Stripe price (the subscription's own plan
 * first, when it is one of them), else the legacy plan whose settings' price it is. Undefined when no
 * plan has it.
 */
export async function planKeyOfPrice(
  db: Db,
  billing: Pick<ProviderBilling, 'legacyPriceIds'> | undefined,
  priceId: string | null | undefined,
  storedPlan: string | null,
): Promise<string | undefined> {
  if (!priceId) return undefined;
  const keys = await findPlanKeysByStripePrice(db, priceId);
  if (storedPlan && keys.includes(storedPlan)) return storedPlan;
  if (keys[0]) return keys[0];
  for (const [key, id] of Object.entries(billing?.legacyPriceIds ?? {}))
    if (id === priceId && (await findPlanByKey(db, key))) return key;
  return undefined;
}

/**
 * A plan as the subscriber's Billing shows it: name, cycle, price label and rooms. `providerLabel`
 * stands in for a legacy plan priced by the provider alone (Stripe's Price of `GET /api/plans`).
 */
export async function subscriptionPlanView(
  db: Db,
  settings: AppSettings,
  plan: NonNullable<Awaited<ReturnType<typeof findPlanByKey>>>,
  providerLabel: string | null = null,
): Promise<SubscriptionPlan> {
  const amount = planAmountOf(plan, settings.billing?.plans ?? []);
  const rooms = (await listPlanRooms(db, [plan.id])).get(plan.id) ?? [];
  return {
    key: plan.key,
    name: plan.name,
    interval: plan.interval,
    intervalCount: plan.intervalCount,
    label:
      amount && plan.interval
        ? formatRecurringPrice({ ...amount, interval: plan.interval, intervalCount: plan.intervalCount })
        : providerLabel,
    rooms,
  };
}
