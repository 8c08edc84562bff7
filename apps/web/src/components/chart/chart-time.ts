import { dateLocale, DEFAULT_LANGUAGE, type Language, type Timeframe } from '@t0/contracts';

// Time labels of a chart. Intraday bars (1 min, 15 min, 4 h) read in the reader's zone; days,
// weeks and months are UTC calendar bars and read as their UTC dates (a day bar is not shifted
// into the previous day for readers west of Greenwich). Month names are the reader's language's,
// with Latin digits in Arabic too (`dateLocale`); English keeps "10 Mar 2026".

const INTRADAY: readonly Timeframe[] = ['1min', '15min', '4h'];
export const isIntraday = (tf: Timeframe) => INTRADAY.includes(tf);

/** The zone a chart's labels are in. */
export const chartZone = (tf: Timeframe, zone: string) => (isIntraday(tf) ? zone : 'UTC');

const localeOf = (language: Language) => (language === DEFAULT_LANGUAGE ? 'en-GB' : dateLocale(language));

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(language: Language, zone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = language + zone + JSON.stringify(opts);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(localeOf(language), { timeZone: zone, ...opts })));
  return f;
}

/** The crosshair's label for a bar: "10 Mar 2026 14:15" intraday, "10 Mar 2026" for days and weeks, "Mar 2026" for months. */
export function barLabel(time: number, tf: Timeframe, zone: string, language: Language = DEFAULT_LANGUAGE): string {
  const d = new Date(time * 1000);
  if (tf === 'monthly') return fmt(language, 'UTC', { month: 'short', year: 'numeric' }).format(d);
  if (!isIntraday(tf)) return fmt(language, 'UTC', { day: '2-digit', month: 'short', year: 'numeric' }).format(d);
  return fmt(language, zone, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** Tick marks on the time axis, by how coarse the mark is (the library's 0 year … 3 time). */
export function tickLabel(
  time: number,
  kind: number,
  tf: Timeframe,
  zone: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const d = new Date(time * 1000);
  const z = chartZone(tf, zone);
  if (kind === 0) return fmt(language, z, { year: 'numeric' }).format(d);
  if (kind === 1) return fmt(language, z, { month: 'short' }).format(d);
  if (kind === 2) return fmt(language, z, { day: 'numeric', month: 'short' }).format(d);
  return fmt(language, z, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}
