import { sql, type Kysely } from 'kysely';

// Trades as the market made them:
// - `order_type`: market, or how a pending order fills (limit: the market comes to it; stop: the
//   market runs through it). Signals stored before are market ones, or limits when still pending.
// - `expires_at`: a pending order still unfilled then ends unfilled.
// - `t0_share`: percent of the position taken at T0 (0 for signals stored before: whole trades).
// - `parts`: the parts of the position already closed, `[{kind, share, price}]` (JSON text).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signals')
    .addColumn('order_type', 'varchar(10)', (c) => c.notNull().defaultTo('market'))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('t0_share', sql`numeric(7,4)`, (c) => c.notNull().defaultTo(0))
    .addColumn('parts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`update signals set order_type = 'limit' where status = 'limit' or (status = 'cancelled' and fill_price is null)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signals')
    .dropColumn('parts')
    .dropColumn('t0_share')
    .dropColumn('expires_at')
    .dropColumn('order_type')
    .execute();
}
