import { z } from 'zod';
import { canonicalTimeframe, CHART_NOTE_TIMEFRAMES } from '../../domain/chart-notes/chart-notes';
import { memoInstrumentSchema } from '../chart-memos/chart-memos';

// Chart notes (the console's CHARTS tab): one note per instrument and timeframe; the console sends `content`,
// the stored field is `note`.

const NOTE_MAX = 20_000;

export const chartNoteTimeframeSchema = z
  .string({ error: `Timeframe must be one of ${CHART_NOTE_TIMEFRAMES.join(', ')}` })
  .transform((v) => canonicalTimeframe(v) ?? v)
  .pipe(z.enum(CHART_NOTE_TIMEFRAMES, { error: `Timeframe must be one of ${CHART_NOTE_TIMEFRAMES.join(', ')}` }));

/** POST and PUT /api/chart-notes: both save the note of this instrument and timeframe. */
export const chartNoteInput = z.object({
  instrument: memoInstrumentSchema,
  timeframe: chartNoteTimeframeSchema,
  content: z
    .string({ error: 'Chart note content is required' })
    .trim()
    .min(1, 'Chart note content is required')
    .max(NOTE_MAX, `Chart note must be at most ${NOTE_MAX} characters`),
});
export type ChartNoteInput = z.input<typeof chartNoteInput>;
export type ChartNoteSave = z.output<typeof chartNoteInput>;

/** A note as answered; `note` and `content` carry the same text (withheld when `locked`). */
export const chartNoteSchema = z.object({
  id: z.number().int(),
  instrument: z.string(),
  timeframe: z.string(),
  note: z.string(),
  content: z.string(),
  updatedAt: z.string(),
  locked: z.boolean(),
});
export type ChartNote = z.infer<typeof chartNoteSchema>;
export const chartNoteListSchema = z.array(chartNoteSchema);
