import { promotionLabel, type PlanPrice, type PromotionCodeView } from '@t0/contracts';
import { winBackRefusalIsFinal } from '@t0/contracts/domain/billing/dunning';
import {
  PaymentRefusedError,
  type CustomerBilling,
  type ProviderBilling,
  type ProviderPlanChange,
  type ProviderPlanQuote,
  type ProviderPrice,
} from '@t0/server';
import { TRPCError } from '@trpc/server';
import type Stripe from 'stripe';
import type { StripeSettings } from './stripe-settings';

/** Stripe's prices change rarely: asked at most once per this many milliseconds. */
export const PRICE_CACHE_MS = 10 * 60 * 1000;

function toProviderPrice(price: Stripe.Price): ProviderPrice | undefined {
  if (price.unit_amount === null || !price.active) return undefined;
  const recurring = price.recurring;
  return {
    amountCents: price.unit_amount,
    currency: price.currency.toUpperCase(),
    interval: recurring ? (recurring.interval === 'year' ? 'year' : 'month') : null,
    intervalCount: recurring ? recurring.interval_count : null,
  };
}

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): CustomerBilling['paymentMethod'] {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4 };
}

function fingerprintOf(pm: string | Stripe.PaymentMethod | null | undefined): string | null {
  if (!pm || typeof pm === 'string') return null;
  return pm.card?.fingerprint ?? null;
}

/**
 * The fingerprint of the card a PaymentIntent was paid with: its latest charge's
 * (`latest_charge.payment_method_details.card.fingerprint`, expanded), else its payment method's.
 */
function intentFingerprint(intent: Stripe.PaymentIntent | null): string | null {
  if (!intent) return null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return charge?.payment_method_details?.card?.fingerprint ?? fingerprintOf(intent.payment_method);
}

/** What is expanded of an invoice's payments to read its card. */
const INVOICE_PAYMENT_EXPAND = [
  'data.payment.payment_intent.latest_charge',
  'data.payment.payment_intent.payment_method',
];

/** Whether a line of Stripe's invoice is a proration (current API shape, and the older `proration` flag). */
function isProration(line: Stripe.InvoiceLineItem): boolean {
  const parent = line.parent;
  const flag = parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration;
  return flag ?? (line as unknown as { proration?: boolean }).proration ?? false;
}

/**
 * A plan change's figures from Stripe's invoice (the preview, or the one \`always_invoice\` made):
 * the negative lines are the unused time credited, the others what the new price costs (a
 * proration, or a whole new period); the starting balance is the customer's credit before.
 */
export function planQuoteOf(invoice: Stripe.Invoice): ProviderPlanQuote {
  let creditCents = 0;
  let chargeCents = 0;
  let periodEnd = 0;
  for (const line of invoice.lines?.data ?? []) {
    if (line.amount < 0) creditCents -= line.amount;
    else chargeCents += line.amount;
    if (!isProration(line) || line.amount > 0) periodEnd = Math.max(periodEnd, line.period?.end ?? 0);
  }
  return {
    creditCents,
    chargeCents,
    balanceBeforeCents: Math.max(0, -(invoice.starting_balance ?? 0)),
    currency: invoice.currency.toUpperCase(),
    periodEnd: periodEnd > 0 ? new Date(periodEnd * 1000) : null,
  };
}

/** A refusal of Stripe's (a bad request: a price it cannot put on this subscription) names `plan`. */
function refused(err: unknown): never {
  const e = err as { type?: string; statusCode?: number; message?: string };
  if (e?.type === 'StripeInvalidRequestError' && e.statusCode !== undefined && e.statusCode < 500)
    throw new TRPCError({
      code: 'CONFLICT',
      message: `plan: Stripe refused the change: ${e.message ?? 'invalid request'}`,
    });
  throw err;
}

/**
 * A final refusal of Stripe's (a 4xx but 409 and 429, `winBackRefusalIsFinal`) as `PaymentRefusedError`,
 * naming what was asked; an outage, no answer, a conflict or too many requests thrown as they came.
 */
const refusedForGood =
  (what: string) =>
  (err: unknown): never => {
    const status = (err as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && winBackRefusalIsFinal(status)) {
      const message = (err as { message?: string }).message ?? 'invalid request';
      throw new PaymentRefusedError(`Stripe refused ${what} (${status}): ${message}`, status);
    }
    throw err;
  };

/** The subscription's one item (the plan's price), with the period it bills. */
async function itemOf(stripe: Stripe, subscriptionId: string) {
  const sub = await stripe.subscriptions.retrieve(subscriptionId).catch(refused);
  const item = sub.items?.data?.[0];
  if (!item) throw new TRPCError({ code: 'CONFLICT', message: 'The subscription has no item at Stripe to change' });
  return { sub, item };
}

/** A trial changes price without proration: nothing billed now; the trial's end is the next renewal. */
function trialQuote(sub: Stripe.Subscription, item: Stripe.SubscriptionItem): ProviderPlanQuote {
  const end = sub.trial_end ?? item.current_period_end;
  return {
    creditCents: 0,
    chargeCents: 0,
    balanceBeforeCents: 0,
    currency: (item.price?.currency ?? sub.currency ?? 'usd').toUpperCase(),
    periodEnd: typeof end === 'number' ? new Date(end * 1000) : null,
  };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The subscriber's billing at Stripe: prices, card and invoices, the Customer Portal, cancel and resume. */
export function createStripeBilling(
  stripe: Stripe,
  settings: StripeSettings,
  now: () => number = Date.now,
): ProviderBilling {
  // Each price asked at most once per PRICE_CACHE_MS; concurrent askers share one request.
  const cached = new Map<string, { at: number; price: ProviderPrice | undefined }>();
  const inflight = new Map<string, Promise<ProviderPrice | undefined>>();

  function price(id: string): Promise<ProviderPrice | undefined> {
    const hit = cached.get(id);
    if (hit && now() - hit.at < PRICE_CACHE_MS) return Promise.resolve(hit.price);
    let pending = inflight.get(id);
    if (!pending) {
      pending = stripe.prices
        .retrieve(id)
        .then((p) => {
          const found = toProviderPrice(p);
          cached.set(id, { at: now(), price: found });
          return found;
        })
        .finally(() => inflight.delete(id));
      inflight.set(id, pending);
    }
    return pending;
  }

  async function previewPlanChange(change: ProviderPlanChange): Promise<ProviderPlanQuote> {
    const { sub, item } = await itemOf(stripe, change.subscriptionId);
    if (change.trialing) return trialQuote(sub, item);
    const preview = await stripe.invoices
      .createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: item.id, price: change.priceId }],
          proration_behavior: 'always_invoice',
          proration_date: unix(change.prorationDate),
        },
      })
      .catch(refused);
    return planQuoteOf(preview);
  }

  /** The PaymentIntent that paid an invoice (its first payment), with its latest charge and payment method. */
  async function invoiceIntent(invoiceId: string): Promise<Stripe.PaymentIntent | null> {
    const payments = await stripe.invoicePayments.list({
      invoice: invoiceId,
      limit: 1,
      expand: INVOICE_PAYMENT_EXPAND,
    });
    const paid = payments.data[0]?.payment?.payment_intent;
    return paid && typeof paid === 'object' ? paid : null;
  }

  return {
    price,

    legacyPriceIds: {
      monthly: settings.priceMonthly,
      ...(settings.priceYearly ? { yearly: settings.priceYearly } : {}),
    },

    previewPlanChange,

    async changePlan(change) {
      const { sub, item } = await itemOf(stripe, change.subscriptionId);
      const updated = await stripe.subscriptions
        .update(
          sub.id,
          {
            items: [{ id: item.id, price: change.priceId }],
            // A trial continues on the new price with nothing to prorate.
            ...(change.trialing
              ? { proration_behavior: 'none' as const }
              : { proration_behavior: 'always_invoice' as const, proration_date: unix(change.prorationDate) }),
            metadata: { ...sub.metadata, plan: change.planKey },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: change.idempotencyKey },
        )
        .catch(refused);
      if (change.trialing) return trialQuote(updated, updated.items?.data?.[0] ?? item);
      // The invoice always_invoice made (expanded; read on its own when Stripe did not expand it).
      const invoice = updated.latest_invoice;
      if (invoice && typeof invoice === 'object') return planQuoteOf(invoice);
      if (typeof invoice === 'string') return planQuoteOf(await stripe.invoices.retrieve(invoice));
      throw new Error('Stripe answered the plan change without its invoice');
    },

    /** The legacy monthly and yearly plans' prices (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
    async prices() {
      const wanted: [PlanPrice['plan'], string | undefined][] = [
        ['monthly', settings.priceMonthly],
        ['yearly', settings.priceYearly],
      ];
      const found = await Promise.all(
        wanted.map(async ([plan, id]): Promise<PlanPrice | undefined> => {
          const p = id ? await price(id) : undefined;
          return p
            ? { plan, amountCents: p.amountCents, currency: p.currency, interval: p.interval ?? 'month' }
            : undefined;
        }),
      );
      return found.filter((p): p is PlanPrice => p !== undefined);
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
          discountCents: (i.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
          // The customer's credit balance the invoice took (total less what was due).
          creditCents: typeof i.total === 'number' ? Math.max(0, i.total - i.amount_due) : 0,
          description: i.billing_reason === 'subscription_update' ? 'Plan change' : (i.description ?? null),
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

    async checkoutPayment(checkoutSessionId) {
      const session = await stripe.checkout.sessions.retrieve(checkoutSessionId, {
        expand: [
          'payment_intent.latest_charge',
          'payment_intent.payment_method',
          'subscription.default_payment_method',
        ],
      });
      let intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      // A subscription's first payment is its first invoice's.
      const invoiceId = typeof session.invoice === 'string' ? session.invoice : (session.invoice?.id ?? null);
      if (!intent && invoiceId) {
        intent = await invoiceIntent(invoiceId);
      }
      const sub = typeof session.subscription === 'object' ? session.subscription : null;
      const cardFingerprint = intentFingerprint(intent) ?? fingerprintOf(sub?.default_payment_method) ?? null;
      return { paymentIntentId: intent?.id ?? null, cardFingerprint };
    },

    async invoiceCard(invoiceId) {
      return { cardFingerprint: intentFingerprint(await invoiceIntent(invoiceId)) };
    },

    async chargeOf(chargeId) {
      const charge = await stripe.charges.retrieve(chargeId);
      return {
        customerId: typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? null),
        cardFingerprint: charge.payment_method_details?.card?.fingerprint ?? null,
      };
    },

    async submitDisputeEvidence(disputeId, evidence) {
      // Stripe takes the service's documentation as a file: the record as text, uploaded for disputes.
      const file = await stripe.files.create({
        purpose: 'dispute_evidence',
        file: {
          data: Buffer.from(evidence.serviceDocumentation, 'utf8'),
          name: `service-${disputeId}.txt`,
          type: 'text/plain',
        },
      });
      await stripe.disputes.update(disputeId, {
        evidence: {
          access_activity_log: evidence.accessActivityLog,
          service_documentation: file.id,
          refund_policy_disclosure: evidence.refundPolicyDisclosure,
          ...(evidence.customerEmailAddress ? { customer_email_address: evidence.customerEmailAddress } : {}),
        },
        submit: true,
      });
    },

    async refund(paymentIntentId, idempotencyKey) {
      await stripe.refunds.create(
        { payment_intent: paymentIntentId, metadata: { reason: 'blacklisted' } },
        { idempotencyKey },
      );
    },

    async cancelNow(subscriptionId, comment) {
      await stripe.subscriptions.cancel(subscriptionId, {
        prorate: false,
        invoice_now: false,
        cancellation_details: { comment: comment.slice(0, 500) },
      });
    },

    async createWinBackOffer(offer) {
      const metadata = { offer: 'win_back', userId: String(offer.userId), subscriptionId: offer.subscriptionId };
      // The coupon repeats on `durationMonths` invoices; one redemption, until the code's expiry.
      const coupon = await stripe.coupons
        .create(
          {
            name: `Win-back ${offer.percentOff}% off`,
            percent_off: offer.percentOff,
            duration: 'repeating',
            duration_in_months: offer.durationMonths,
            max_redemptions: 1,
            redeem_by: unix(offer.expiresAt),
            metadata,
          },
          { idempotencyKey: `${offer.idempotencyKey}-coupon` },
        )
        .catch(refusedForGood('the coupon'));
      // The code the message carries, for the subscriber's customer alone.
      const promotionCode = await stripe.promotionCodes
        .create(
          {
            promotion: { type: 'coupon', coupon: coupon.id },
            code: offer.code,
            customer: offer.customerId,
            max_redemptions: 1,
            expires_at: unix(offer.expiresAt),
            metadata,
          },
          { idempotencyKey: `${offer.idempotencyKey}-promotion-code` },
        )
        .catch(refusedForGood('the promotion code'));
      return { couponId: coupon.id, promotionCodeId: promotionCode.id };
    },

    async promotions() {
      const [codes, sessions] = await Promise.all([
        // A coupon limited to products says so in `applies_to`, which Stripe sends only when asked.
        stripe.promotionCodes.list({
          limit: 100,
          expand: ['data.promotion.coupon', 'data.promotion.coupon.applies_to'],
        }),
        stripe.checkout.sessions.list({ limit: 100, expand: ['data.total_details.breakdown'] }),
      ]);
      const views = codes.data.map((p) => promotionCodeViewOf(p));
      const byId = new Map(codes.data.map((p) => [p.id, p.code]));
      const redemptions = sessions.data
        .filter((cs) => (cs.total_details?.amount_discount ?? 0) > 0)
        .map((cs) => {
          const discount = cs.total_details?.breakdown?.discounts?.[0]?.discount;
          const promo = discount?.promotion_code;
          const promoId = typeof promo === 'string' ? promo : (promo?.id ?? null);
          return {
            code:
              (typeof promo === 'object' && promo ? promo.code : null) ??
              (promoId ? (byId.get(promoId) ?? promoId) : null),
            email: cs.customer_details?.email ?? cs.customer_email ?? null,
            redeemedAt: new Date(cs.created * 1000).toISOString(),
            discountCents: cs.total_details?.amount_discount ?? 0,
            currency: cs.currency ? cs.currency.toUpperCase() : null,
            invoice: typeof cs.invoice === 'string' ? cs.invoice : (cs.invoice?.number ?? cs.invoice?.id ?? null),
          };
        });
      return { codes: views, redemptions };
    },
  };
}

/** A Stripe promotion code as the console lists it (its coupon says the discount). */
function promotionCodeViewOf(p: Stripe.PromotionCode): PromotionCodeView {
  const coupon = typeof p.promotion?.coupon === 'object' && p.promotion.coupon ? p.promotion.coupon : null;
  const terms = {
    percentOff: coupon?.percent_off ?? null,
    amountOffCents: coupon?.amount_off ?? null,
    currency: coupon?.currency ? coupon.currency.toUpperCase() : null,
  };
  return {
    id: p.id,
    code: p.code,
    ...terms,
    label: coupon ? promotionLabel(terms) : 'coupon not readable',
    maxRedemptions: p.max_redemptions,
    timesRedeemed: p.times_redeemed,
    expiresAt: p.expires_at ? new Date(p.expires_at * 1000).toISOString() : null,
    active: p.active,
    createdAt: new Date(p.created * 1000).toISOString(),
    // Stripe Checkout takes a code whose coupon is limited to products only for those products' prices.
    plans: [],
    appliesToProducts: coupon?.applies_to?.products ?? [],
    // A Stripe code cannot belong to an affiliate here: its checkouts tell no code of ours.
    affiliateId: null,
    affiliateCode: null,
  };
}
