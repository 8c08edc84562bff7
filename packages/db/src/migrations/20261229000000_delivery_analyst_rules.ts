import { sql, type Kysely } from 'kysely';

// Follow and mute an analyst per channel (docs/features/delivery-channels.md):
// - delivery_analyst_rules: one row per subscriber, channel and analyst; `rule` is `mute` (the
//   analyst's signals are not delivered on that channel) or `follow` (when a channel has any
//   follow rule, only the followed analysts' signals are delivered there). Removed with the user
//   or the analyst.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_analyst_rules')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('analyst_id', 'integer', (c) => c.notNull().references('analysts.id').onDelete('cascade'))
    .addColumn('rule', 'varchar(8)', (c) => c.notNull().check(sql`rule in ('mute', 'follow')`))
    .addPrimaryKeyConstraint('delivery_analyst_rules_pkey', ['user_id', 'channel', 'analyst_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_analyst_rules').execute();
}
