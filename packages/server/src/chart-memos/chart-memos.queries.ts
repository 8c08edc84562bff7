import type { ChartMemoRow, Db } from '@t0/db';
import { sql } from 'kysely';
import { ANALYSIS_INSTRUMENTS } from '@t0/contracts/domain/common/constants';
import type { ChartMemo, ChartMemoUpsert } from '@t0/contracts/schemas/chart-memos/chart-memos';

/**
 * The memo as answered. `locked` withholds the analysis (text, key levels, structure, risk, images)
 * from a signed-in user without a subscription: the fields are empty, never partly filled.
 */
export function toChartMemo(row: ChartMemoRow, opts: { locked: boolean }): ChartMemo {
  const images = opts.locked ? [] : (row.memoImageUrls ?? []);
  return {
    id: row.id,
    instrument: row.instrument,
    memoText: opts.locked ? '' : row.memoText,
    memoImageUrls: images,
    memoImageUrl: images[0] ?? null,
    keyLevels: opts.locked ? '' : row.keyLevels,
    marketStructure: opts.locked ? '' : row.marketStructure,
    riskManagement: opts.locked ? '' : row.riskManagement,
    updatedAt: row.updatedAt.toISOString(),
    locked: opts.locked,
  };
}

/** Every stored memo, in the dashboard's instrument order (others after, by name). */
export function listChartMemos(db: Db) {
  const order = sql<number>`array_position(array[${sql.join(ANALYSIS_INSTRUMENTS.map((i) => sql.lit(i)))}]::text[], instrument::text)`;
  return db
    .selectFrom('chartMemos')
    .selectAll()
    .orderBy(sql`${order} nulls last`)
    .orderBy('instrument')
    .execute();
}

export function findChartMemo(db: Db, instrument: string) {
  return db.selectFrom('chartMemos').selectAll().where('instrument', '=', instrument).executeTakeFirst();
}

/** Creates the instrument's memo or changes the fields given; fields left out keep their value. */
export function upsertChartMemo(db: Db, input: ChartMemoUpsert, updatedBy: number | null) {
  const fields = {
    ...(input.memoText !== undefined && { memoText: input.memoText }),
    ...(input.keyLevels !== undefined && { keyLevels: input.keyLevels }),
    ...(input.marketStructure !== undefined && { marketStructure: input.marketStructure }),
    ...(input.riskManagement !== undefined && { riskManagement: input.riskManagement }),
    ...(input.memoImageUrls !== undefined && { memoImageUrls: textArray(input.memoImageUrls) }),
  };
  const now = new Date();
  return db
    .insertInto('chartMemos')
    .values({ instrument: input.instrument, ...fields, updatedAt: now, updatedBy })
    .onConflict((oc) => oc.column('instrument').doUpdateSet({ ...fields, updatedAt: now, updatedBy }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A text[] parameter that both drivers (pg and PGlite) bind the same way. */
function textArray(values: readonly string[]) {
  return sql<string[]>`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** Whether any memo still shows this image. */
export async function isImageReferenced(db: Db, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('chartMemos')
    .select('id')
    .where(sql<boolean>`${url} = any(memo_image_urls)`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The instruments whose memo shows this image (`/objects/images/…`). */
export async function listInstrumentsShowingImage(db: Db, url: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chartMemos')
    .select('instrument')
    .where(sql<boolean>`${url} = any(memo_image_urls)`)
    .execute();
  return rows.map((r) => r.instrument);
}
