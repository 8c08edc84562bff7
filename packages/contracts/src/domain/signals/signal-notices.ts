import { formatPrice } from '../prices/prices';
import { unitName } from '../instruments/instruments';
import { tradeResult } from './signal-levels';
import { isSignalEventType, NOTIFIED_SIGNAL_EVENT_TYPES } from '../live/events';
import { weightedResult, type TradePart } from './signal-parts';
import type { CloseReason } from './signal-lifecycle';
import type { SignalEventType } from './signal-outcome';
import { catalogueWords, type Words } from '../languages/words';
import englishNotices from '../../locales/en/notices.json';

// The words of a lifecycle notification (in-app, e-mail, Telegram, Discord, web push): one place, so
// every channel says the same, in the catalogue `notices` of the reader's language (English unless
// told). Prices are formatted by `formatPrice` in every language: Latin digits, '.', the instrument's decimals.

/** The notices in English, as the in-app list and the API keep them. */
export const ENGLISH_NOTICES: Words = /* @__PURE__ */ catalogueWords('en', { notices: englishNotices });

export interface NoticeSignal {
  instrument: string;
  direction: string;
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
  fillPrice: number | null;
  riskPrice: number | null;
  /** Parts of the position closed (T0's share, the desk's, the exit): the result is their weighted R. */
  parts?: readonly TradePart[];
}

export interface NoticeEvent {
  type: string;
  price: number | null;
  data: Record<string, unknown>;
}

export interface LifecycleNotice {
  title: string;
  message: string;
  priority: 'normal' | 'high';
}

/** Events that become a notification to subscribers (and an e-mail to those who opted in). */
export const NOTIFIED_SIGNAL_EVENTS: readonly SignalEventType[] = NOTIFIED_SIGNAL_EVENT_TYPES;

function signedResult(t: Words, s: NoticeSignal, price: number | null, whole = false): string {
  const result =
    whole && s.parts && s.parts.length > 0
      ? weightedResult(s.instrument, s.direction, s.fillPrice, s.riskPrice, s.parts, null)
      : tradeResult(s.instrument, s.direction, s.fillPrice, price, s.riskPrice);
  if (!result) return '';
  const sign = (n: number) => (n > 0 ? '+' : '');
  const unit = unitName(s.instrument) === 'points' ? t('notices:unit.points') : t('notices:unit.pips');
  return `${sign(result.pips)}${result.pips.toFixed(1)} ${unit}, ${sign(result.r)}${result.r.toFixed(2)}R`;
}

/** ` over N parts` when the position was closed in more than one part. */
function partsNote(t: Words, s: NoticeSignal): string {
  return s.parts && s.parts.length > 1 ? t('notices:overParts', { count: s.parts.length }) : '';
}

/** Title, message and priority of the notification for one lifecycle event, in the words `t` reads; null for other events. */
export function lifecycleNotice(s: NoticeSignal, e: NoticeEvent, t: Words = ENGLISH_NOTICES): LifecycleNotice | null {
  const name = `${s.instrument} ${s.direction.toUpperCase()}`;
  const p = (n: number | null | undefined) => formatPrice(s.instrument, typeof n === 'number' ? n : null);
  const levels = { entry: p(s.entryPrice), stop: p(s.slPrice), t0: p(s.t0Price), t1: p(s.t1Price) };
  if (!isSignalEventType(e.type)) return null;
  // Exhaustive over the stored signal events (no default): a new one must say whether it has words.
  switch (e.type) {
    case 'created':
    case 'edited':
    case 'deleted':
      return null;
    case 'activated':
      return {
        title: t('notices:activated.title', { name }),
        message: t('notices:activated.message', { ...levels, entry: p(e.price) }),
        priority: 'normal',
      };
    case 't0_hit': {
      const values = { price: p(e.price), result: signedResult(t, s, e.price) };
      return {
        title: t('notices:t0Hit.title', { name }),
        message:
          typeof e.data.share === 'number'
            ? t('notices:t0Hit.messageShare', { ...values, share: e.data.share })
            : t('notices:t0Hit.message', values),
        priority: 'normal',
      };
    }
    case 'stop_moved': {
      const values = { from: p(e.data.from as number), to: p(e.data.to as number) };
      return {
        title: t('notices:stopMoved.title', { name }),
        message: e.data.trailed ? t('notices:stopMoved.trailed', values) : t('notices:stopMoved.toEntry', values),
        priority: 'normal',
      };
    }
    case 'partial_closed': {
      const share = typeof e.data.share === 'number' ? e.data.share : null;
      const result = signedResult(t, s, e.price);
      const values = { name, share: share ?? '', price: p(e.price), result };
      const message =
        share === null
          ? result
            ? t('notices:partialClosed.messagePart', values)
            : t('notices:partialClosed.messagePartNoResult', values)
          : result
            ? t('notices:partialClosed.message', values)
            : t('notices:partialClosed.messageNoResult', values);
      return {
        title: share === null ? t('notices:partialClosed.titlePart', values) : t('notices:partialClosed.title', values),
        message,
        priority: 'normal',
      };
    }
    case 'closed': {
      const reason = (e.data.reason as CloseReason) ?? 'manual';
      const where =
        reason === 'target'
          ? t('notices:closed.where.target')
          : reason === 'stop'
            ? t('notices:closed.where.stop')
            : reason === 'breakeven'
              ? t('notices:closed.where.breakeven')
              : null;
      const reasons: Record<CloseReason, string> = {
        target: t('notices:reason.target'),
        stop: t('notices:reason.stop'),
        breakeven: t('notices:reason.breakeven'),
        manual: t('notices:reason.manual'),
        withdrawn: t('notices:reason.withdrawn'),
      };
      const values = { price: p(e.price), result: signedResult(t, s, e.price, true), parts: partsNote(t, s) };
      return {
        title: t('notices:closed.title', { name, reason: reasons[reason] ?? reasons.manual }),
        message:
          where === null ? t('notices:closed.message', values) : t('notices:closed.messageWhere', { ...values, where }),
        priority: 'high',
      };
    }
    case 'cancelled':
      return {
        title: t('notices:cancelled.title', { name }),
        message: t('notices:cancelled.message', levels),
        priority: 'normal',
      };
    case 'withdrawn':
      return {
        title: t('notices:withdrawn.title', { name }),
        message:
          e.price === null
            ? t('notices:withdrawn.message')
            : t('notices:withdrawn.messageValued', {
                price: p(e.price),
                result: signedResult(t, s, e.price, true),
                parts: partsNote(t, s),
              }),
        priority: 'high',
      };
  }
}

/** The notice of a newly published signal (deliveries; the in-app list has its own). */
export function publishedNotice(s: NoticeSignal, t: Words = ENGLISH_NOTICES): { title: string; message: string } {
  const p = (n: number) => formatPrice(s.instrument, n);
  return {
    title: t('notices:published.title', { name: `${s.instrument} ${s.direction.toUpperCase()}` }),
    message: t('notices:published.message', {
      entry: p(s.entryPrice),
      stop: p(s.slPrice),
      t0: p(s.t0Price),
      t1: p(s.t1Price),
    }),
  };
}
