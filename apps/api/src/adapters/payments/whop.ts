import {
  firstWhopTime,
  whopDisputeStep,
  whopMembershipStatus,
  whopMinorUnits,
  whopRefundCounts,
  whopSigningKey,
  whopTime,
} from '@t0/contracts/domain/billing/whop';
import type { PaymentEvent, PaymentEventEnvelope } from '@t0/server';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';

// Whop's webhooks (docs/features/whop.md), signed with Standard Webhooks: verified here, then
// translated into the product's payment events. Parsing is tolerant (API v1's objects and the older
// webhooks' ids and fields, anything else passed over) and strict on what an event needs.

/** The three Standard Webhooks headers. */
export interface WhopHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The delivery's body when its signature is good (Standard Webhooks: HMAC-SHA256 of id, timestamp
 * and body, the timestamp within five minutes); throws otherwise.
 */
export function verifyWhopWebhook(body: Buffer, headers: WhopHeaders, secret: string): unknown {
  return new Webhook(whopSigningKey(secret)).verify(body, { ...headers });
}

/** What a verified delivery is: an event to apply, one passed over (answered 200), or one missing what it needs (400). */
export type WhopDelivery =
  | { kind: 'event'; envelope: PaymentEventEnvelope }
  | { kind: 'ignored'; type: string; reason: string }
  | { kind: 'invalid'; message: string };

/** An id, or an object with one (API v1 nests `{ id }` where the older webhooks put the id). */
const ref = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();
const idOf = (v: z.infer<typeof ref>): string | null => (typeof v === 'string' ? v : (v?.id ?? null)) || null;
const user = z.union([z.string(), z.looseObject({ id: z.string(), email: z.string().nullish() })]).nullish();
const emailOf = (v: z.infer<typeof user>): string | null => (v && typeof v === 'object' ? (v.email ?? null) : null);
const currency = z
  .string({ error: 'currency is required' })
  .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code');

const envelopeSchema = z.looseObject({
  type: z.string().optional(),
  action: z.string().optional(),
  timestamp: z.unknown().optional(),
  data: z.unknown().optional(),
});

const membershipSchema = z.looseObject({
  id: z.string({ error: 'id (the membership) is required' }).min(1, 'id (the membership) is required'),
  status: z.string().nullish(),
  user,
  user_id: z.string().nullish(),
  email: z.string().nullish(),
  plan: ref,
  plan_id: z.string().nullish(),
  updated_at: z.unknown().optional(),
  created_at: z.unknown().optional(),
});

/** A payment as it appears on its own or nested in a refund or dispute. */
const paymentRefSchema = z.union([z.string(), z.looseObject({ id: z.string(), user, membership: ref, plan: ref })]);

const paymentSchema = z.looseObject({
  id: z.string({ error: 'id (the payment) is required' }).min(1, 'id (the payment) is required'),
  total: z.unknown().optional(),
  final_amount: z.unknown().optional(),
  amount: z.unknown().optional(),
  subtotal: z.unknown().optional(),
  amount_after_fees: z.unknown().optional(),
  currency,
  user,
  user_id: z.string().nullish(),
  email: z.string().nullish(),
  membership: ref,
  membership_id: z.string().nullish(),
  plan: ref,
  plan_id: z.string().nullish(),
  paid_at: z.unknown().optional(),
  created_at: z.unknown().optional(),
});

const refundSchema = z.looseObject({
  id: z.string({ error: 'id (the refund) is required' }).min(1, 'id (the refund) is required'),
  amount: z.unknown().optional(),
  currency,
  status: z.string().nullish(),
  payment: paymentRefSchema.nullish(),
  payment_id: z.string().nullish(),
  created_at: z.unknown().optional(),
});

const disputeSchema = z.looseObject({
  id: z.string({ error: 'id (the dispute) is required' }).min(1, 'id (the dispute) is required'),
  amount: z.unknown().optional(),
  currency,
  status: z.string().nullish(),
  payment: paymentRefSchema.nullish(),
  payment_id: z.string().nullish(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
});

const paymentIdOf = (d: { payment?: z.infer<typeof paymentRefSchema> | null; payment_id?: string | null }) =>
  (typeof d.payment === 'string' ? d.payment : d.payment?.id) ?? d.payment_id ?? null;
const paymentUserOf = (d: { payment?: z.infer<typeof paymentRefSchema> | null }) =>
  d.payment && typeof d.payment === 'object' ? idOf(d.payment.user) : null;

type Parsed<T> = { ok: true; data: T } | { ok: false; message: string };
function parse<T>(schema: z.ZodType<T>, data: unknown): Parsed<T> {
  const r = schema.safeParse(data ?? {});
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0]!;
  const field = ['data', ...issue.path.map(String)].join('.');
  return { ok: false, message: `${field}: ${issue.message}` };
}

/** A required amount in minor units, or the message naming it. */
function amountOf(field: string, ...values: unknown[]): Parsed<number> {
  for (const v of values) {
    if (v === undefined || v === null) continue;
    const minor = whopMinorUnits(v);
    return minor === null
      ? { ok: false, message: `data.${field}: must be an amount of 0 or more` }
      : { ok: true, data: minor };
  }
  return { ok: false, message: `data.${field}: is required` };
}

/** Translates a verified delivery; `headers` give its id and, last, its time. */
export function toWhopDelivery(body: unknown, headers: WhopHeaders): WhopDelivery {
  const env = envelopeSchema.safeParse(body);
  if (!env.success) return { kind: 'invalid', message: 'The body must be a JSON object' };
  const type = env.data.type ?? env.data.action;
  if (!type) return { kind: 'invalid', message: 'type: is required' };
  const sentAt = whopTime(headers['webhook-timestamp']) ?? new Date();
  const event = (e: PaymentEvent): WhopDelivery => ({
    kind: 'event',
    envelope: { id: headers['webhook-id'], provider: 'whop', providerType: type, event: e },
  });

  if (
    ['membership.activated', 'membership.went_valid', 'membership.deactivated', 'membership.went_invalid'].includes(
      type,
    )
  ) {
    const m = parse(membershipSchema, env.data.data);
    if (!m.ok) return { kind: 'invalid', message: m.message };
    const d = m.data;
    const activated = type === 'membership.activated' || type === 'membership.went_valid';
    return event({
      type: 'whop.membership',
      membershipId: d.id,
      whopUserId: idOf(d.user) ?? d.user_id ?? null,
      email: emailOf(d.user) ?? d.email ?? null,
      whopPlanId: idOf(d.plan) ?? d.plan_id ?? null,
      status: whopMembershipStatus(activated, d.status),
      occurredAt: firstWhopTime(d.updated_at, env.data.timestamp, d.created_at) ?? sentAt,
    });
  }

  if (type === 'payment.succeeded') {
    const p = parse(paymentSchema, env.data.data);
    if (!p.ok) return { kind: 'invalid', message: p.message };
    const d = p.data;
    const amount = amountOf('total', d.total, d.final_amount, d.amount, d.subtotal);
    if (!amount.ok) return { kind: 'invalid', message: amount.message };
    const net = whopMinorUnits(d.amount_after_fees);
    return event({
      type: 'whop.payment',
      payment: {
        objectId: d.id,
        chargeId: d.id,
        amount: amount.data,
        currency: d.currency.toUpperCase(),
        fee: net !== null && net <= amount.data ? amount.data - net : null,
      },
      membershipId: idOf(d.membership) ?? d.membership_id ?? null,
      whopUserId: idOf(d.user) ?? d.user_id ?? null,
      email: emailOf(d.user) ?? d.email ?? null,
      whopPlanId: idOf(d.plan) ?? d.plan_id ?? null,
      occurredAt: firstWhopTime(d.paid_at, d.created_at, env.data.timestamp) ?? sentAt,
    });
  }

  if (type.startsWith('refund.')) {
    const r = parse(refundSchema, env.data.data);
    if (!r.ok) return { kind: 'invalid', message: r.message };
    const d = r.data;
    if (!whopRefundCounts(d.status))
      return { kind: 'ignored', type, reason: `refund ${d.status ?? ''} not yet succeeded` };
    const amount = amountOf('amount', d.amount);
    if (!amount.ok) return { kind: 'invalid', message: amount.message };
    const paymentId = paymentIdOf(d);
    const occurredAt = firstWhopTime(d.created_at, env.data.timestamp) ?? sentAt;
    return event({
      type: 'charge.refunded',
      // A refund Whop tells without its payment is still recorded, under its own id.
      chargeId: paymentId ?? d.id,
      customerId: null,
      whopUserId: paymentUserOf(d),
      refunds: [{ id: d.id, amount: amount.data, currency: d.currency.toUpperCase(), occurredAt }],
      occurredAt,
    });
  }

  if (type.startsWith('dispute.')) {
    const r = parse(disputeSchema, env.data.data);
    if (!r.ok) return { kind: 'invalid', message: r.message };
    const d = r.data;
    const step = whopDisputeStep(d.status);
    if (!step) return { kind: 'ignored', type, reason: `dispute ${d.status ?? ''} tells no outcome` };
    const amount = amountOf('amount', d.amount);
    if (!amount.ok) return { kind: 'invalid', message: amount.message };
    const base = {
      disputeId: d.id,
      chargeId: paymentIdOf(d),
      amount: amount.data,
      currency: d.currency.toUpperCase(),
    };
    if (step === 'opened')
      return event({
        type: 'dispute.opened',
        ...base,
        whopUserId: paymentUserOf(d),
        occurredAt: firstWhopTime(d.created_at, env.data.timestamp) ?? sentAt,
      });
    return event({
      type: 'dispute.closed',
      ...base,
      outcome: step,
      occurredAt: firstWhopTime(d.updated_at, env.data.timestamp, d.created_at) ?? sentAt,
    });
  }

  return { kind: 'ignored', type, reason: 'not an event this product acts on' };
}
