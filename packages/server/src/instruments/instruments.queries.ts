import type { Db, InstrumentRow } from '@t0/db';
import { INSTRUMENTS } from '@t0/contracts/domain/constants';
import {
  instrumentCatalogue,
  setInstrumentCatalogue,
  type InstrumentSpec,
  type UnitName,
} from '@t0/contracts/domain/instruments';
import type { InstrumentView } from '@t0/contracts/schemas/instruments';

export function specOfRow(row: InstrumentRow): InstrumentSpec {
  return {
    symbol: row.symbol,
    tickSize: Number(row.tickSize),
    unitSize: Number(row.unitSize),
    unitName: row.unitName as UnitName,
    decimals: row.decimals,
    feedSymbol: row.feedSymbol,
    entryTolerance: Number(row.entryTolerance),
    referencePrice: Number(row.referencePrice),
  };
}

export const listInstrumentRows = (db: Db) => db.selectFrom('instruments').selectAll().orderBy('id').execute();

export const findInstrumentRow = (db: Db, id: number) =>
  db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Reads the `instruments` table into the process's catalogue (the cache every figure reads). Called at
 * start, after every change in the console, and by the price job each interval so that the other
 * processes follow a change within one refresh.
 */
export async function loadInstrumentCatalogue(db: Db): Promise<readonly InstrumentSpec[]> {
  setInstrumentCatalogue((await listInstrumentRows(db)).map(specOfRow));
  return instrumentCatalogue();
}

/** The catalogue as served: each instrument with its row id (null for an unchanged built-in one). */
export async function instrumentViews(db: Db): Promise<InstrumentView[]> {
  const rows = await listInstrumentRows(db);
  setInstrumentCatalogue(rows.map(specOfRow));
  const ids = new Map(rows.map((r) => [r.symbol, r.id]));
  return instrumentCatalogue().map((s) => ({
    ...s,
    id: ids.get(s.symbol) ?? null,
    builtIn: (INSTRUMENTS as readonly string[]).includes(s.symbol),
  }));
}

export const countSignalsOn = async (db: Db, symbol: string) =>
  Number(
    (
      await db
        .selectFrom('signals')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('instrument', '=', symbol)
        .executeTakeFirstOrThrow()
    ).n,
  );
