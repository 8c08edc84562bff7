import { instrumentSpec } from '../instruments/instruments';
import { normalizeDirection, type SignalDirection } from './signals';
import type { OrderType } from './signal-lifecycle';
import { roundTo } from './signal-levels';

// The copier block: every Telegram, Discord and e-mail signal message ends with the same
// five lines, in the layout trade copiers and MetaTrader add-ons parse:
//
//   #EURUSD BUY LIMIT
//   Entry: 1.08345
//   SL: 1.08000
//   TP1: 1.08700 (50%)
//   TP2: 1.09000 (50%)
//
// The first line is the symbol after "#", BUY or SELL, then LIMIT or STOP for a pending order (nothing
// for a market order). Prices carry the instrument's decimals, a dot, no thousands separator. TP1 is
// T0 with the share of the position taken there, TP2 is T1 with the rest.

export interface CopierLevels {
  instrument: string;
  direction: SignalDirection;
  orderType: OrderType;
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
  /** Percent of the position taken at T0 (TP1); the rest goes to T1 (TP2). */
  t0Share: number;
}

/** The levels of a signal as stored or sent (prices as numbers or numeric strings) in the block's terms. */
export function copierLevelsOf(s: {
  instrument: string;
  direction: string;
  orderType: string;
  entryPrice: number | string;
  slPrice: number | string;
  t0Price: number | string;
  t1Price: number | string;
  t0Share: number | string;
}): CopierLevels {
  return {
    instrument: s.instrument,
    direction: normalizeDirection(s.direction),
    orderType: s.orderType === 'limit' || s.orderType === 'stop' ? s.orderType : 'market',
    entryPrice: Number(s.entryPrice),
    slPrice: Number(s.slPrice),
    t0Price: Number(s.t0Price),
    t1Price: Number(s.t1Price),
    t0Share: Number(s.t0Share),
  };
}

const price = (instrument: string, n: number) => n.toFixed(instrumentSpec(instrument).decimals);
const percent = (n: number) => `${roundTo(n, 2)}%`;

/** The block's five lines, joined with "\n". */
export function copierBlock(s: CopierLevels): string {
  const side = normalizeDirection(s.direction) === 'short' ? 'SELL' : 'BUY';
  const pending = s.orderType === 'limit' ? ' LIMIT' : s.orderType === 'stop' ? ' STOP' : '';
  return [
    `#${s.instrument.toUpperCase()} ${side}${pending}`,
    `Entry: ${price(s.instrument, s.entryPrice)}`,
    `SL: ${price(s.instrument, s.slPrice)}`,
    `TP1: ${price(s.instrument, s.t0Price)} (${percent(s.t0Share)})`,
    `TP2: ${price(s.instrument, s.t1Price)} (${percent(100 - s.t0Share)})`,
  ].join('\n');
}

const HEAD = /^#([A-Z0-9._]+) (BUY|SELL)(?: (LIMIT|STOP))?$/;
const LEVEL = (label: string) => new RegExp(`^${label}: (\\d+(?:\\.\\d+)?)$`);
const TARGET = (label: string) => new RegExp(`^${label}: (\\d+(?:\\.\\d+)?) \\((\\d+(?:\\.\\d+)?)%\\)$`);

/**
 * Reads the last copier block of a message back (as a copier would), or null when the message has
 * none. Lines around it (the rest of the message) are ignored.
 */
export function parseCopierBlock(text: string): CopierLevels | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  for (let i = lines.length - 5; i >= 0; i--) {
    const head = HEAD.exec(lines[i]!);
    if (!head) continue;
    const entry = LEVEL('Entry').exec(lines[i + 1]!);
    const sl = LEVEL('SL').exec(lines[i + 2]!);
    const tp1 = TARGET('TP1').exec(lines[i + 3]!);
    const tp2 = TARGET('TP2').exec(lines[i + 4]!);
    if (!entry || !sl || !tp1 || !tp2) continue;
    return {
      instrument: head[1]!,
      direction: head[2] === 'SELL' ? 'short' : 'long',
      orderType: head[3] === 'LIMIT' ? 'limit' : head[3] === 'STOP' ? 'stop' : 'market',
      entryPrice: Number(entry[1]),
      slPrice: Number(sl[1]),
      t0Price: Number(tp1[1]),
      t1Price: Number(tp2[1]),
      t0Share: Number(tp1[2]),
    };
  }
  return null;
}
