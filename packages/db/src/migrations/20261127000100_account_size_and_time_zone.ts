import { type Kysely } from 'kysely';

// Trading config gains the account size the signal dialog's risk calculator sizes positions from
// (USD, optional), and each user a time zone to read times in (IANA name; null: the browser's own).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('account_size', 'numeric(14, 2)')
    .addColumn('time_zone', 'varchar(64)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('time_zone').dropColumn('account_size').execute();
}
