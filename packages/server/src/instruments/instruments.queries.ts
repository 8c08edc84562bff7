import type { Database, Db, InstrumentRow } from '@t0/db';
import type { Insertable, Updateable } from 'kysely';
import { INSTRUMENTS } from '@t0/contracts/domain/common/constants';
import {
  instrumentCatalogue,
  setInstrumentCatalogue,
  type InstrumentSpec,
  type UnitName,
} from '@t0/contracts/domain/instruments/instruments';
import type { InstrumentView } from '@t0/contracts/schemas/instruments/instruments';

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

/** The id of the instrument with this symbol (undefined when it is not in the table). */
export const findInstrumentIdBySymbol = (db: Db, symbol: string) =>
  db.selectFrom('instruments').select('id').where('symbol', '=', symbol).executeTakeFirst();

/** Adds an instrument; answers its id, or undefined when the symbol is already in the table. */
export const insertInstrument = (db: Db, values: Insertable<Database['instruments']>) =>
  db
    .insertInto('instruments')
    .values({ ...values })
    .onConflict((oc) => oc.column('symbol').doNothing())
    .returning('id')
    .executeTakeFirst();

/** Changes an instrument's fields (and its `updatedAt`). */
export const updateInstrument = (db: Db, id: number, fields: Updateable<Database['instruments']>) =>
  db
    .updateTable('instruments')
    .set({ ...fields, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

/** Removes an instrument's row. */
export const deleteInstrument = (db: Db, id: number) => db.deleteFrom('instruments').where('id', '=', id).execute();

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
