// Importing a subscriber's own fills (docs/features/journal.md, "Importing fills"): MetaTrader 5's
// Trade History Report (HTML) and a documented generic CSV become trades, matched to signals by
// instrument (a broker's suffix folded), direction and time. Pure: the server reads the signals.

export const IMPORT_FORMATS = ['mt5', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One trade as a report gives it. Times are as written: the broker server's wall time for MetaTrader. */
export interface ReportTrade {
  /** The report's own id for it (MetaTrader's position ticket), or the CSV's `id` column, or one made from the row. */
  ref: string;
  symbol: string;
  direction: 'long' | 'short';
  volume: number;
  openTime: string;
  openPrice: number;
  closeTime: string | null;
  closePrice: number | null;
  /** Profit with commission and swap, in the account's currency, when the report gives it. */
  profit: number | null;
}

export class ReportError extends Error {}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#x')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(parseInt(e.slice(1), 10))
          : (ENTITIES[e.toLowerCase()] ?? m),
    )
    .replace(/\s+/g, ' ')
    .trim();

/** The cells of each table row, hidden cells left out and spanned cells repeated (MetaTrader pads rows so). */
export function htmlTableRows(html: string): string[][] {
  const rows: string[][] = [];
  for (const tr of html.matchAll(/<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi)) {
    const cells: string[] = [];
    for (const cell of tr[1]!.matchAll(/<t([dh])\b([^>]*)>([\s\S]*?)(?=<t[dh]\b|<\/tr>|$)/gi)) {
      const attrs = cell[2]!;
      if (/class\s*=\s*["']?[^"'>]*\bhidden\b/i.test(attrs)) continue;
      const span = Number(/colspan\s*=\s*["']?(\d+)/i.exec(attrs)?.[1] ?? 1);
      const text = textOf(cell[3]!.replace(/<\/t[dh]>[\s\S]*$/i, ''));
      for (let i = 0; i < Math.min(span, 20); i++) cells.push(text);
    }
    rows.push(cells);
  }
  return rows;
}

/** A number as MetaTrader writes it: spaces as thousands separators (`4 106.170`), a leading sign. */
export function reportNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const cleaned = text.replace(/[\s\u00a0]/g, '');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

const MT5_TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** MetaTrader's `2026.11.10 15:01:05` as `2026-11-10T15:01:05` (a wall time, zone unknown). */
export function mt5Time(text: string | undefined): string | null {
  const m = text ? MT5_TIME.exec(text.trim()) : null;
  if (!m) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}

/**
 * The closed positions of MetaTrader 5's Trade History Report (Reports › Trade History › Save as
 * HTML): the rows of its Positions section, whose columns are Time, Position, Symbol, Type, Volume,
 * Price, S / L, T / P, Time, Price, Commission, Swap, Profit. Orders, Deals and the rest are left.
 * A file that is no such report is a ReportError.
 */
export function parseMt5Report(html: string): ReportTrade[] {
  if (!/Trade History Report/i.test(html)) throw new ReportError('This is not a MetaTrader 5 Trade History Report');
  const rows = htmlTableRows(html);
  const trades: ReportTrade[] = [];
  let section = '';
  for (const cells of rows) {
    const distinct = [...new Set(cells.filter((c) => c !== ''))];
    if (distinct.length === 1 && !mt5Time(distinct[0]) && cells.length > 1) {
      section = distinct[0]!.toLowerCase();
      continue;
    }
    if (section !== 'positions') continue;
    const open = mt5Time(cells[0]);
    if (!open) continue;
    const type = cells[3]?.toLowerCase();
    if (type !== 'buy' && type !== 'sell') continue;
    const volume = reportNumber(cells[4]);
    const openPrice = reportNumber(cells[5]);
    if (volume === null || openPrice === null || !cells[1] || !cells[2]) continue;
    const parts = [cells[10], cells[11], cells[12]].map(reportNumber);
    trades.push({
      ref: cells[1],
      symbol: cells[2],
      direction: type === 'buy' ? 'long' : 'short',
      volume,
      openTime: open,
      openPrice,
      closeTime: mt5Time(cells[8]),
      closePrice: reportNumber(cells[9]),
      profit: parts.every((p) => p === null) ? null : round2(parts.reduce<number>((s, p) => s + (p ?? 0), 0)),
    });
  }
  if (trades.length === 0) throw new ReportError('The report lists no closed positions');
  return trades;
}

/** The generic CSV's columns (a header row names them, in any order; `id`, `close_*` and `profit` may be absent). */
export const TRADE_CSV_COLUMNS = [
  'id',
  'symbol',
  'direction',
  'volume',
  'open_time',
  'open_price',
  'close_time',
  'close_price',
  'profit',
] as const;

/** Splits CSV text into records (RFC 4180 quotes). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      if (record.some((v) => v.trim() !== '')) records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  record.push(cell);
  if (record.some((v) => v.trim() !== '')) records.push(record);
  return records;
}

const CSV_TIME = /^\d{4}[-.]\d{2}[-.]\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A CSV time: ISO 8601 with a zone kept as given (then no offset applies), or a wall time like MetaTrader's. */
function csvTime(text: string | undefined): string | null {
  const t = text?.trim() ?? '';
  if (!CSV_TIME.test(t)) return null;
  return t.replace(/^(\d{4})[-.](\d{2})[-.](\d{2})[T ]/, '$1-$2-$3T');
}

/** The generic CSV (columns: TRADE_CSV_COLUMNS); a row it cannot read is a ReportError naming the row. */
export function parseTradeCsv(text: string): ReportTrade[] {
  const [header, ...rows] = csvRecords(text.replace(/^\uFEFF/, ''));
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  for (const required of ['symbol', 'direction', 'volume', 'open_time', 'open_price'])
    if (!names.includes(required)) throw new ReportError(`The CSV has no ${required} column`);
  const col = (row: string[], name: string) => {
    const i = names.indexOf(name);
    return i < 0 ? undefined : row[i]?.trim();
  };
  const trades = rows.map((row, i) => {
    const line = i + 2;
    const dir = col(row, 'direction')?.toLowerCase();
    const direction = dir === 'buy' || dir === 'long' ? 'long' : dir === 'sell' || dir === 'short' ? 'short' : null;
    const openTime = csvTime(col(row, 'open_time'));
    const openPrice = reportNumber(col(row, 'open_price'));
    const volume = reportNumber(col(row, 'volume'));
    const symbol = col(row, 'symbol');
    if (!direction || !openTime || openPrice === null || !(openPrice > 0) || volume === null || !symbol)
      throw new ReportError(`Row ${line} of the CSV is not a trade (symbol, direction, volume, open_time, open_price)`);
    return {
      ref: col(row, 'id') || `${symbol}|${direction}|${openTime}|${openPrice}|${volume}`,
      symbol,
      direction,
      volume,
      openTime,
      openPrice,
      closeTime: csvTime(col(row, 'close_time')),
      closePrice: reportNumber(col(row, 'close_price')),
      profit: reportNumber(col(row, 'profit')),
    } satisfies ReportTrade;
  });
  if (trades.length === 0) throw new ReportError('The CSV lists no trades');
  return trades;
}

/** The bytes of an uploaded report as text: UTF-16 (MetaTrader writes its reports so) or UTF-8. */
export function decodeReport(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // UTF-16 without a byte order mark: every other byte of ASCII text is zero.
  const sample = bytes.subarray(0, 200);
  const zeros = sample.filter((b, i) => i % 2 === 1 && b === 0).length;
  if (sample.length > 8 && zeros > sample.length / 4) return new TextDecoder('utf-16le').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/**
 * Our instrument for a broker's symbol: the subscriber's map first (`GBPJPY.m` → GBPJPY), then the
 * symbol without a broker's suffix (`.m`, `-ecn`, `_pro`, `#`, or trailing lower-case letters as in
 * `XAUUSDm`), when that is one of ours. Null when none fits.
 */
export function instrumentOfSymbol(
  symbol: string,
  known: readonly string[],
  map: Readonly<Record<string, string>> = {},
): string | null {
  const mapped = map[symbol] ?? map[symbol.toUpperCase()];
  if (mapped) return known.includes(mapped.toUpperCase()) ? mapped.toUpperCase() : null;
  const candidates = [
    symbol,
    symbol.split(/[.\-_#]/)[0]!,
    symbol.replace(/[a-z]+$/, ''),
    symbol.split(/[.\-_#]/)[0]!.replace(/[a-z]+$/, ''),
  ].map((s) => s.toUpperCase());
  return candidates.find((c) => known.includes(c)) ?? null;
}

/** A signal the import may match a trade to. */
export interface MatchableSignal {
  id: number;
  instrument: string;
  direction: string;
  publishedAt: string;
  /** When it ended (null while open). */
  closedAt: string | null;
}

/** A trade taken this long before a signal's publication still matches it (clocks differ). */
export const MATCH_EARLY_MS = 10 * 60_000;
/** …and this long after, at most (or until the signal ended, if sooner). */
export const MATCH_LATE_MS = 24 * 60 * 60_000;

/** Whether a report's time names its zone (`Z`, `+02:00`); a time without one is the server's wall time. */
export const hasZone = (time: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(time);

/** A wall time (no zone) at a server's UTC offset, as an instant; a time with a zone stays as it is. */
export function atOffset(time: string, offsetMinutes: number): number {
  if (hasZone(time)) return Date.parse(time);
  return Date.parse(`${time}Z`) - offsetMinutes * 60_000;
}

export interface TradeMatch {
  trade: ReportTrade;
  instrument: string | null;
  /** The matched signal, or null (listed for a manual match). */
  signalId: number | null;
  /** The open time as an instant (UTC, ISO). */
  openedAt: string;
  closedAt: string | null;
}

/**
 * Each trade's signal: same instrument and direction, opened from MATCH_EARLY_MS before the signal's
 * publication to MATCH_LATE_MS after (or its end); the signal published last before the trade wins.
 */
export function matchTrades(
  trades: readonly ReportTrade[],
  signals: readonly MatchableSignal[],
  opts: { offsetMinutes: number; known: readonly string[]; symbolMap?: Readonly<Record<string, string>> },
): TradeMatch[] {
  return trades.map((trade) => {
    const instrument = instrumentOfSymbol(trade.symbol, opts.known, opts.symbolMap);
    const opened = atOffset(trade.openTime, opts.offsetMinutes);
    const closed = trade.closeTime ? atOffset(trade.closeTime, opts.offsetMinutes) : null;
    let best: MatchableSignal | null = null;
    for (const s of signals) {
      if (s.instrument !== instrument || s.direction !== trade.direction) continue;
      const published = Date.parse(s.publishedAt);
      const end = Math.min(published + MATCH_LATE_MS, s.closedAt ? Date.parse(s.closedAt) : Infinity);
      if (opened < published - MATCH_EARLY_MS || opened > end) continue;
      if (!best || published > Date.parse(best.publishedAt)) best = s;
    }
    return {
      trade,
      instrument,
      signalId: best?.id ?? null,
      openedAt: new Date(opened).toISOString(),
      closedAt: closed === null ? null : new Date(closed).toISOString(),
    };
  });
}

/**
 * The server's UTC offset the matches suggest, in minutes (whole and half hours from −12 h to +14 h):
 * the one matching the most trades, then the one whose trades follow their signals most closely.
 * Null when no offset matches any trade.
 */
export function suggestOffset(
  trades: readonly ReportTrade[],
  signals: readonly MatchableSignal[],
  opts: { known: readonly string[]; symbolMap?: Readonly<Record<string, string>> },
): number | null {
  const published = new Map(signals.map((s) => [s.id, Date.parse(s.publishedAt)]));
  let best: { offset: number; matched: number; delay: number } | null = null;
  for (let offset = -12 * 60; offset <= 14 * 60; offset += 30) {
    const matches = matchTrades(trades, signals, { ...opts, offsetMinutes: offset }).filter((m) => m.signalId !== null);
    if (matches.length === 0) continue;
    const delay = matches.reduce((s, m) => s + Math.abs(Date.parse(m.openedAt) - published.get(m.signalId!)!), 0);
    if (!best || matches.length > best.matched || (matches.length === best.matched && delay < best.delay))
      best = { offset, matched: matches.length, delay };
  }
  return best?.offset ?? null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The server offsets an import may name, in minutes: whole and half hours from −12 h to +14 h. */
export const SERVER_OFFSET_CHOICES: readonly number[] = Array.from({ length: 53 }, (_, i) => -12 * 60 + i * 30);

/** An offset in minutes as the terminal shows it: `UTC+03:00`, `UTC-05:30`, `UTC±00:00`. */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC±00:00';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * A broker suffix map as a subscriber types it, one pair a line or separated by commas
 * (`DJ30=US30, GER40.cash = DE40`, `:` works as `=` too), into the import's `symbolMap` (the
 * instrument upper-cased). The error names the first pair that is not one.
 */
export function parseSymbolMap(text: string): { map: Record<string, string> } | { error: string } {
  const map: Record<string, string> = {};
  for (const part of text.split(/[\n,;]/)) {
    const pair = part.trim();
    if (pair === '') continue;
    const m = /^([^=:\s]{1,40})\s*[=:]\s*([A-Za-z0-9]{1,20})$/.exec(pair);
    if (!m) return { error: `“${pair.slice(0, 40)}” is not BROKER=OURS (for example DJ30=US30)` };
    map[m[1]!] = m[2]!.toUpperCase();
  }
  return { map };
}
