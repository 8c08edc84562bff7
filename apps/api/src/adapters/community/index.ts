import { discordRedirectUri, type CommunityPorts } from '@t0/server';
import type { Config } from '../../config';
import type { RateLimitCounter } from '../../metrics/metrics';
import { createDiscordGuild } from './discord-guild';
import { createPaidTelegramChat } from './telegram-paid-chat';

/** The paid Telegram chat and the Discord role the settings turn on (undefined: neither). Rate-limit answers are counted in `limits`. */
export function createCommunity(config: Config, limits?: RateLimitCounter): CommunityPorts | undefined {
  const { telegramPaidChatId, discord } = config.community;
  const tg = config.telegram;
  const timeoutMs = config.delivery.timeoutMs;
  const ports: CommunityPorts = {
    ...(tg?.webhookSecret && telegramPaidChatId
      ? { telegram: createPaidTelegramChat(tg, telegramPaidChatId, { timeoutMs, limits }) }
      : {}),
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
