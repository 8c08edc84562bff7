import { sql, type Kysely } from 'kysely';

// Telegram delivery: one-time link codes from the profile, and the chat each account
// is linked to.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telegram_link_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 (hex) of the code carried by the deep link; the code itself is never stored.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // Set when the bot's /start consumed it: a code links once.
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('telegram_link_codes_user_idx').on('telegram_link_codes').column('user_id').execute();

  await db.schema
    .createTable('telegram_links')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Telegram chat ids reach 52 bits: kept as text. One chat is linked to one account.
    .addColumn('chat_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(64)')
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_links').execute();
  await db.schema.dropTable('telegram_link_codes').execute();
}
