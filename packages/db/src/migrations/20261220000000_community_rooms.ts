import { sql, type Kysely } from 'kysely';

// The paid community per room: each room may have its own Telegram chat and Discord
// role (`rooms.telegram_chat_id`, `rooms.discord_role_id`); the default room without its own uses
// the install-wide settings (TELEGRAM_PAID_CHAT_ID, DISCORD_SUBSCRIBER_ROLE_ID). What the product
// records and does in the community now names the chat or role it concerns, its `target`:
//
// - community_members: who is in which chat, who holds which role (the key gains the target);
// - telegram_invite_links: the chat a link is for (`chat_id`);
// - community_tasks: the chat or role a task acts on;
// - community_alerts: the chat or role that needs the desk (the key gains the target).
//
// Rows written before name none (''): they were about the install-wide chat and role, which only
// the running product knows (its settings). At start-up it writes those settings into
// `community_settings`, so an access change, which runs in the transaction of a payment and reads
// only the database, finds the default room's chat and role; the same step gives the rows with
// no target the settings' chat or role (`applyCommunitySettings`).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('community_members')
    .addColumn('target', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('community_members').dropConstraint('community_members_pkey').execute();
  await db.schema
    .alterTable('community_members')
    .addPrimaryKeyConstraint('community_members_pkey', ['platform', 'target', 'external_id'])
    .execute();

  await db.schema
    .alterTable('telegram_invite_links')
    .addColumn('chat_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('community_tasks')
    .addColumn('target', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('community_alerts')
    .addColumn('target', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('community_alerts').dropConstraint('community_alerts_pkey').execute();
  await db.schema
    .alterTable('community_alerts')
    .addPrimaryKeyConstraint('community_alerts_pkey', ['platform', 'target', 'kind'])
    .execute();

  // One row: the install-wide chat and role as the running product's settings have them.
  await db.schema
    .createTable('community_settings')
    .addColumn('id', 'integer', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('telegram_chat_id', 'varchar(40)')
    .addColumn('discord_role_id', 'varchar(40)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('community_settings').execute();
  await db.schema.alterTable('community_alerts').dropConstraint('community_alerts_pkey').execute();
  await sql`delete from community_alerts a using community_alerts b
             where a.platform = b.platform and a.kind = b.kind and a.ctid > b.ctid`.execute(db);
  await db.schema.alterTable('community_alerts').dropColumn('target').execute();
  await db.schema
    .alterTable('community_alerts')
    .addPrimaryKeyConstraint('community_alerts_pkey', ['platform', 'kind'])
    .execute();
  await db.schema.alterTable('community_tasks').dropColumn('target').execute();
  await db.schema.alterTable('telegram_invite_links').dropColumn('chat_id').execute();
  await db.schema.alterTable('community_members').dropConstraint('community_members_pkey').execute();
  await sql`delete from community_members a using community_members b
             where a.platform = b.platform and a.external_id = b.external_id and a.ctid > b.ctid`.execute(db);
  await db.schema.alterTable('community_members').dropColumn('target').execute();
  await db.schema
    .alterTable('community_members')
    .addPrimaryKeyConstraint('community_members_pkey', ['platform', 'external_id'])
    .execute();
}
