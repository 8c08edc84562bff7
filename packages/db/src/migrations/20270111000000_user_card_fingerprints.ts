import { sql, type Kysely } from 'kysely';

// The card fingerprints an account paid with, as the payment provider tells them (Stripe's
// fingerprint of a card: the same card gives the same one, whatever the account). Only the
// fingerprint is kept, never a card's number. Blacklisting an account blacklists its cards.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_card_fingerprints')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_card_fingerprints_pk', ['user_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('user_card_fingerprints_fingerprint')
    .on('user_card_fingerprints')
    .column('fingerprint')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_card_fingerprints').ifExists().execute();
}
