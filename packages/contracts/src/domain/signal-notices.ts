import { formatPrice } from './prices';
import { unitName } from './instruments';
import { tradeResult } from './signal-levels';
import { isSignalEventType, NOTIFIED_SIGNAL_EVENT_TYPES } from './events';
import { weightedResult, type TradePart } from './signal-parts';
import type { CloseReason } from './signal-lifecycle';
import type { SignalEventType } from './signal-outcome';

// The words of a lifecycle notification (in-app and e-mail): one place, so both say the same.

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

const REASONS: Record<CloseReason, string> = {
  target: 'TARGET',
  stop: 'STOP',
  breakeven: 'BREAK-EVEN',
  manual: 'MANUAL',
  withdrawn: 'WITHDRAWN',
};

function signedResult(s: NoticeSignal, price: number | null, whole = false): string {
  const result =
    whole && s.parts && s.parts.length > 0
      ? weightedResult(s.instrument, s.direction, s.fillPrice, s.riskPrice, s.parts, null)
      : tradeResult(s.instrument, s.direction, s.fillPrice, price, s.riskPrice);
  if (!result) return '';
  const sign = (n: number) => (n > 0 ? '+' : '');
  return `${sign(result.pips)}${result.pips.toFixed(1)} ${unitName(s.instrument)}, ${sign(result.r)}${result.r.toFixed(2)}R`;
}

/** ` over N parts` when the position was closed in more than one part. */
function partsNote(s: NoticeSignal): string {
  return s.parts && s.parts.length > 1 ? ` over ${s.parts.length} parts` : '';
}

/** Title, message and priority of the notification for one lifecycle event; null for other events. */
export function lifecycleNotice(s: NoticeSignal, e: NoticeEvent): LifecycleNotice | null {
  const name = `${s.instrument} ${s.direction.toUpperCase()}`;
  const p = (n: number | null | undefined) => formatPrice(s.instrument, typeof n === 'number' ? n : null);
  if (!isSignalEventType(e.type)) return null;
  // Exhaustive over the stored signal events (no default): a new one must say whether it has words.
  switch (e.type) {
    case 'created':
    case 'edited':
    case 'deleted':
      return null;
    case 'activated':
      return {
        title: `${name} ACTIVATED`,
        message: `Entry ${p(e.price)} reached: the trade is open. Stop ${p(s.slPrice)}, T0 ${p(s.t0Price)}, T1 ${p(s.t1Price)}.`,
        priority: 'normal',
      };
    case 't0_hit':
      return {
        title: `${name} T0 HIT`,
        message:
          typeof e.data.share === 'number'
            ? `Take Profit 0 ${p(e.price)} reached (${signedResult(s, e.price)}): ${e.data.share} % of the position taken there.`
            : `Take Profit 0 ${p(e.price)} reached (${signedResult(s, e.price)}).`,
        priority: 'normal',
      };
    case 'stop_moved':
      return {
        title: `${name} STOP MOVED`,
        message: e.data.trailed
          ? `Stop trailed from ${p(e.data.from as number)} to ${p(e.data.to as number)}.`
          : `Stop moved from ${p(e.data.from as number)} to entry ${p(e.data.to as number)}: the trade can no longer lose.`,
        priority: 'normal',
      };
    case 'partial_closed': {
      const share = typeof e.data.share === 'number' ? e.data.share : null;
      const result = signedResult(s, e.price);
      return {
        title: `${name} ${share === null ? 'PART' : `${share}%`} CLOSED`,
        message: `${share === null ? 'Part' : `${share}%`} of the position was closed at market at ${p(e.price)}${result ? `: ${result} on that part` : ''}. The rest stays open.`,
        priority: 'normal',
      };
    }
    case 'closed': {
      const reason = (e.data.reason as CloseReason) ?? 'manual';
      const where =
        reason === 'target'
          ? ' (Take Profit 1)'
          : reason === 'stop'
            ? ' (stop loss)'
            : reason === 'breakeven'
              ? ' (stop at entry)'
              : '';
      return {
        title: `${name} CLOSED: ${REASONS[reason] ?? 'MANUAL'}`,
        message: `Closed at ${p(e.price)}${where}: ${signedResult(s, e.price, true)}${partsNote(s)}.`,
        priority: 'high',
      };
    }
    case 'cancelled':
      return {
        title: `${name} CANCELLED`,
        message: `The limit order at ${p(s.entryPrice)} was cancelled before it filled.`,
        priority: 'normal',
      };
    case 'withdrawn':
      return {
        title: `${name} WITHDRAWN`,
        message:
          e.price === null
            ? 'The signal was withdrawn before it filled.'
            : `The signal was withdrawn and valued at ${p(e.price)}: ${signedResult(s, e.price, true)}${partsNote(s)}. It stays in the track record.`,
        priority: 'high',
      };
  }
}
