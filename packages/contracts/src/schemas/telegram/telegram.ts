import { z } from 'zod';

// Telegram linking (docs/features/telegram.md): the profile's status, the one-time deep link and unlinking.

/** A link code works once, for this long. */
export const TELEGRAM_LINK_TTL_MS = 15 * 60 * 1000;

export const telegramStatusSchema = z.object({
  /** Whether this server has a Telegram bot (TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET). */
  configured: z.boolean(),
  linked: z.boolean(),
  /** The linked Telegram account's @username (without "@"), when it has one. */
  username: z.string().nullable(),
  linkedAt: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

export const telegramLinkSchema = z.object({
  /** `https://t.me/<bot>?start=<code>`: opening it and pressing START links the chat. */
  url: z.string(),
  botUsername: z.string(),
  expiresAt: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
