import type { Language } from '@t0/contracts/domain/languages/languages';
import type { SignalLabels } from '@t0/contracts/schemas/signals/signal-labels';
import type { DeliveryChannel, DeliveryEvent } from '@t0/contracts/domain/delivery/delivery';
import type { TelegramBot } from './telegram';

/** What every channel receives: one event, worded once, with the signal's levels when it has them. */
export interface DeliveryMessage {
  /** Stable per delivery (the webhook-id): a retry carries the same id. */
  id: string;
  event: DeliveryEvent | 'test';
  urgent: boolean;
  title: string;
  text: string;
  occurredAt: string;
  /**
   * The language its words are in and the channel writes its own in (the subscriber's; the desk's
   * default for the desk's group chats; English for webhooks, read by scripts). Absent: English.
   */
  language?: Language;
  /** Where in the terminal the message leads (`/messages`); absent: the terminal's dashboard. */
  path?: string;
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
    /** market, limit or stop (how a pending order fills). */
    orderType: string;
    /** Percent of the position taken at T0 (the rest at T1). */
    t0Share: number;
  };
  /**
   * A signal's labels (EU MAR Art. 20) as they stood at the fan-out: the author line, the times,
   * the analyst's disclosure, the desk's risk warning and the disclosure page (stored as its path,
   * sent as the address). E-mail and webhooks carry them whole; web push, Telegram and Discord
   * a short line with the link.
   */
  labels?: SignalLabels;
  /**
   * Set when this is sent again after an attempt that was cut off mid-send (its process killed):
   * the receiver may have it already. Never stored; the same `id` as the first attempt. Webhooks
   * dedupe on `webhook-id` and browsers on the id in the push; Telegram and Discord keep no id of
   * ours, so their message says it is a repeat and arrives without a sound.
   */
  redelivery?: boolean;
}

/** One browser's web push subscription. */
export interface PushDevice {
  id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
}

/** What a push service answered for one device: accepted, gone (404/410: removed), or failed. */
export type PushDeviceOutcome = 'accepted' | 'gone' | 'failed';

/** Where one delivery goes: a channel's own address for this recipient. */
export interface DeliveryTarget {
  /** The address (webhook, Discord); web push: unused, its devices are in `push`. */
  url: string;
  /** Telegram: the chat to send to (a linked subscriber's, or the desk channel). */
  chatId?: string;
  /** Webhooks: `whsec_<base64>` signing secret. */
  secret?: string;
  /**
   * Web push: every browser of the recipient (one delivery covers them all), and where the
   * adapter reports each answer (a gone subscription is deleted there).
   */
  push?: { devices: PushDevice[]; report(deviceId: number, outcome: PushDeviceOutcome): Promise<void> };
}

/**
 * A send that did not go through. `retryAfterMs`: the receiver asked to wait (429); `permanent`: do
 * not retry; `targetGone`: the address itself is gone for good (a Telegram chat that blocked the bot),
 * so the link to it is removed.
 */
export class ChannelSendError extends Error {
  override readonly name = 'ChannelSendError';
  constructor(
    message: string,
    readonly opts: { retryAfterMs?: number; permanent?: boolean; targetGone?: boolean } = {},
  ) {
    super(message);
  }
}

/**
 * One delivery channel (Discord, webhook, web push; Telegram later). `send` resolves when the
 * receiver accepted the message and throws ChannelSendError otherwise.
 */
export interface ChannelTransport {
  readonly channel: DeliveryChannel;
  send(target: DeliveryTarget, message: DeliveryMessage): Promise<void>;
  /** A reason the address cannot be used (scheme, host, private address), or null when it can. */
  checkTarget(url: string): Promise<string | null>;
}

/** The delivery adapters and their settings, built once by the server. */
export interface DeliveryPorts {
  /** Channels with an adapter; a missing one is "not configured" and skipped. */
  channels: Partial<Record<DeliveryChannel, ChannelTransport>>;
  /** The desk's own Discord webhook (DISCORD_DESK_WEBHOOK_URL), or null. */
  deskDiscordUrl: string | null;
  /** Waits between attempts of a failing delivery; past the last one it fails for good. */
  retryScheduleMs: readonly number[];
  /** The Telegram bot (TELEGRAM_BOT_TOKEN), for linking chats; absent: Telegram is not configured. */
  telegramBot?: TelegramBot;
  /** The desk's own Telegram channel (TELEGRAM_CHANNEL_ID), or null. */
  deskTelegramChatId?: string | null;
  /** Web push: the VAPID public key browsers subscribe with (absent: web push not configured). */
  webPushPublicKey?: string;
}
