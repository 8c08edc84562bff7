import { sql, type Kysely } from 'kysely';

// The subscriber's own book (docs/features/journal.md): what a subscriber says they did with a
// signal, private to them, never part of the desk's record.
// - trading_accounts: a subscriber's accounts, a name each (unique per subscriber, whatever the case).
// - journal_entries: one per account and signal: `took` (with the fill, when, and the size as a
//   risk percentage, or lots with the contract size the subscriber gives) or `skipped`.
// - journal_exits: the subscriber's own exits of a taken trade: a share of the position (percent)
//   at a price; with none, the trade follows the desk's parts and exit.
// - imported_trades: the trades of an imported report (MetaTrader 5, CSV), once per account, source
//   and the report's own id (a second import adds nothing); `signal_id` is the signal it was
//   matched to (by the import, or by hand), null while unmatched. A matched trade is the journal
//   entry's (`journal_entries.imported_trade_id`), whose `statement_profit` is the report's
//   profit with commission and swap.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trading_accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index trading_accounts_user_name_key on trading_accounts (user_id, lower(name))`.execute(db);

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('decision', 'varchar(8)', (c) => c.notNull().check(sql`decision in ('took', 'skipped')`))
    .addColumn('fill_price', 'numeric')
    .addColumn('taken_at', 'timestamptz')
    .addColumn('risk_percent', 'numeric')
    .addColumn('lots', 'numeric')
    .addColumn('contract_size', 'numeric')
    .addColumn('statement_profit', 'numeric')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('journal_entries_account_signal_key', ['account_id', 'signal_id'])
    .execute();
  await db.schema
    .createIndex('journal_entries_user_idx')
    .on('journal_entries')
    .columns(['user_id', 'signal_id'])
    .execute();
  await db.schema.createIndex('journal_entries_signal_idx').on('journal_entries').column('signal_id').execute();

  await db.schema
    .createTable('journal_exits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('journal_entries.id').onDelete('cascade'))
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('share', 'numeric', (c) => c.notNull().check(sql`share > 0 and share <= 100`))
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('journal_exits_entry_idx').on('journal_exits').column('entry_id').execute();

  await db.schema
    .createTable('imported_trades')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull().check(sql`source in ('mt5', 'csv')`))
    .addColumn('ref', 'varchar(200)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
    .addColumn('instrument', 'varchar(20)')
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('volume', 'numeric', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('open_price', 'numeric', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addColumn('close_price', 'numeric')
    .addColumn('profit', 'numeric')
    .addColumn('signal_id', 'integer', (c) => c.references('signals.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('imported_trades_account_source_ref_key', ['account_id', 'source', 'ref'])
    .execute();
  await db.schema
    .createIndex('imported_trades_user_idx')
    .on('imported_trades')
    .columns(['user_id', 'signal_id'])
    .execute();
  await db.schema
    .alterTable('journal_entries')
    .addColumn('imported_trade_id', 'integer', (c) => c.references('imported_trades.id').onDelete('set null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal_entries').dropColumn('imported_trade_id').execute();
  await db.schema.dropTable('imported_trades').execute();
  await db.schema.dropTable('journal_exits').execute();
  await db.schema.dropTable('journal_entries').execute();
  await db.schema.dropTable('trading_accounts').execute();
}
