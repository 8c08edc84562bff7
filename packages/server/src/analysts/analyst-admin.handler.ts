import type { Db } from '@t0/db';
import { analystSlugFrom } from '@t0/contracts/domain/analysts/analysts';
import { SLUG_RULE } from '@t0/contracts/domain/plans/plans';
import type { AdminUserIdInput } from '@t0/contracts/schemas/admin-users/admin-users';
import type { Analyst, AnalystUpsertInput } from '@t0/contracts/schemas/analysts/analysts';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { findUserByIdForUpdate, updateUser } from '../auth/users.queries';
import { findRoomBySlug } from '../rooms/rooms.queries';
import { revokeAlertSourcesOfAnalyst } from '../signal-drafts/signal-drafts.queries';
import { updateSignalAuthors } from '../signals/signals.queries';
import {
  findAnalystBySlug,
  findAnalystByUserIdForUpdate,
  insertAnalyst,
  listAnalystRoomSlugs,
  listAnalystsWithEmail,
  setAnalystRooms,
  updateAnalyst,
} from './analysts.queries';

// The console's analysts: make a user one (or change them), deactivate, list. Each change, the
// user's `is_analyst` flag and the audit entry are one transaction; a refusal changes nothing.

type Args<I> = { ctx: Context; input: I };

type AnalystWithEmail = Awaited<ReturnType<typeof listAnalystsWithEmail>>[number];

function toAnalyst(row: AnalystWithEmail, rooms: string[]): Analyst {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    slug: row.slug,
    displayName: row.displayName,
    title: row.title,
    disclosure: row.disclosure,
    rooms,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    deactivatedAt: row.deactivatedAt ? row.deactivatedAt.toISOString() : null,
  };
}

/** Every analyst (deactivated ones too) with their rooms. */
export async function listAnalystsHandler({ ctx }: { ctx: Context }): Promise<Analyst[]> {
  const [rows, rooms] = await Promise.all([listAnalystsWithEmail(ctx.db), listAnalystRoomSlugs(ctx.db)]);
  return rows.map((row) => toAnalyst(row, rooms.get(row.id) ?? []));
}

/** The room ids of these slugs: each must name an open room, else a 400 naming `rooms`. */
async function roomIdsOf(db: Db, slugs: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const slug of slugs) {
    const room = await findRoomBySlug(db, slug);
    if (!room || room.archivedAt !== null)
      throw validationError([{ path: ['rooms'], message: `Room ${slug} does not exist` }]);
    if (!ids.includes(room.id)) ids.push(room.id);
  }
  return ids;
}

/** The slug given, or made from the display name; in use by another analyst is a 400 naming `slug`. */
async function freeSlug(db: Db, wanted: string | undefined, displayName: string, analystId: number | null) {
  const slug = wanted ?? analystSlugFrom(displayName);
  if (slug === null) throw validationError([{ path: ['slug'], message: `slug is required: ${SLUG_RULE}` }]);
  const holder = await findAnalystBySlug(db, slug);
  if (holder && holder.id !== analystId)
    throw validationError([{ path: ['slug'], message: `slug ${slug} is in use by another analyst` }]);
  return slug;
}

async function analystView(db: Db, userId: number): Promise<Analyst> {
  const row = (await listAnalystsWithEmail(db)).find((a) => a.userId === userId);
  if (!row) throw notFound('Analyst');
  return toAnalyst(row, (await listAnalystRoomSlugs(db, [row.id])).get(row.id) ?? []);
}

/** POST /admin/users/{userId}/analyst: the user becomes an analyst (again), or the analyst changes. */
export async function upsertAnalystHandler({ ctx, input }: Args<AnalystUpsertInput>): Promise<Analyst> {
  return transact(ctx.db, async (trx) => {
    if (!(await findUserByIdForUpdate(trx, input.userId))) throw notFound('User');
    const existing = await findAnalystByUserIdForUpdate(trx, input.userId);
    const roomIds = input.rooms === undefined ? undefined : await roomIdsOf(trx, input.rooms);
    const fields = { displayName: input.displayName, title: input.title, disclosure: input.disclosure };
    let analystId: number;
    if (existing) {
      const slug = input.slug === undefined ? existing.slug : await freeSlug(trx, input.slug, '', existing.id);
      analystId = (await updateAnalyst(trx, existing.id, { ...fields, slug, active: true })).id;
    } else {
      const slug = await freeSlug(trx, input.slug, input.displayName, null);
      analystId = (await insertAnalyst(trx, { ...fields, slug, userId: input.userId })).id;
    }
    if (roomIds !== undefined) await setAnalystRooms(trx, analystId, roomIds);
    await updateUser(trx, input.userId, { isAnalyst: true });
    const view = await analystView(trx, input.userId);
    // Their signals show them as they are now; the chain keeps what it committed to.
    await updateSignalAuthors(trx, analystId, { slug: view.slug, name: view.displayName, title: view.title });
    return view;
  });
}

/**
 * DELETE /admin/users/{userId}/analyst: the analyst stops acting at the desk. The row stays (their
 * signals keep their author); their alert sources are revoked (their drafts stay).
 */
export async function deactivateAnalystHandler({ ctx, input }: Args<AdminUserIdInput>): Promise<Analyst> {
  return transact(ctx.db, async (trx) => {
    const existing = await findAnalystByUserIdForUpdate(trx, input.userId);
    if (!existing) throw notFound('Analyst');
    if (!existing.active) throw conflict('The analyst is deactivated already');
    await updateAnalyst(trx, existing.id, { active: false });
    await updateUser(trx, input.userId, { isAnalyst: false });
    await revokeAlertSourcesOfAnalyst(trx, existing.id);
    return analystView(trx, input.userId);
  });
}
