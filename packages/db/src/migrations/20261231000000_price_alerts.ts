import { sql, type Kysely } from 'kysely';

// A subscriber's price alerts (docs/features/price-alerts.md), judged by the server on the feed.
// - price_alerts: the alert (instrument, condition above/below/crossing, level, the side it is judged
//   on, once or every time, a note) and the judge's memory: `armed` (ready to fire), `last_side`
//   (crossing: where the price was last seen outside the band), `active` (a `once` alert that fired
//   is not), `fired_count` and `last_fired_at`.
// - price_alert_fires: each firing, with the price that fired it (the subscriber's history).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('instrument', 'varchar(20)', (c) => c.notNull())
    .addColumn('condition', 'varchar(10)', (c) => c.notNull().check(sql`condition in ('above', 'below', 'crossing')`))
    .addColumn('level', 'numeric', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) =>
      c
        .notNull()
        .defaultTo('mid')
        .check(sql`side in ('bid', 'ask', 'mid')`),
    )
    .addColumn('repeat', 'varchar(5)', (c) =>
      c
        .notNull()
        .defaultTo('once')
        .check(sql`repeat in ('once', 'every')`),
    )
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('armed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_side', 'varchar(5)')
    .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('price_alerts_user_idx').on('price_alerts').column('user_id').execute();
  await sql`create index price_alerts_active_idx on price_alerts (instrument) where active`.execute(db);

  await db.schema
    .createTable('price_alert_fires')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('price_alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('price_alert_fires_alert_idx').on('price_alert_fires').column('alert_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('price_alert_fires').execute();
  await db.schema.dropTable('price_alerts').execute();
}
