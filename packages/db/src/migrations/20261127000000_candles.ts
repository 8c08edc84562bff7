import { type Kysely } from 'kysely';

// Candles of the price feed: one row per symbol, timeframe, price source and bucket.
// The price watcher folds every refresh into the current bar of each timeframe (1 min, 15 min,
// 4 h, day, week, month); old short bars are pruned (1 min after 7 days, 15 min after 120 days,
// 4 h after 3 years); days, weeks and months are kept. `source` keeps the simulated feed's bars
// apart from a market-data vendor's, so switching feeds never shows simulated history as real.
// Prices are numeric(14,5): BTCUSD is above the 99,999.99999 that the signals' numeric(10,5) holds.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('candles')
    .addColumn('symbol', 'varchar(10)', (c) => c.notNull())
    .addColumn('timeframe', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'numeric(14, 5)', (c) => c.notNull())
    .addColumn('high', 'numeric(14, 5)', (c) => c.notNull())
    .addColumn('low', 'numeric(14, 5)', (c) => c.notNull())
    .addColumn('close', 'numeric(14, 5)', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pkey', ['symbol', 'timeframe', 'source', 'bucket_start'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('candles').ifExists().execute();
}
