import type { Kysely } from 'kysely';

// A welcome e-mail being sent is claimed in `welcome_email_claimed_at`; `welcome_email_sent_at` is
// written only once the mail server accepted it. Before, the claim itself set `sent_at`, so while a
// send was on its way (or failing) the user dropped off the administrator's list of subscribers who
// never got their welcome e-mail, and a second sender took the claim for a success.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('welcome_email_claimed_at', 'timestamptz').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('welcome_email_claimed_at').execute();
}
