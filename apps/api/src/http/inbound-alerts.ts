import { ALERT_BODY_MAX_BYTES, INBOUND_ALERTS_PATH } from '@t0/contracts';
import { receiveAlert } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

/**
 * `POST /api/inbound/alerts/{sourceToken}`: TradingView's alert webhooks. TradingView cannot sign a
 * request, so the secret is the token in the path. It sends `application/json` when the message
 * looks like JSON and `text/plain` otherwise: both are read as text and parsed here, so the answer
 * is the same. 404 for an unknown or revoked token, 429 past the source's budget (with
 * `Retry-After`), 400 naming the fields (the API's error body), 201 for a new draft, 200 when
 * folded into the last one. Its OpenAPI operation is written in `packages/server/src/openapi.ts`.
 */
export async function registerInboundAlertRoute(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: ALERT_BODY_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    scope.post<{ Params: { sourceToken: string } }>(`${INBOUND_ALERTS_PATH}/:sourceToken`, async (req, reply) => {
      const outcome = await receiveAlert(
        {
          db: deps.db.db,
          jobs: deps.ports.jobs,
          delivery: deps.ports.delivery,
          log: req.log,
          publicUrl: deps.config.publicUrl,
          perMinute: deps.config.inboundAlertsPerMinute,
        },
        req.params.sourceToken,
        typeof req.body === 'string' ? req.body : '',
      );
      switch (outcome.kind) {
        case 'not_found':
          return reply
            .code(404)
            .send({ message: 'No alert source has this URL (wrong or revoked token)', code: 'NOT_FOUND' });
        case 'rate_limited':
          return reply
            .code(429)
            .header('retry-after', String(outcome.retryAfterSeconds))
            .send({
              message: `Too many alerts from this source: at most ${deps.config.inboundAlertsPerMinute} a minute`,
              code: 'TOO_MANY_REQUESTS',
            });
        case 'invalid':
          return reply
            .code(400)
            .send({ message: outcome.issues[0]!.message, code: 'BAD_REQUEST', fields: outcome.issues });
        default:
          return reply
            .code(outcome.kind === 'created' ? 201 : 200)
            .send({ outcome: outcome.kind, draft: outcome.draft });
      }
    });
  });
}
