import type { DeliveryPorts } from '@t0/contracts/server';
import type { Config } from '../../config';
import { createDiscordChannel } from './discord';
import { createWebhookChannel } from './webhook';

/** The delivery channels the settings turn on; the others are "not configured". */
export function createDelivery(config: Config): DeliveryPorts {
  const d = config.delivery;
  const net = { timeoutMs: d.timeoutMs, allowPrivate: d.allowPrivate };
  return {
    channels: {
      ...(d.webhooksEnabled ? { webhook: createWebhookChannel(net) } : {}),
      ...(d.discordEnabled ? { discord: createDiscordChannel({ ...net, apiBase: d.discordApiBase }) } : {}),
    },
    deskDiscordUrl: d.discordEnabled ? (d.deskDiscordUrl ?? null) : null,
    retryScheduleMs: d.retryScheduleMs,
  };
}
