import { applyPaymentEvent, createInnerContext, refundBlacklistedCheckout, withDisputedCharge } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import { toPaymentEvent, verifyStripeEvent } from '../adapters/payments/stripe';
import { appSettings, type ServerDeps } from '../deps';
import { registerTelegramWebhookRoute } from './telegram-webhook';

/**
 * `POST /api/webhooks/stripe`: Stripe's events, verified on the raw body with the webhook secret.
 * Each event id is applied once; an error answers 500 so Stripe delivers the event again.
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
      const envelope = await withDisputedCharge(ctx, checked);
      const result = await applyPaymentEvent(ctx, envelope);
      return { received: true, applied: result.applied };
    });
  });
}
