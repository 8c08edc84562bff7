import { sql, type Kysely } from 'kysely';

// A dispute's evidence once submitted (console › LEDGER › a dispute): when, by whom, and whether it
// went to the provider or was the test mode's (recorded, sent nowhere). One row per opened dispute.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dispute_evidence_submissions')
    .addColumn('ledger_entry_id', 'integer', (c) => c.primaryKey().references('ledger_entries.id').onDelete('cascade'))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_to_provider', 'boolean', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispute_evidence_submissions').ifExists().execute();
}
