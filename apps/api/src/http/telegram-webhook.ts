import { createHash, timingSafeEqual } from 'node:crypto';
import { telegramUpdateSchema, type TelegramBot } from '@t0/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webhookCallback } from 'grammy';
import type { Update } from 'grammy/types';
import type { ServerDeps } from '../deps';
import { botInfoFor, createUpdateBot, type UpdateState } from './telegram-updates';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const unauthorized = { message: 'Invalid X-Telegram-Bot-Api-Secret-Token', code: 'UNAUTHORIZED' };

/** Constant-time comparison of the header with the secret (hashed first, so lengths never leak). */
export function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/**
 * grammY's Fastify adapter, answering with what came of the update (`{ ok, outcome }`) instead of an
 * empty body; the update is the checked one.
 */
const fastifyWithOutcome =
  (states: WeakMap<Update, UpdateState>) => (req: FastifyRequest, reply: FastifyReply, update: Update) => ({
    update,
    header: req.headers[SECRET_HEADER] as string | undefined,
    end: () => reply.send({ ok: true, outcome: states.get(update)?.outcome ?? 'ignored' }),
    respond: (json: string) => reply.type('application/json').send(json),
    unauthorized: () => reply.code(401).send(unauthorized),
    // Nothing to hand back: Fastify answers through `reply` (this makes the callback a Promise<void>).
    handlerReturn: undefined,
  });

/** The bot's username as grammY needs it to match `/start@Bot`: TELEGRAM_BOT_USERNAME, or getMe once (through the port). */
async function ensureBotInfo(bot: ReturnType<typeof createUpdateBot>, token: string, port: TelegramBot): Promise<void> {
  if (!bot.isInited()) bot.botInfo = botInfoFor(token, await port.username());
}

/**
 * `POST /api/webhooks/telegram`: the bot's updates (set with setWebhook and TELEGRAM_WEBHOOK_SECRET),
 * handled by grammY's webhook callback (`telegram-updates.ts`). Only a request whose
 * `X-Telegram-Bot-Api-Secret-Token` equals the secret is read (401 otherwise): it is compared here
 * first, before anything else happens (grammY would otherwise initialise the bot for an anonymous
 * post), and again by grammY. A body that is not an update is a 400; a handled update answers 200
 * with its outcome whatever the bot replied; a database failure answers 500 so Telegram posts the
 * update again.
 */
export async function registerTelegramWebhookRoute(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const port = deps.ports.delivery.telegramBot;
  const cfg = deps.config.telegram;
  const secret = cfg?.webhookSecret;
  const states = new WeakMap<Update, UpdateState>();
  const bot =
    port && cfg && secret
      ? createUpdateBot(
          cfg.token,
          cfg.apiRoot,
          {
            db: deps.db.db,
            bot: port,
            publicUrl: deps.config.publicUrl,
            paidChats: deps.ports.community?.telegram !== undefined,
            adminEmails: deps.config.adminEmails,
            messagesPerDay: deps.config.messagesPerDay,
          },
          states,
        )
      : null;
  if (bot && cfg?.username) bot.botInfo = botInfoFor(cfg.token, cfg.username);
  const handle = bot && secret ? webhookCallback(bot, fastifyWithOutcome(states), { secretToken: secret }) : null;

  app.post('/api/webhooks/telegram', { bodyLimit: 256 * 1024 }, async (req, reply) => {
    if (!bot || !handle || !port || !cfg || !secret)
      return reply.code(404).send({ message: 'Telegram is not configured', code: 'NOT_FOUND' });
    if (!secretMatches(req.headers[SECRET_HEADER], secret)) return reply.code(401).send(unauthorized);
    const parsed = telegramUpdateSchema.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ message: 'body must be a Telegram update (update_id)', code: 'BAD_REQUEST' });
    const update = parsed.data as unknown as Update;
    states.set(update, { log: req.log, outcome: 'ignored' });
    await ensureBotInfo(bot, cfg.token, port);
    await handle(req, reply, update);
    return reply;
  });
}
