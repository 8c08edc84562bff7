import { sql, type Kysely } from 'kysely';

// TradingView alerts into drafts. An alert source is a secret URL the desk gives
// TradingView (only the token's SHA-256 is kept; revoked, never deleted, so its drafts keep their
// origin). Each accepted alert is a draft: the levels as the alert sent them, waiting for the desk
// to publish (through the same rules as any signal) or discard. `body_hash` folds a repeated body
// within a minute into the same draft (`received` counts them).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_sources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('notify_telegram', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_alert_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('signal_drafts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_id', 'integer', (c) => c.references('alert_sources.id').onDelete('set null'))
    .addColumn('instrument', 'varchar(10)', (c) => c.notNull())
    .addColumn('direction', 'varchar(5)', (c) => c.notNull())
    .addColumn('order_type', 'varchar(6)', (c) => c.notNull())
    .addColumn('entry_price', 'numeric(15, 5)', (c) => c.notNull())
    .addColumn('sl_price', 'numeric(15, 5)', (c) => c.notNull())
    .addColumn('t0_price', 'numeric(15, 5)', (c) => c.notNull())
    .addColumn('t1_price', 'numeric(15, 5)', (c) => c.notNull())
    .addColumn('t0_share', 'numeric(7, 4)', (c) => c.notNull().defaultTo(50))
    .addColumn('monthly_bias', 'varchar(30)', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_hash', 'char(64)', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('signal_id', 'integer', (c) => c.references('signals.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('signal_drafts_state_idx').on('signal_drafts').columns(['state', 'created_at']).execute();
  await db.schema
    .createIndex('signal_drafts_fold_idx')
    .on('signal_drafts')
    .columns(['source_id', 'body_hash', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signal_drafts').execute();
  await db.schema.dropTable('alert_sources').execute();
}
