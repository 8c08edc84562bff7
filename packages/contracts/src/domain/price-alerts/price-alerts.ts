import { unitSize } from '../instruments/instruments';
import { ENGLISH_NOTICES } from '../signals/signal-notices';
import type { Words } from '../languages/words';

// A subscriber's price alerts (docs/features/price-alerts.md): above, below or crossing a level,
// judged by the server on the feed, with hysteresis so that a price hovering at the level fires once.

export const ALERT_CONDITIONS = ['above', 'below', 'crossing'] as const;
export type PriceAlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_SIDES = ['bid', 'ask', 'mid'] as const;
export type PriceAlertSide = (typeof ALERT_SIDES)[number];

export const ALERT_REPEATS = ['once', 'every'] as const;
export type PriceAlertRepeat = (typeof ALERT_REPEATS)[number];

/** Alerts per subscriber, at most. */
export const PRICE_ALERT_LIMIT = 50;

/** How far (in the instrument's pips or points) the price must move back from the level before an alert fires again. */
export const HYSTERESIS_UNITS = 2;

/** The band around the level, as a price difference. */
export const hysteresisOf = (instrument: string) => HYSTERESIS_UNITS * unitSize(instrument);

/** What the judge remembers of an alert between prices. */
export interface PriceAlertState {
  condition: PriceAlertCondition;
  level: number;
  repeat: PriceAlertRepeat;
  /** Ready to fire. */
  armed: boolean;
  /** For crossing: the side of the level the price was last seen on, outside the band (null: not yet). */
  lastSide: 'above' | 'below' | null;
}

export interface Judgement {
  fire: boolean;
  armed: boolean;
  lastSide: 'above' | 'below' | null;
  /** A `once` alert that fired: it is done. */
  done: boolean;
}

/** The price an alert is judged on: its side when the feed gives bid and ask, the mid (or the one price known) otherwise. */
export function priceOnSide(
  side: PriceAlertSide,
  quote: { bid?: number; ask?: number; price?: number },
): number | null {
  if (side === 'bid' && quote.bid !== undefined) return quote.bid;
  if (side === 'ask' && quote.ask !== undefined) return quote.ask;
  if (quote.bid !== undefined && quote.ask !== undefined) return (quote.bid + quote.ask) / 2;
  return quote.price ?? quote.bid ?? quote.ask ?? null;
}

/**
 * One price against one alert. `above` fires at or over the level and is ready again once the price
 * has fallen `band` below it; `below` the mirror; `crossing` fires when the price reaches the level
 * from the side it was last seen on, and is ready again once it is `band` away on either side.
 */
export function judgePriceAlert(state: PriceAlertState, price: number, band: number): Judgement {
  const { level } = state;
  const outside: 'above' | 'below' | null = price >= level + band ? 'above' : price <= level - band ? 'below' : null;
  let fire = false;
  let armed = state.armed;
  let lastSide = state.lastSide;
  switch (state.condition) {
    case 'above':
      if (armed && price >= level) {
        fire = true;
        armed = false;
      } else if (!armed && price <= level - band) armed = true;
      break;
    case 'below':
      if (armed && price <= level) {
        fire = true;
        armed = false;
      } else if (!armed && price >= level + band) armed = true;
      break;
    case 'crossing':
      if (armed && lastSide !== null && (lastSide === 'below' ? price >= level : price <= level)) {
        fire = true;
        armed = false;
      } else if (!armed && outside !== null) armed = true;
      if (outside !== null) lastSide = outside;
      break;
  }
  return { fire, armed, lastSide, done: fire && state.repeat === 'once' };
}

/** The alert's line as its messages say it ("GBPJPY above 196.500 (mid)"), in the words `t` reads (English unless told). */
export function priceAlertTitle(
  a: {
    instrument: string;
    condition: PriceAlertCondition;
    level: string;
    side: PriceAlertSide;
  },
  t: Words = ENGLISH_NOTICES,
) {
  const verb =
    a.condition === 'crossing'
      ? t('notices:priceAlert.crossed')
      : a.condition === 'above'
        ? t('notices:priceAlert.above')
        : t('notices:priceAlert.below');
  const side =
    a.side === 'bid'
      ? t('notices:priceAlert.side.bid')
      : a.side === 'ask'
        ? t('notices:priceAlert.side.ask')
        : t('notices:priceAlert.side.mid');
  return t('notices:priceAlert.line', { instrument: a.instrument, verb, level: a.level, side });
}
