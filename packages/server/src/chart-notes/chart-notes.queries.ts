import type { ChartNoteRow, Db } from '@t0/db';
import type { ChartNote, ChartNoteSave } from '@t0/contracts/schemas/chart-notes/chart-notes';

/** The note as answered: `note` (stored name) and `content` (console name) carry the same text. */
export function toChartNote(row: ChartNoteRow, opts: { locked: boolean }): ChartNote {
  const text = opts.locked ? '' : row.note;
  return {
    id: row.id,
    instrument: row.instrument,
    timeframe: row.timeframe,
    note: text,
    content: text,
    updatedAt: row.updatedAt.toISOString(),
    locked: opts.locked,
  };
}

export function listChartNotes(db: Db) {
  return db.selectFrom('chartNotes').selectAll().orderBy('instrument').orderBy('timeframe').execute();
}

/** One note per instrument and timeframe: saving again replaces the text. */
export function saveChartNote(db: Db, input: ChartNoteSave, updatedBy: number | null) {
  const now = new Date();
  return db
    .insertInto('chartNotes')
    .values({
      instrument: input.instrument,
      timeframe: input.timeframe,
      note: input.content,
      updatedAt: now,
      updatedBy,
    })
    .onConflict((oc) =>
      oc.columns(['instrument', 'timeframe']).doUpdateSet({ note: input.content, updatedAt: now, updatedBy }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The instrument of a chart note, or undefined when there is none. */
export function findChartNoteInstrument(db: Db, id: number) {
  return db.selectFrom('chartNotes').select('instrument').where('id', '=', id).executeTakeFirst();
}

export async function deleteChartNote(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('chartNotes').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
