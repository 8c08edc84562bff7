import type { PlanPrice } from '@t0/contracts';
import type { CustomerBilling, ProviderBilling } from '@t0/contracts/server';
import type Stripe from 'stripe';
import type { StripeSettings } from './stripe-settings';

/** Stripe's prices change rarely: asked at most once per this many milliseconds. */
export const PRICE_CACHE_MS = 10 * 60 * 1000;

function toPlanPrice(plan: PlanPrice['plan'], price: Stripe.Price): PlanPrice | undefined {
  if (price.unit_amount === null || !price.active) return undefined;
  const interval = price.recurring?.interval === 'year' ? 'year' : 'month';
  return { plan, amountCents: price.unit_amount, currency: price.currency.toUpperCase(), interval };
}

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): CustomerBilling['paymentMethod'] {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4 };
}

/** The subscriber's billing at Stripe: prices, card and invoices, the Customer Portal, cancel and resume. */
export function createStripeBilling(stripe: Stripe, settings: StripeSettings, now: () => number = Date.now): ProviderBilling {
  let cached: { at: number; prices: PlanPrice[] } | undefined;
  let inflight: Promise<PlanPrice[]> | undefined;

  async function loadPrices(): Promise<PlanPrice[]> {
    const wanted: [PlanPrice['plan'], string | undefined][] = [
      ['monthly', settings.priceMonthly],
      ['yearly', settings.priceYearly],
    ];
    const found = await Promise.all(
      wanted.map(async ([plan, id]) => (id ? toPlanPrice(plan, await stripe.prices.retrieve(id)) : undefined)),
    );
    return found.filter((p): p is PlanPrice => p !== undefined);
  }

  return {
    async prices() {
      if (cached && now() - cached.at < PRICE_CACHE_MS) return cached.prices;
      inflight ??= loadPrices()
        .then((prices) => {
          cached = { at: now(), prices };
          return prices;
        })
        .finally(() => {
          inflight = undefined;
        });
      return inflight;
    },

    async customerBilling(customerId, subscriptionId) {
      const [sub, invoices] = await Promise.all([
        subscriptionId ? stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }) : null,
        stripe.invoices.list({ customer: customerId, limit: 12 }),
      ]);
      return {
        paymentMethod: cardOf(sub?.default_payment_method),
        invoices: invoices.data.map((i) => ({
          id: i.id ?? '',
          number: i.number ?? null,
          createdAt: new Date(i.created * 1000).toISOString(),
          amountCents: i.status === 'paid' ? i.amount_paid : i.amount_due,
          currency: i.currency.toUpperCase(),
          status: i.status ?? 'draft',
          url: i.hosted_invoice_url ?? null,
        })),
      };
    },

    async portalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel, reason) {
      await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
        ...(cancel && reason ? { cancellation_details: { comment: reason.slice(0, 500) } } : {}),
      });
    },

    async cancelNow(subscriptionId, comment) {
      await stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false, cancellation_details: { comment: comment.slice(0, 500) } });
    },
  };
}
