import { sql, type Kysely } from 'kysely';

// Paid community access: the desk's private Telegram chat and its Discord server's
// subscriber role, kept in step with billing.
//
// - community_members: who the product knows to be in the paid chat or to hold the role (from the
//   bot's chat_member updates and its own grants), with the account it belongs to when known.
// - telegram_invite_links: personal invite links (member_limit 1, an expiry), so a join is traced
//   to its account and an unused link is revoked when access ends.
// - discord_links / discord_oauth_states: the Discord account linked with OAuth2, and the single-use
//   state that ties an authorisation to the session that started it (stored hashed).
// - community_tasks: the outbox of actions an access change causes (remove a member, revoke a link,
//   grant or remove the role, send an invite), written in the change's transaction, run with retries.
// - community_syncs: each reconciliation (daily, or SYNC NOW) with the differences it found.
// - community_alerts: what needs the desk (the bot is no longer an administrator of the chat …).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('community_members')
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    // Telegram user id or Discord user id (snowflake), as text.
    .addColumn('external_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // member | left | removed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('invite_link', 'varchar(255)')
    .addColumn('joined_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('community_members_pkey', ['platform', 'external_id'])
    .execute();
  await db.schema.createIndex('community_members_user_idx').on('community_members').column('user_id').execute();

  await db.schema
    .createTable('telegram_invite_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invite_link', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('telegram_invite_links_user_idx').on('telegram_invite_links').column('user_id').execute();

  await db.schema
    .createTable('discord_links')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('discord_user_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('discord_oauth_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('community_tasks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    // remove_member | revoke_link | send_invite | approve_join | decline_join | grant_role | remove_role
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    // Kept when the account is deleted: a deleted account's member is still removed.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('external_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('reason', 'varchar(100)', (c) => c.notNull())
    // pending | done | failed | skipped
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .execute();
  await sql`create index community_tasks_due_idx on community_tasks (run_after) where status = 'pending'`.execute(db);
  await db.schema.createIndex('community_tasks_user_idx').on('community_tasks').column('user_id').execute();

  await db.schema
    .createTable('community_syncs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('members', 'integer', (c) => c.notNull())
    .addColumn('entitled', 'integer', (c) => c.notNull())
    .addColumn('differences', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('community_syncs_platform_at_idx')
    .on('community_syncs')
    .columns(['platform', 'at'])
    .execute();

  await db.schema
    .createTable('community_alerts')
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('community_alerts_pkey', ['platform', 'kind'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'community_alerts',
    'community_syncs',
    'community_tasks',
    'discord_oauth_states',
    'discord_links',
    'telegram_invite_links',
    'community_members',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
