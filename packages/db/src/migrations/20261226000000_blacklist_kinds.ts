import { sql, type Kysely } from 'kysely';

// The blacklist (docs/features/console-users.md#blacklist). The specification's `blacklisted_emails`
// (address, reason, when, by whom) holds e-mail addresses only, and a ban by address alone is easy to
// evade; it now holds one entry per kind of identity:
// - kind: email, domain, card (a Stripe card fingerprint), telegram, discord or whop;
// - value: the entry as it is matched (packages/contracts/src/domain/blacklist/blacklist.ts): an address lower
//   case with Gmail's dots and +tags folded, a domain as `@example.com`, an id as given; unique per kind;
// - email: the address as the administrator entered it (e-mail entries only; no longer unique, as
//   `J.Doe@gmail.com` and `jdoe@gmail.com` are one entry);
// - user_id: the account the entry was taken from, when it was (set null when that account is deleted).
// `blacklisted_at` and `blacklisted_by` (the administrator's address) keep the specification's names.
// An existing row becomes an e-mail entry of its address, lower case.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blacklisted_emails').dropConstraint('blacklisted_emails_email_key').execute();
  await db.schema
    .alterTable('blacklisted_emails')
    .alterColumn('email', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('blacklisted_emails')
    .addColumn('kind', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('email')
        .check(sql`kind in ('email', 'domain', 'card', 'telegram', 'discord', 'whop')`),
    )
    .addColumn('value', 'varchar(255)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update blacklisted_emails set value = lower(trim(email))`.execute(db);
  // Two old rows differing only in case become one entry.
  await sql`
    delete from blacklisted_emails a using blacklisted_emails b
     where a.value = b.value and a.id > b.id`.execute(db);
  await db.schema
    .alterTable('blacklisted_emails')
    .alterColumn('value', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('blacklisted_emails')
    .addUniqueConstraint('blacklisted_emails_kind_value_key', ['kind', 'value'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from blacklisted_emails where kind <> 'email' or email is null`.execute(db);
  await db.schema.alterTable('blacklisted_emails').dropConstraint('blacklisted_emails_kind_value_key').execute();
  await db.schema
    .alterTable('blacklisted_emails')
    .dropColumn('user_id')
    .dropColumn('value')
    .dropColumn('kind')
    .execute();
  await sql`
    delete from blacklisted_emails a using blacklisted_emails b
     where a.email = b.email and a.id > b.id`.execute(db);
  await db.schema
    .alterTable('blacklisted_emails')
    .alterColumn('email', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('blacklisted_emails')
    .addUniqueConstraint('blacklisted_emails_email_key', ['email'])
    .execute();
}
