import { createHash, timingSafeEqual } from 'node:crypto';
import { handleTelegramUpdate } from '@t0/contracts/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

/** Constant-time comparison of the header with the secret (hashed first, so lengths never leak). */
export function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/**
 * `POST /api/webhooks/telegram`: the bot's updates (set with setWebhook and TELEGRAM_WEBHOOK_SECRET).
 * Only a request whose `X-Telegram-Bot-Api-Secret-Token` equals the secret is read (401 otherwise).
 * A handled update answers 200 whatever the bot replied; a database failure answers 500 so
 * Telegram posts the update again.
 */
export async function registerTelegramWebhookRoute(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  app.post('/api/webhooks/telegram', { bodyLimit: 256 * 1024 }, async (req, reply) => {
    const bot = deps.ports.delivery.telegramBot;
    const secret = deps.config.telegram?.webhookSecret;
    if (!bot || !secret) return reply.code(404).send({ message: 'Telegram is not configured', code: 'NOT_FOUND' });
    if (!secretMatches(req.headers['x-telegram-bot-api-secret-token'], secret)) {
      return reply.code(401).send({ message: 'Invalid X-Telegram-Bot-Api-Secret-Token', code: 'UNAUTHORIZED' });
    }
    const outcome = await handleTelegramUpdate({ db: deps.db.db, bot, publicUrl: deps.config.publicUrl, log: req.log, paidChatId: deps.ports.community?.telegram?.chatId }, req.body);
    if (outcome === 'invalid') return reply.code(400).send({ message: 'body must be a Telegram update (update_id)', code: 'BAD_REQUEST' });
    return { ok: true, outcome };
  });
}
