import type { Db } from '@t0/db';

/** An opened dispute's ledger entry, with its user's address. */
export function findDisputeEntry(db: Db, id: number) {
  return db
    .selectFrom('ledgerEntries as l')
    .leftJoin('users as u', 'u.id', 'l.userId')
    .select(['l.id', 'l.provider', 'l.providerObjectId', 'l.userId', 'l.occurredAt', 'u.email'])
    .where('l.id', '=', id)
    .where('l.kind', '=', 'dispute_opened')
    .executeTakeFirst();
}

/** The user's sign-ins, newest first. */
export function listSignInsOfUser(db: Db, userId: number, limit = 100) {
  return db
    .selectFrom('userLogins')
    .select(['at', 'address', 'userAgent', 'method'])
    .where('userId', '=', userId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
}

/** Signals delivered to the user (sent), newest first. */
export function listSignalDeliveriesOfUser(db: Db, userId: number, limit = 200) {
  return db
    .selectFrom('deliveries')
    .select(['sentAt', 'channel', 'signalId'])
    .where('userId', '=', userId)
    .where('status', '=', 'sent')
    .where('sentAt', 'is not', null)
    .orderBy('sentAt', 'desc')
    .limit(limit)
    .execute();
}

/** The paid chats and roles the user joined. */
export function listChatJoinsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('communityMembers')
    .select(['platform', 'target', 'joinedAt', 'status'])
    .where('userId', '=', userId)
    .orderBy('joinedAt', 'desc')
    .execute();
}

/** A dispute's evidence submission, with the address of who submitted it; undefined before it is submitted. */
export function findEvidenceSubmission(db: Db, ledgerEntryId: number) {
  return db
    .selectFrom('disputeEvidenceSubmissions as d')
    .leftJoin('users as u', 'u.id', 'd.submittedBy')
    .select(['d.submittedAt', 'd.sentToProvider', 'u.email as submittedBy'])
    .where('d.ledgerEntryId', '=', ledgerEntryId)
    .executeTakeFirst();
}

/** Records the submission once; answers false when the dispute's evidence was submitted already. */
export async function insertEvidenceSubmission(
  db: Db,
  s: { ledgerEntryId: number; submittedBy: number | null; sentToProvider: boolean },
): Promise<boolean> {
  const row = await db
    .insertInto('disputeEvidenceSubmissions')
    .values(s)
    .onConflict((oc) => oc.column('ledgerEntryId').doNothing())
    .returning('ledgerEntryId')
    .executeTakeFirst();
  return row !== undefined;
}
