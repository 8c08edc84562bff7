import { sql, type Kysely } from 'kysely';

// The instrument catalogue. The spec's four instruments are built in; each row here adds an
// instrument an administrator entered in the console (EURUSD, XAUUSD, NAS100, BTCUSD …) or overrides a
// built-in one's sizes or feed symbol (US30 as a CFD or futures symbol). Sizes are prices, the entry
// tolerance is in the instrument's own units (pips or points).
//
// Signal prices were numeric(10, 5), below 100,000: too small for BTCUSD. They widen to numeric(15, 5).

const SIGNAL_PRICES = [
  'entry_price',
  'sl_price',
  't0_price',
  't1_price',
  'current_price',
  'risk_price',
  'fill_price',
  'best_price',
  'worst_price',
  'exit_price',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('tick_size', 'numeric(18, 10)', (c) => c.notNull())
    .addColumn('unit_size', 'numeric(18, 10)', (c) => c.notNull())
    .addColumn('unit_name', 'varchar(10)', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('feed_symbol', 'varchar(40)', (c) => c.notNull())
    .addColumn('entry_tolerance', 'numeric(14, 4)', (c) => c.notNull())
    .addColumn('reference_price', 'numeric(15, 5)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const column of SIGNAL_PRICES) {
    await sql`alter table signals alter column ${sql.ref(column)} type numeric(15, 5)`.execute(db);
  }
  await sql`alter table signal_events alter column price type numeric(15, 5)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instruments').execute();
}
