import type { DeliveryPorts, Logger } from '@t0/server';
import type { Config } from '../../config';
import type { Keys } from '../../config-keys';
import type { RateLimitCounter } from '../../metrics/metrics';
import { createDiscordChannel } from './discord';
import { createTelegram } from './telegram';
import { createWebPushChannel } from './web-push';
import { createWebhookChannel } from './webhook';

/** The delivery channels the settings turn on; the others are "not configured". Rate-limit answers are counted in `limits`. */
export function createDelivery(
  config: Config & { keys: Pick<Keys, 'webPush'> },
  log?: Logger,
  limits?: RateLimitCounter,
): DeliveryPorts {
  const d = config.delivery;
  const net = { timeoutMs: d.timeoutMs, allowPrivate: d.allowPrivate };
  const tg = config.telegram;
  if (tg && !tg.webhookSecret)
    log?.warn('TELEGRAM_BOT_TOKEN is set without TELEGRAM_WEBHOOK_SECRET: Telegram stays "not configured"');
  const telegram = tg?.webhookSecret
    ? createTelegram(tg, { publicUrl: config.publicUrl, timeoutMs: d.timeoutMs, limits })
    : undefined;
  const push = config.keys.webPush.enabled ? config.keys.webPush : undefined;
  return {
    channels: {
      ...(d.webhooksEnabled ? { webhook: createWebhookChannel(net) } : {}),
      ...(d.discordEnabled ? { discord: createDiscordChannel({ ...net, apiBase: d.discordApiBase, limits }) } : {}),
      ...(telegram ? { telegram: telegram.channel } : {}),
      ...(push
        ? {
            web_push: createWebPushChannel({
              ...net,
              publicKey: push.publicKey,
              privateKey: push.privateKey,
              subject: push.subject,
            }),
          }
        : {}),
    },
    deskDiscordUrl: d.discordEnabled ? (d.deskDiscordUrl ?? null) : null,
    retryScheduleMs: d.retryScheduleMs,
    ...(telegram ? { telegramBot: telegram.bot, deskTelegramChatId: tg?.channelId ?? null } : {}),
    ...(push ? { webPushPublicKey: push.publicKey } : {}),
  };
}
