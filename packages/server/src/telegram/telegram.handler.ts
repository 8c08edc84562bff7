import { createHash, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { TELEGRAM_LINK_TTL_MS, type TelegramLink, type TelegramStatus } from '@t0/contracts/schemas/telegram/telegram';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';
import { wordsFor } from '../core/words';
import { subscriberLanguage } from '../preferences/language';
import { createLinkCode, findTelegramLink, toTelegramStatus, unlinkUser } from './telegram.queries';

type Ctx = Pick<Context, 'db' | 'ports' | 'log'> & { user: { id: number } };

/** A link code's stored form. */
export const hashLinkCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** 24 random bytes, base64url: 32 characters, inside Telegram's 64 for a /start parameter. */
const newLinkCode = () => randomBytes(24).toString('base64url');

export async function telegramStatusHandler(ctx: Ctx): Promise<TelegramStatus> {
  return toTelegramStatus(ctx.ports.delivery.telegramBot !== undefined, await findTelegramLink(ctx.db, ctx.user.id));
}

/** A one-time deep link `https://t.me/<bot>?start=<code>` (15 minutes); a newer link replaces it. */
export async function createTelegramLinkHandler(ctx: Ctx): Promise<TelegramLink> {
  const bot = ctx.ports.delivery.telegramBot;
  if (!bot) throw badRequest('Telegram is not configured on this server');
  let username: string;
  try {
    username = await bot.username();
  } catch (err) {
    ctx.log.warn({ err }, 'Telegram bot username could not be read');
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Telegram cannot be reached right now; try again in a moment',
    });
  }
  const code = newLinkCode();
  const expiresAt = new Date(Date.now() + TELEGRAM_LINK_TTL_MS);
  await createLinkCode(ctx.db, ctx.user.id, hashLinkCode(code), expiresAt);
  return {
    url: `https://t.me/${encodeURIComponent(username)}?start=${code}`,
    botUsername: username,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * UNLINK in the profile: the chat is told in the account's language, in the background (Telegram
 * being slow never holds the answer).
 */
export async function unlinkTelegramHandler(ctx: Ctx): Promise<TelegramStatus> {
  const chatId = await unlinkUser(ctx.db, ctx.user.id);
  const bot = ctx.ports.delivery.telegramBot;
  if (chatId && bot) {
    const t = wordsFor(await subscriberLanguage(ctx.db, ctx.user.id));
    bot
      .reply(chatId, t('bot:unlinkedFromProfile'))
      .catch((err: unknown) => ctx.log.warn({ err }, 'Telegram unlink notice not sent'));
  }
  return toTelegramStatus(bot !== undefined, undefined);
}
