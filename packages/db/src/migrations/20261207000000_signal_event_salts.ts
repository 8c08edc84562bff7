import type { Kysely } from 'kysely';

// Each signal event's hashed content carries a random 128-bit salt (32 hex characters), kept on the
// server and shown only with the event's content. Without it an event's hash was a SHA-256 over
// canonical JSON whose only unknown was one price, so a reader who was shown the hash but not the
// price could find the price by trying the few thousand plausible ones. Rows written before this
// migration keep a null salt and their original hash (the table is append-only); the chain check
// hashes them by the old formula.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signal_events').addColumn('salt', 'char(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signal_events').dropColumn('salt').execute();
}
