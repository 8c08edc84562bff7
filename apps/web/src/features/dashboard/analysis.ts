import { hasNoteText } from '@t0/contracts';

// The analysis sections' rules: chart timeframes and the vendor's symbols, memo fields in either
// spelling, and how notes are matched.

export const ANALYSIS_TIMEFRAMES = [
  { key: 'monthly', name: 'Monthly', interval: '1M', timeframe: 'monthly' },
  { key: 'weekly', name: 'Weekly', interval: '1W', timeframe: 'weekly' },
  { key: '4h', name: '4H', interval: '240', timeframe: '4h' },
] as const;
export type AnalysisTimeframe = (typeof ANALYSIS_TIMEFRAMES)[number];

/** The vendor's symbols for the "open on TradingView" link; US30 comes from an index feed. */
export const CHART_SYMBOLS: Record<string, string> = {
  GBPJPY: 'FX:GBPJPY',
  GBPUSD: 'FX:GBPUSD',
  AUDUSD: 'FX:AUDUSD',
  US30: 'TVC:DJI',
};

/** The same chart on the vendor's own site (the "open on TradingView" link). */
export function chartPageUrl(instrument: string, interval: string): string {
  const symbol = CHART_SYMBOLS[instrument.toUpperCase()] ?? instrument.toUpperCase();
  return `https://www.tradingview.com/chart/?symbol=${encodeURIComponent(symbol)}&interval=${encodeURIComponent(interval)}`;
}

/** A memo as the sections read it, whichever spelling (camelCase or snake_case) it arrived in. */
export interface MemoView {
  memoText: string;
  imageUrls: string[];
  keyLevels: string;
  marketStructure: string;
  riskManagement: string;
  locked: boolean;
}

type Raw = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const pick = (raw: Raw, camel: string, snake: string) => str(raw[camel] ?? raw[snake]);

export function readMemo(raw: Raw | null | undefined): MemoView | null {
  if (!raw) return null;
  const list = raw.memoImageUrls ?? raw.memo_image_urls;
  const single = pick(raw, 'memoImageUrl', 'memo_image_url');
  const images = Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string' && u.trim() !== '') : [];
  if (single && !images.includes(single)) images.push(single);
  return {
    memoText: pick(raw, 'memoText', 'memo_text'),
    imageUrls: images,
    keyLevels: pick(raw, 'keyLevels', 'key_levels'),
    marketStructure: pick(raw, 'marketStructure', 'market_structure'),
    riskManagement: pick(raw, 'riskManagement', 'risk_management'),
    locked: raw.locked === true,
  };
}

/** The memo of an instrument from the list (instrument matched case-insensitively). */
export function memoFor(memos: readonly Raw[] | undefined, instrument: string): MemoView | null {
  const raw = memos?.find((m) => str(m.instrument).toUpperCase() === instrument.toUpperCase());
  return readMemo(raw);
}

/** The note of an instrument and timeframe (both case-insensitive); an empty note counts as absent. */
export function noteFor(
  notes:
    readonly { instrument: string; timeframe: string; note?: string; content?: string; locked?: boolean }[] | undefined,
  instrument: string,
  timeframe: string,
): { text: string | null; locked: boolean } {
  const found = notes?.find(
    (n) =>
      n.instrument.toUpperCase() === instrument.toUpperCase() && n.timeframe.toLowerCase() === timeframe.toLowerCase(),
  );
  const text = found?.note ?? found?.content ?? '';
  return { text: hasNoteText(text) ? text.trim() : null, locked: found?.locked === true };
}
