import type { AlertSourceRow, Database, Db, SignalDraftRow } from '@t0/db';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { AlertSource, SignalDraft } from '@t0/contracts/schemas/signal-drafts/signal-drafts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toAlertSource(row: AlertSourceRow & { drafts?: number | string | null }): AlertSource {
  return {
    id: row.id,
    name: row.name,
    notifyTelegram: row.notifyTelegram,
    createdAt: new Date(row.createdAt).toISOString(),
    revokedAt: iso(row.revokedAt),
    lastAlertAt: iso(row.lastAlertAt),
    drafts: Number(row.drafts ?? 0),
  };
}

/** Every source (with `analystId`, that analyst's), active ones first, newest first, with how many drafts each made. */
export async function listAlertSources(db: Db, analystId?: number): Promise<AlertSource[]> {
  let query = db.selectFrom('alertSources as s');
  if (analystId !== undefined) query = query.where('s.analystId', '=', analystId);
  const rows = await query
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('signalDrafts as d')
        .whereRef('d.sourceId', '=', 's.id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('drafts'),
    )
    .orderBy(sql`s.revoked_at is null`, 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map(toAlertSource);
}

/** The active (not revoked) source a token's hash belongs to. */
export function findActiveSourceByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('alertSources')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

/** A draft with its source's name and the analyst whose source made it (null: the desk's). */
export type DraftRowWithSource = SignalDraftRow & { sourceName: string | null; ownerAnalystId: number | null };

export function toSignalDraft(row: DraftRowWithSource): SignalDraft {
  return {
    id: row.id,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    instrument: row.instrument,
    direction: row.direction,
    orderType: row.orderType as SignalDraft['orderType'],
    entryPrice: Number(row.entryPrice),
    slPrice: Number(row.slPrice),
    t0Price: Number(row.t0Price),
    t1Price: Number(row.t1Price),
    t0Share: Number(row.t0Share),
    monthlyBias: row.monthlyBias,
    memo: row.memo,
    received: row.received,
    state: row.state as SignalDraft['state'],
    signalId: row.signalId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const draftsWithSource = (db: Db) =>
  db
    .selectFrom('signalDrafts as d')
    .leftJoin('alertSources as s', 's.id', 'd.sourceId')
    .selectAll('d')
    .select(['s.name as sourceName', 's.analystId as ownerAnalystId']);

/** Drafts in one state, newest first (at most 200); with `analystId`, only that analyst's sources' drafts. */
export async function listSignalDrafts(
  db: Db,
  state: SignalDraft['state'],
  analystId?: number,
): Promise<SignalDraft[]> {
  let query = draftsWithSource(db).where('d.state', '=', state);
  if (analystId !== undefined) query = query.where('s.analystId', '=', analystId);
  const rows = await query.orderBy('d.createdAt', 'desc').orderBy('d.id', 'desc').limit(200).execute();
  return rows.map(toSignalDraft);
}

export async function findSignalDraft(db: Db, id: number): Promise<DraftRowWithSource | undefined> {
  return draftsWithSource(db).where('d.id', '=', id).executeTakeFirst();
}

/**
 * Takes a pending draft out of the list (published or discarded): only the first caller wins, so
 * a draft is published once however often PUBLISH is pressed. True when this call took it.
 */
export async function decideSignalDraft(
  db: Db,
  id: number,
  state: 'published' | 'discarded',
  signalId: number | null = null,
): Promise<boolean> {
  const row = await db
    .updateTable('signalDrafts')
    .set({ state, signalId, decidedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds an alert source (only its token's hash is stored); answers the stored row. */
export function insertAlertSource(
  db: Db,
  s: { name: string; notifyTelegram: boolean; tokenHash: string; analystId?: number | null },
) {
  return db.insertInto('alertSources').values(s).returningAll().executeTakeFirstOrThrow();
}

/** Revokes an active alert source; answers its id, or undefined when it is missing or already revoked. */
export function revokeAlertSource(db: Db, id: number) {
  return db
    .updateTable('alertSources')
    .set({ revokedAt: new Date() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Revokes every active alert source of an analyst (one who stops acting at the desk). */
export async function revokeAlertSourcesOfAnalyst(db: Db, analystId: number): Promise<void> {
  await db
    .updateTable('alertSources')
    .set({ revokedAt: new Date() })
    .where('analystId', '=', analystId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** The analyst an alert source (revoked or not) belongs to: `{ analystId }` (null: the desk's), undefined when none. */
export function findAlertSourceOwner(db: Db, id: number) {
  return db.selectFrom('alertSources').select('analystId').where('id', '=', id).executeTakeFirst();
}

/** Whether an alert source (revoked or not) exists: its id, or undefined. */
export function findAlertSourceId(db: Db, id: number) {
  return db.selectFrom('alertSources').select('id').where('id', '=', id).executeTakeFirst();
}

/** Locks an alert source's row until the transaction ends (one alert of a source at a time). */
export async function lockAlertSource(db: Db, id: number): Promise<void> {
  await db.selectFrom('alertSources').select('id').where('id', '=', id).forUpdate().execute();
}

/** Records that an alert source sent an alert now. */
export async function touchAlertSource(db: Db, id: number): Promise<void> {
  await db
    .updateTable('alertSources')
    .set({ lastAlertAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Folds a repeated alert into the draft the same body made within `foldSeconds` (the newest such
 * draft of the source): `received` + 1. Answers its id, or undefined when there is none.
 */
export function foldRepeatedAlert(db: Db, sourceId: number, bodyHash: string, foldSeconds: number) {
  return db
    .updateTable('signalDrafts')
    .set({ received: sql<number>`received + 1` })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('signalDrafts')
        .select('id')
        .where('sourceId', '=', sourceId)
        .where('bodyHash', '=', bodyHash)
        .where('createdAt', '>', sql<Date>`now() - make_interval(secs => ${foldSeconds})`)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .returning('id')
    .executeTakeFirst();
}

/** Stores a pending draft made from an alert; answers its id. */
export function insertSignalDraft(db: Db, d: Insertable<Database['signalDrafts']>) {
  return db.insertInto('signalDrafts').values(d).returning('id').executeTakeFirstOrThrow();
}

/** Applies the desk's edits to a draft while it is still pending (and stamps `updatedAt`). */
export async function updatePendingSignalDraft(
  db: Db,
  id: number,
  values: Updateable<Database['signalDrafts']>,
): Promise<void> {
  await db
    .updateTable('signalDrafts')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}
