// The delivery router's rule: which channels one event reaches for one subscriber,
// from their choices, the spec's four alert switches, their instrument filter and quiet hours in
// their time zone. Pure: the server fans out with it, the profile shows the same defaults.

export const DELIVERY_EVENTS = [
  'published',
  'activated',
  't0_hit',
  'stop_moved',
  'closed',
  'withdrawn',
  'broadcast',
  'price_alert',
  'desk_message',
] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

export const DELIVERY_EVENT_LABELS: Record<DeliveryEvent, string> = {
  published: 'SIGNAL PUBLISHED',
  activated: 'ACTIVATED',
  t0_hit: 'T0 HIT',
  stop_moved: 'STOP MOVED',
  closed: 'CLOSED',
  withdrawn: 'WITHDRAWN',
  broadcast: 'ANNOUNCEMENTS',
  price_alert: 'MY PRICE ALERTS',
  desk_message: 'MESSAGES FROM THE DESK',
};

/** Said under a message sent again after an interruption, on channels that cannot recognise a repeat by its id. */
export const REDELIVERY_NOTE = 'Sent again after an interruption: you may have this message already.';

export const DELIVERY_CHANNELS = ['in_app', 'email', 'web_push', 'telegram', 'discord', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  in_app: 'IN-APP',
  email: 'E-MAIL',
  web_push: 'WEB PUSH',
  telegram: 'TELEGRAM',
  discord: 'DISCORD',
  webhook: 'WEBHOOK',
};

/**
 * Channels this product sends through today; the others are shown as "not configured". Web push
 * and Telegram are ready only when the server has their settings (their adapters exist).
 */
export const AVAILABLE_DELIVERY_CHANNELS: readonly DeliveryChannel[] = [
  'in_app',
  'email',
  'web_push',
  'telegram',
  'discord',
  'webhook',
];

export type ChannelMatrix = Record<DeliveryEvent, Record<DeliveryChannel, boolean>>;

function row(on: Partial<Record<DeliveryChannel, boolean>>): Record<DeliveryChannel, boolean> {
  return { in_app: true, email: false, web_push: true, telegram: true, discord: true, webhook: true, ...on };
}

/** Defaults: everything in-app, web push (once a browser is enabled), Telegram (once linked), Discord and webhooks; e-mail for new and closed signals and announcements. */
export const DEFAULT_CHANNEL_MATRIX: ChannelMatrix = {
  published: row({ email: true }),
  activated: row({}),
  t0_hit: row({}),
  stop_moved: row({}),
  closed: row({ email: true }),
  withdrawn: row({}),
  broadcast: row({ email: true }),
  // A subscriber's own alerts: never to a webhook or Discord (shared places) unless they choose it.
  price_alert: row({ discord: false, webhook: false }),
  // The desk's reply in the subscriber's own thread: a notice of it, by e-mail too; never to a
  // webhook or Discord (shared places) unless they choose it.
  desk_message: row({ email: true, discord: false, webhook: false }),
};

/** Events the spec's TRADING SIGNALS switch governs; PRICE ALERTS governs the level hits. */
export const SIGNAL_NEWS_EVENTS: readonly DeliveryEvent[] = ['published', 'withdrawn'];
export const LEVEL_HIT_EVENTS: readonly DeliveryEvent[] = ['activated', 't0_hit', 'stop_moved', 'closed'];

/** Urgent events come through quiet hours when the subscriber allows it. */
export function isUrgent(event: DeliveryEvent, priority?: string | null): boolean {
  if (event === 'broadcast') return priority === 'high' || priority === 'critical';
  return event === 'closed' || event === 'withdrawn';
}

export interface QuietHours {
  /** "HH:MM" in the subscriber's zone. */
  start: string;
  end: string;
  urgentStillComes: boolean;
}

/** Follow or mute an analyst on one channel. */
export const ANALYST_RULES = ['mute', 'follow'] as const;
export type AnalystRuleKind = (typeof ANALYST_RULES)[number];

/** Channels an analyst may be followed or muted on: those that interrupt (the in-app list shows every signal of the rooms held). */
export const ANALYST_RULE_CHANNELS = [
  'email',
  'web_push',
  'telegram',
  'discord',
  'webhook',
] as const satisfies readonly DeliveryChannel[];
export type AnalystRuleChannel = (typeof ANALYST_RULE_CHANNELS)[number];

/** One subscriber's rule for one analyst on one channel (`analyst`: the analyst's id on the server, their slug over REST). */
export interface AnalystRule<A = number> {
  channel: AnalystRuleChannel;
  analyst: A;
  rule: AnalystRuleKind;
}

/**
 * Whether a signal by this analyst (null: the desk's own) goes on this channel: not when the
 * subscriber muted the analyst there; when they follow anyone there, only the analysts they
 * follow. The desk's own signals are no analyst's, so neither rule holds them back.
 */
export function analystHeardOn(
  rules: readonly AnalystRule[] | undefined,
  channel: DeliveryChannel,
  analyst: number | null,
): boolean {
  if (analyst === null || !rules) return true;
  const here = rules.filter((r) => r.channel === channel);
  if (here.some((r) => r.rule === 'mute' && r.analyst === analyst)) return false;
  const follows = here.filter((r) => r.rule === 'follow');
  return follows.length === 0 || follows.some((r) => r.analyst === analyst);
}

export interface DeliveryChoices {
  channels: ChannelMatrix;
  /** Instruments to hear about; empty: all. */
  instruments: string[];
  quietHours: QuietHours | null;
  /** Analysts followed or muted per channel; absent or empty: every analyst on every channel. */
  analysts?: readonly AnalystRule[];
}

export const DEFAULT_DELIVERY_CHOICES: DeliveryChoices = {
  channels: DEFAULT_CHANNEL_MATRIX,
  instruments: [],
  quietHours: null,
};

/** The spec's four switches (only three concern delivery). */
export interface AlertSwitches {
  emailNotifications: boolean;
  tradingSignals: boolean;
  priceAlerts: boolean;
}

/** A stored partial matrix over the defaults (unknown events or channels ignored). */
export function mergeMatrix(stored: unknown): ChannelMatrix {
  const out = structuredClone(DEFAULT_CHANNEL_MATRIX);
  if (!stored || typeof stored !== 'object') return out;
  for (const e of DELIVERY_EVENTS) {
    const r = (stored as Record<string, unknown>)[e];
    if (!r || typeof r !== 'object') continue;
    for (const c of DELIVERY_CHANNELS) {
      const v = (r as Record<string, unknown>)[c];
      if (typeof v === 'boolean') out[e][c] = v;
    }
  }
  return out;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isTimeOfDay = (s: string) => HHMM.test(s);
const minutesOf = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

/** Minutes since midnight at `now` in `zone` (UTC for an unknown zone). */
export function localMinutes(now: Date, zone: string | null): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone ?? 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  }
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (h % 24) * 60 + m;
}

/**
 * When quiet hours hold at `now`, the moment they end (to the minute); null outside them. A window
 * may cross midnight (22:00–07:00); equal start and end means no quiet hours.
 */
export function quietUntil(q: QuietHours | null, now: Date, zone: string | null): Date | null {
  if (!q || !isTimeOfDay(q.start) || !isTimeOfDay(q.end) || q.start === q.end) return null;
  const at = localMinutes(now, zone);
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const wait = (end - at + 1440) % 1440;
  const t = new Date(now.getTime() + wait * 60_000);
  t.setUTCSeconds(0, 0);
  return t;
}

export interface RouteInput {
  event: DeliveryEvent;
  urgent: boolean;
  /** The signal's instrument; null for announcements. */
  instrument: string | null;
  /** The signal's analyst (null: the desk's own, or an announcement). */
  analyst?: number | null;
  choices: DeliveryChoices;
  alerts: AlertSwitches;
  timeZone: string | null;
  now: Date;
  /** Channels that can reach this subscriber (configured on the server and set up by them). */
  reachable: readonly DeliveryChannel[];
}

export interface Route {
  channel: DeliveryChannel;
  /** Held back by quiet hours until this time; null: now. */
  holdUntil: Date | null;
}

/** The channels one event goes to for one subscriber, each now or after their quiet hours. */
export function routeEvent(input: RouteInput): Route[] {
  const { event, choices, alerts } = input;
  if (SIGNAL_NEWS_EVENTS.includes(event) && !alerts.tradingSignals) return [];
  if (LEVEL_HIT_EVENTS.includes(event) && !alerts.priceAlerts) return [];
  if (event === 'price_alert' && !alerts.priceAlerts) return [];
  if (input.instrument !== null && choices.instruments.length > 0 && !choices.instruments.includes(input.instrument))
    return [];
  const q = choices.quietHours;
  const held = input.urgent && (q?.urgentStillComes ?? true) ? null : quietUntil(q, input.now, input.timeZone);
  const routes: Route[] = [];
  for (const channel of DELIVERY_CHANNELS) {
    if (!choices.channels[event][channel]) continue;
    if (!input.reachable.includes(channel)) continue;
    if (channel === 'email' && !alerts.emailNotifications) continue;
    if (!analystHeardOn(choices.analysts, channel, input.analyst ?? null)) continue;
    // The in-app list is not an interruption: it is never held back.
    routes.push({ channel, holdUntil: channel === 'in_app' ? null : held });
  }
  return routes;
}
