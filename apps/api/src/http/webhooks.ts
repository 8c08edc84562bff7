import {
  applyPaymentEvent,
  createInnerContext,
  refundBlacklistedCheckout,
  withDisputedCharge,
  withInvoiceCard,
} from '@t0/server';
import type { FastifyInstance } from 'fastify';
import { toPaymentEvent, verifyStripeEvent } from '../adapters/payments/stripe';
import { toWhopDelivery, verifyWhopWebhook, type WhopHeaders } from '../adapters/payments/whop';
import { appSettings, type ServerDeps } from '../deps';
import { registerTelegramWebhookRoute } from './telegram-webhook';

/**
 * `POST /api/webhooks/stripe`: Stripe's events, verified on the raw body with the webhook secret.
 * Each event id is applied once; an error answers 500 so Stripe delivers the event again.
 * `POST /api/webhooks/whop`: Whop's, verified with Standard Webhooks (docs/features/whop.md); each
 * webhook id is applied once, through the same payment path.
 */
export async function registerWebhookRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  // Telegram's updates are plain JSON, checked by their secret header (not a body signature).
  await registerTelegramWebhookRoute(app, deps);
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body raw in this scope only.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post('/api/webhooks/stripe', async (req, reply) => {
      const stripe = deps.config.stripe;
      if (!stripe) return reply.code(404).send({ message: 'Stripe webhooks are not configured', code: 'NOT_FOUND' });
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
        return reply.code(400).send({ message: 'Missing Stripe signature', code: 'BAD_REQUEST' });
      }
      let event;
      try {
        event = verifyStripeEvent(req.body, signature, stripe.webhookSecret);
      } catch (err) {
        req.log.warn({ err }, 'Stripe webhook refused: bad signature');
        return reply.code(400).send({ message: 'Invalid Stripe signature', code: 'BAD_REQUEST' });
      }
      const mapped = toPaymentEvent(event);
      if (!mapped) return { received: true, applied: false };
      const ctx = createInnerContext({
        db: deps.db.db,
        ports: deps.ports,
        settings: appSettings(deps.config),
        log: req.log,
      });
      // A payment by a blacklisted address or card is refunded first, and then grants nothing.
      const checked = await refundBlacklistedCheckout(ctx, {
        id: event.id,
        provider: 'stripe',
        providerType: event.type,
        event: mapped,
      });
      // A dispute names only its charge: the buyer and the card are asked of Stripe first.
      const envelope = await withInvoiceCard(ctx, await withDisputedCharge(ctx, checked));
      const result = await applyPaymentEvent(ctx, envelope);
      return { received: true, applied: result.applied };
    });

    scope.post('/api/webhooks/whop', async (req, reply) => {
      const whop = deps.config.whop;
      if (!whop) {
        return reply
          .code(503)
          .send({ message: 'Whop webhooks are not configured: set WHOP_WEBHOOK_SECRET', code: 'SERVICE_UNAVAILABLE' });
      }
      const header = (name: keyof WhopHeaders) => {
        const value = req.headers[name];
        return typeof value === 'string' && value !== '' ? value : null;
      };
      const headers = {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      };
      const missing = Object.entries(headers).find(([, v]) => v === null)?.[0];
      if (missing || !Buffer.isBuffer(req.body)) {
        return reply
          .code(400)
          .send({ message: `Missing Whop signature: ${missing ?? 'the body'} is required`, code: 'BAD_REQUEST' });
      }
      const signed = headers as WhopHeaders;
      let body: unknown;
      try {
        body = verifyWhopWebhook(req.body, signed, whop.webhookSecret);
      } catch (err) {
        req.log.warn({ err }, 'Whop webhook refused: bad signature or stale timestamp');
        return reply
          .code(400)
          .send({ message: 'Invalid Whop signature (or a timestamp more than five minutes off)', code: 'BAD_REQUEST' });
      }
      const delivery = toWhopDelivery(body, signed);
      if (delivery.kind === 'invalid') {
        req.log.warn({ webhookId: signed['webhook-id'], problem: delivery.message }, 'Whop webhook refused');
        return reply.code(400).send({ message: delivery.message, code: 'BAD_REQUEST' });
      }
      if (delivery.kind === 'ignored') {
        req.log.info(
          { webhookId: signed['webhook-id'], type: delivery.type, reason: delivery.reason },
          'Whop event ignored',
        );
        return { received: true, applied: false };
      }
      const ctx = createInnerContext({
        db: deps.db.db,
        ports: deps.ports,
        settings: appSettings(deps.config),
        log: req.log,
      });
      const result = await applyPaymentEvent(ctx, delivery.envelope);
      return { received: true, applied: result.applied };
    });
  });
}
