import type { DeliveryChannel, DeliveryEvent } from '@t0/contracts';
import profile from '../../locales/en/profile.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The profile's words (`profile` namespace): its English catalogue comes with the profile's own
// chunk, never with the landing page's.
addEnglish('profile', profile);

/** `t` and the language on screen, for the profile's sections. */
export const useProfileT = useT;

/** The catalogue key of a subscription's status ("past_due" → PAST DUE), undefined for one it does not know. */
export function statusKey(status: string): string | undefined {
  return STATUS_KEYS[status];
}

const STATUS_KEYS: Record<string, string> = {
  active: 'profile:status.active',
  trialing: 'profile:status.trialing',
  past_due: 'profile:status.past_due',
  cancelling: 'profile:status.cancelling',
  canceled: 'profile:status.canceled',
  incomplete: 'profile:status.incomplete',
  incomplete_expired: 'profile:status.incomplete_expired',
  unpaid: 'profile:status.unpaid',
  paused: 'profile:status.paused',
  inactive: 'profile:status.inactive',
};

/** A Stripe invoice's status in the reader's words; an unknown one as Stripe writes it. */
export const INVOICE_STATUS_KEYS: Record<string, string> = {
  paid: 'profile:invoice.paid',
  open: 'profile:invoice.open',
  void: 'profile:invoice.void',
  uncollectible: 'profile:invoice.uncollectible',
  draft: 'profile:invoice.draft',
  refunded: 'profile:invoice.refunded',
};

/** A delivery event's name in the reader's words (the contracts' DELIVERY_EVENT_LABELS in English). */
export const EVENT_KEYS: Record<DeliveryEvent, string> = {
  published: 'profile:alerts.event.published',
  activated: 'profile:alerts.event.activated',
  t0_hit: 'profile:alerts.event.t0_hit',
  stop_moved: 'profile:alerts.event.stop_moved',
  closed: 'profile:alerts.event.closed',
  withdrawn: 'profile:alerts.event.withdrawn',
  broadcast: 'profile:alerts.event.broadcast',
  price_alert: 'profile:alerts.event.price_alert',
  desk_message: 'profile:alerts.event.desk_message',
};

/** A delivery channel's name in the reader's words (the contracts' DELIVERY_CHANNEL_LABELS in English). */
export const CHANNEL_KEYS: Record<DeliveryChannel, string> = {
  in_app: 'profile:alerts.channel.in_app',
  email: 'profile:alerts.channel.email',
  web_push: 'profile:alerts.channel.web_push',
  telegram: 'profile:alerts.channel.telegram',
  discord: 'profile:alerts.channel.discord',
  webhook: 'profile:alerts.channel.webhook',
};
