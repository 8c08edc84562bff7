import type { DeliveryChannel, DeliveryEvent } from '../../domain/delivery';

/** What every channel receives: one event, worded once, with the signal's levels when it has them. */
export interface DeliveryMessage {
  /** Stable per delivery (the webhook-id): a retry carries the same id. */
  id: string;
  event: DeliveryEvent | 'test';
  urgent: boolean;
  title: string;
  text: string;
  occurredAt: string;
  signal?: {
    id: number;
    instrument: string;
    direction: string;
    status: string;
    entryPrice: number;
    slPrice: number;
    t0Price: number;
    t1Price: number;
    price: number | null;
  };
}

/** Where one delivery goes: a channel's own address for this recipient. */
export interface DeliveryTarget {
  url: string;
  /** Webhooks: `whsec_<base64>` signing secret. */
  secret?: string;
}

/** A send that did not go through. `retryAfterMs`: the receiver asked to wait (429); `permanent`: do not retry. */
export class ChannelSendError extends Error {
  override readonly name = 'ChannelSendError';
  constructor(
    message: string,
    readonly opts: { retryAfterMs?: number; permanent?: boolean } = {},
  ) {
    super(message);
  }
}

/**
 * One delivery channel (Discord, webhook; web push and Telegram later). `send` resolves when the
 * receiver accepted the message and throws ChannelSendError otherwise.
 */
export interface ChannelPort {
  readonly channel: DeliveryChannel;
  send(target: DeliveryTarget, message: DeliveryMessage): Promise<void>;
  /** A reason the address cannot be used (scheme, host, private address), or null when it can. */
  checkTarget(url: string): Promise<string | null>;
}

/** The delivery adapters and their settings, built once by the server. */
export interface DeliveryPorts {
  /** Channels with an adapter; a missing one is "not configured" and skipped. */
  channels: Partial<Record<DeliveryChannel, ChannelPort>>;
  /** The desk's own Discord webhook (DISCORD_DESK_WEBHOOK_URL), or null. */
  deskDiscordUrl: string | null;
  /** Waits between attempts of a failing delivery; past the last one it fails for good. */
  retryScheduleMs: readonly number[];
}
