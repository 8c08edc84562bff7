// Chart notes (the stored `chart_notes` and the console's four timeframes): one note per instrument and
// timeframe.

/** The console's timeframes, in their stored (canonical) spelling. */
export const CHART_NOTE_TIMEFRAMES = ['Monthly', 'Weekly', '4H', '15min'] as const;
export type ChartNoteTimeframe = (typeof CHART_NOTE_TIMEFRAMES)[number];

/** The canonical spelling of a timeframe typed in any case ('monthly', '4h', '15MIN'), or null. */
export function canonicalTimeframe(value: string): ChartNoteTimeframe | null {
  const wanted = value.trim().toLowerCase();
  return CHART_NOTE_TIMEFRAMES.find((t) => t.toLowerCase() === wanted) ?? null;
}

/** On the dashboard's analysis tabs, an empty or whitespace-only note counts as absent. */
export function hasNoteText(note: string | null | undefined): boolean {
  return typeof note === 'string' && note.trim().length > 0;
}
