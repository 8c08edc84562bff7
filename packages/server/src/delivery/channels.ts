import { holdsRoom } from '@t0/contracts/domain/access/access';
import type { Db, DeliveryRow } from '@t0/db';
import {
  DELIVERY_CHANNELS,
  routeEvent,
  type DeliveryChannel,
  type DeliveryEvent,
  type Route,
} from '@t0/contracts/domain/delivery/delivery';
import type { MailKind } from '@t0/contracts/domain/mail/mail-kinds';
import type { Logger } from '../core/context';
import type { DeliveryMessage, DeliveryPorts, DeliveryTarget, Mailer } from '../ports';
import type { Recipient } from './deliveries.queries';
import { disableEndpoint, findEndpointTarget, readDeliveryChoices } from './deliveries.queries';
import { findUserEmail } from '../auth/users.queries';
import { pushTargetOf } from '../push/push-subscriptions.queries';
import { findTelegramLink, unlinkChat } from '../telegram/telegram.queries';
import { wordsFor } from '../core/words';

// The dispatcher's channels: in-app, e-mail, web push, Telegram, Discord and webhooks are
// each one `ChannelPort` in CHANNEL_PORTS. A port owns everything particular to its channel: whether
// it can reach a subscriber, the addresses one routed event becomes, where a delivery goes at send
// time, how it is sent and what a permanent failure does. What is common — the subscriber's channel
// matrix, the spec's alert switches, the instrument filter, the analysts followed or muted per channel and quiet hours ("urgent still comes") —
// is decided once, by `routeEvent`, for every channel alike (`routesFor`).
//
// Adding a channel: its name in DELIVERY_CHANNELS (domain/delivery/delivery.ts, which also gives it a column
// in the profile's matrix), one adapter (a ChannelPort here, with its transport in
// apps/api/src/adapters/delivery when it talks to a service), and one line in CHANNEL_PORTS.

/** What a port may read to tell whether it reaches a subscriber. */
export interface ReachContext {
  delivery: DeliveryPorts;
  /** Subscribers with at least one browser enabled for web push. */
  pushUsers: ReadonlySet<number>;
}

/** What a port may use when it sends or deals with a failure. */
export interface PortDeps {
  db: Db;
  delivery: DeliveryPorts;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
}

/** One address a routed event becomes for one subscriber: its delivery key's tail and its endpoint. */
export interface PortTarget {
  key: string;
  endpointId: number | null;
}

export interface ChannelPort {
  readonly channel: DeliveryChannel;
  /**
   * How a routed event is carried. `deliveries`: one delivery record and one `deliver` job per
   * address (retries, order, the console's figures). `own`: the channel keeps its own record —
   * the in-app list (written with the change itself) and the e-mail log (`signal_emails`, sent in
   * batches by the `signal-emails` job, which asks `routesFor` whom to send to). `signal-emails`:
   * e-mail, whose signals and announcements go by that job, while a subscriber's own items (a price
   * alert, a reply of the desk) go as deliveries (`carriesAsDeliveries`).
   */
  readonly carrier: 'deliveries' | 'own' | 'signal-emails';
  /** Whether the channel is turned on on this server. */
  configured(delivery: DeliveryPorts): boolean;
  /** Whether it can reach this subscriber (configured here and set up by them). */
  reachable(r: Recipient, ctx: ReachContext): boolean;
  /** The addresses one routed event becomes for this subscriber (`deliveries` carriers). */
  targets(r: Recipient): PortTarget[];
  /** Whether the desk's own address (a setting) receives every event on this channel. */
  desk(delivery: DeliveryPorts): boolean;
  /** The desk's address as the console shows it (never a secret). */
  deskLabel(delivery: DeliveryPorts): string;
  /** Where one delivery goes, read at send time (an address changed or removed since applies at once); a string says why it cannot go. */
  resolve(db: Db, d: DeliveryRow, delivery: DeliveryPorts): Promise<DeliveryTarget | string>;
  /** Sends one message; throws ChannelSendError when the receiver did not take it. */
  send(deps: PortDeps, target: DeliveryTarget, message: DeliveryMessage): Promise<void>;
  /** What a delivery that failed for good does to the address (disable it, unlink it); `gone`: the receiver said the address is gone. */
  onPermanentFailure(
    deps: PortDeps,
    d: DeliveryRow,
    target: DeliveryTarget | null,
    reason: string,
    gone: boolean,
  ): Promise<void>;
}

const notConfigured = (): never => {
  throw new Error('not configured');
};

/** A channel sent through its transport adapter (DeliveryPorts.channels), one address per subscriber. */
function transported(channel: DeliveryChannel): Pick<ChannelPort, 'configured' | 'send' | 'targets'> {
  return {
    configured: (delivery) => Boolean(delivery.channels[channel]),
    send: async (deps, target, message) => {
      const transport = deps.delivery.channels[channel];
      if (!transport) notConfigured();
      await transport!.send(target, message);
    },
    targets: () => [{ key: channel, endpointId: null }],
  };
}

const nothing = async () => {};

/** The in-app list: every routed event is there already (written in the change's transaction); never held back. */
const inAppPort: ChannelPort = {
  channel: 'in_app',
  carrier: 'own',
  configured: () => true,
  reachable: () => true,
  targets: () => [],
  desk: () => false,
  deskLabel: () => '',
  resolve: async () => 'in-app items are written with the change',
  send: async () => notConfigured(),
  onPermanentFailure: nothing,
};

/** The e-mail kind of a subscriber's own item (the e-mail log counts by it). */
const ownMailKind = (event: DeliveryMessage['event']): MailKind =>
  event === 'price_alert' ? 'price_alert' : event === 'desk_message' ? 'desk_message' : 'signal';

/**
 * E-mail: the subscriber's address. Signals and announcements go by the `signal-emails` job (batches,
 * retries of those not reached); a subscriber's own items (a price alert, a reply of the desk) go as
 * one delivery each, sent here, read at send time from the account's address.
 */
const emailPort: ChannelPort = {
  channel: 'email',
  carrier: 'signal-emails',
  configured: () => true,
  reachable: (r) => r.email.length > 0,
  targets: () => [{ key: 'email', endpointId: null }],
  desk: () => false,
  deskLabel: () => '',
  resolve: async (db, d) => {
    if (d.userId === null) return 'not configured';
    const owner = await findUserEmail(db, d.userId);
    return owner ? { url: `mailto:${owner.email}` } : 'no e-mail address';
  },
  send: async (deps, target, message) => {
    const t = wordsFor(message.language);
    await deps.mailer.send({
      kind: ownMailKind(message.event),
      to: target.url.replace(/^mailto:/, ''),
      subject: t('mail:own.subject', { title: message.title }),
      text:
        `${message.text}\n\n${deps.publicUrl}${message.path ?? '/dashboard'}\n\n` +
        `${t('mail:own.choices', { url: `${deps.publicUrl}/profile?section=alerts` })}\n`,
    });
  },
  onPermanentFailure: nothing,
};

/**
 * Whether a routed item goes as delivery records (and `deliver` jobs) on this port: always on a
 * `deliveries` carrier; on e-mail, only a subscriber's own item, which the signal e-mails do not carry.
 */
export const carriesAsDeliveries = (port: ChannelPort | undefined, ownItem: boolean): port is ChannelPort =>
  port !== undefined && (port.carrier === 'deliveries' || (port.carrier === 'signal-emails' && ownItem));

/** Web push: one delivery covers every browser of the subscriber; a browser the push service calls gone is dropped as it answers. */
const webPushPort: ChannelPort = {
  channel: 'web_push',
  carrier: 'deliveries',
  ...transported('web_push'),
  reachable: (r, ctx) => Boolean(ctx.delivery.channels.web_push) && ctx.pushUsers.has(r.id),
  desk: () => false,
  deskLabel: () => '',
  resolve: async (db, d) => {
    if (d.userId === null) return 'not configured';
    // Every browser as it is now (a removed one gets nothing); each answer is recorded, a gone one deleted.
    return (await pushTargetOf(db, d.userId)) ?? 'no push subscription';
  },
  onPermanentFailure: nothing,
};

/** Telegram: the linked chat (or the desk channel); a chat that blocked the bot or is gone is unlinked. */
const telegramPort: ChannelPort = {
  channel: 'telegram',
  carrier: 'deliveries',
  ...transported('telegram'),
  reachable: (r, ctx) => Boolean(ctx.delivery.channels.telegram) && r.telegramChatId !== null,
  desk: (delivery) => Boolean(delivery.deskTelegramChatId && delivery.channels.telegram),
  deskLabel: (delivery) => delivery.deskTelegramChatId ?? '',
  resolve: async (db, d, delivery) => {
    if (d.userId === null)
      return delivery.deskTelegramChatId
        ? { url: 'telegram:desk', chatId: delivery.deskTelegramChatId }
        : 'not configured';
    const link = await findTelegramLink(db, d.userId);
    return link ? { url: `telegram:${link.chatId}`, chatId: link.chatId } : 'Telegram not linked';
  },
  onPermanentFailure: async (deps, d, target, reason, gone) => {
    if (!gone || !target?.chatId) return;
    if (d.userId === null) {
      deps.log.error(
        { reason },
        'the desk Telegram channel refuses messages: check TELEGRAM_CHANNEL_ID and that the bot is an administrator there',
      );
      return;
    }
    await unlinkChat(deps.db, target.chatId);
    deps.log.info({ userId: d.userId, reason }, 'Telegram chat unlinked: it no longer accepts messages');
  },
};

/** Discord: the subscriber's own Discord webhook (or the desk's). */
const discordPort: ChannelPort = {
  channel: 'discord',
  carrier: 'deliveries',
  ...transported('discord'),
  reachable: (r, ctx) => Boolean(ctx.delivery.channels.discord) && Boolean(r.choices.discordWebhookUrl),
  desk: (delivery) => Boolean(delivery.deskDiscordUrl && delivery.channels.discord),
  // The webhook's host and id, never its token.
  deskLabel: (delivery) => {
    try {
      const url = new URL(delivery.deskDiscordUrl ?? '');
      const id = url.pathname.split('/').filter(Boolean).at(-2) ?? '';
      return `${url.host} webhook ${id}`;
    } catch {
      return 'set';
    }
  },
  resolve: async (db, d, delivery) => {
    if (d.userId === null) return delivery.deskDiscordUrl ? { url: delivery.deskDiscordUrl } : 'not configured';
    const url = (await readDeliveryChoices(db, d.userId)).discordWebhookUrl;
    return url ? { url } : 'no Discord webhook set';
  },
  onPermanentFailure: nothing,
};

/** Webhooks: every enabled endpoint of the subscriber; one that keeps failing is disabled and its owner told. */
const webhookPort: ChannelPort = {
  channel: 'webhook',
  carrier: 'deliveries',
  ...transported('webhook'),
  reachable: (r, ctx) => Boolean(ctx.delivery.channels.webhook) && r.endpoints.length > 0,
  targets: (r) => r.endpoints.map((ep) => ({ key: `webhook:${ep.id}`, endpointId: ep.id })),
  desk: () => false,
  deskLabel: () => '',
  resolve: async (db, d) => {
    if (d.endpointId === null) return 'endpoint removed';
    const ep = await findEndpointTarget(db, d.endpointId);
    if (!ep) return 'endpoint removed';
    if (!ep.enabled) return 'endpoint disabled';
    return { url: ep.url, secret: ep.secret };
  },
  onPermanentFailure: async (deps, d, _target, reason) => {
    if (d.endpointId === null || d.userId === null) return;
    const ep = await disableEndpoint(deps.db, d.endpointId, reason);
    if (!ep) return;
    const owner = await findUserEmail(deps.db, d.userId);
    if (!owner) return;
    try {
      await deps.mailer.send({
        kind: 'endpoint_disabled',
        to: owner.email,
        subject: 'T0 Terminal: your webhook endpoint was disabled',
        text:
          `Deliveries to your webhook endpoint ${ep.url} kept failing (${reason}), so it has been disabled.\n\n` +
          `Fix the receiver, then enable it again under Profile → Alerts → Webhooks: ${deps.publicUrl}/profile\n`,
      });
    } catch (err) {
      deps.log.error({ err, endpointId: d.endpointId }, 'webhook disabled notice not sent');
    }
  },
};

/** Every channel, in the order the profile shows them. Adding a channel: one adapter, one line here. */
export const CHANNEL_PORTS: readonly ChannelPort[] = [
  inAppPort,
  emailPort,
  webPushPort,
  telegramPort,
  discordPort,
  webhookPort,
];

/** The port of a channel name (a stored delivery's), or undefined for one this server does not know. */
export function portOf(channel: string): ChannelPort | undefined {
  return CHANNEL_PORTS.find((p) => p.channel === channel);
}

/** Channels named in the vocabulary without a port (none: checked by the tests). */
export const channelsWithoutPort = (): DeliveryChannel[] => DELIVERY_CHANNELS.filter((c) => !portOf(c));

export interface RoutedItem {
  event: DeliveryEvent;
  urgent: boolean;
  /** The signal's instrument; null for announcements. */
  instrument: string | null;
  /** The room the item belongs to (a signal's; a notification for one room); null: for everyone. */
  room: string | null;
  /** The signal's analyst, whom the subscriber may follow or mute per channel; null or absent: the desk's own, an announcement. */
  analyst?: number | null;
}

/**
 * The one recipient rule: the channels one event goes to for one subscriber, each now or after their
 * quiet hours. Every channel — e-mail and in-app included — is decided here, from what its port
 * reaches and what the subscriber chose.
 */
export function routesFor(r: Recipient, item: RoutedItem, ctx: ReachContext, now: Date): Route[] {
  // The entitlement decision first, for every channel alike: a room's items reach its holders only.
  if (item.room !== null && !holdsRoom(r.viewer, item.room, now.getTime())) return [];
  const reachable = CHANNEL_PORTS.filter((p) => p.configured(ctx.delivery) && p.reachable(r, ctx)).map(
    (p) => p.channel,
  );
  return routeEvent({
    event: item.event,
    urgent: item.urgent,
    instrument: item.instrument,
    analyst: item.analyst ?? null,
    choices: r.choices,
    alerts: r.alerts,
    timeZone: r.timeZone,
    now,
    reachable,
  });
}
