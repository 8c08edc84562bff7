import { discordRedirectUri, type CommunityPorts } from '@t0/server';
import type { Config } from '../../config';
import type { RateLimitCounter } from '../../metrics/metrics';
import { createDiscordGuild } from './discord-guild';
import { createPaidTelegramChats } from './telegram-paid-chat';

/**
 * The paid Telegram chats and the Discord roles the settings turn on (undefined: neither): the
 * Telegram bot with its webhook (the rooms' chats, and TELEGRAM_PAID_CHAT_ID for the default room),
 * the Discord bot and application (the rooms' roles, and DISCORD_SUBSCRIBER_ROLE_ID). Rate-limit
 * answers are counted in `limits`.
 */
export function createCommunity(config: Config, limits?: RateLimitCounter): CommunityPorts | undefined {
  const { discord } = config.community;
  const tg = config.telegram;
  const timeoutMs = config.delivery.timeoutMs;
  const ports: CommunityPorts = {
    ...(tg?.webhookSecret ? { telegram: createPaidTelegramChats(tg, { timeoutMs, limits }) } : {}),
    ...(discord
      ? {
          discord: createDiscordGuild(discord, {
            publicUrl: config.publicUrl,
            redirectUri: discordRedirectUri(config.publicUrl),
            timeoutMs,
            limits,
          }),
        }
      : {}),
  };
  return ports.telegram || ports.discord ? ports : undefined;
}
