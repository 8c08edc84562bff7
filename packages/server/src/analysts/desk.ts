import { deskMayManage, deskMayUseRoom, type Desk } from '@t0/contracts/domain/analysts/analysts';
import { deskAnswersThread } from '@t0/contracts/domain/messages/messages';
import type { User } from '@t0/contracts/schemas/auth/auth';
import { recordRefusedAttempt, type RefusalReason } from '../audit/record';
import type { Context } from '../core/context';
import { forbidden } from '../core/errors';
import { findUserById } from '../auth/users.queries';
import { findChartNoteInstrument } from '../chart-notes/chart-notes.queries';
import { listHeldRoomSlugs } from '../messages/admin-messages.queries';
import { findRoomOfInstrument } from '../rooms/rooms.queries';
import { findAlertSourceOwner, findSignalDraft } from '../signal-drafts/signal-drafts.queries';
import { findSignalAuthorId } from '../signals/signals.queries';

// What an analyst may touch at the desk (`deskProcedure` lets them in; these limit them): the rooms
// they publish in, and their own signals, alert sources and drafts. An administrator passes every
// check. A refusal is a 403, audited as refused; a record that does not exist is left to the
// procedure (its 404).

export type DeskContext = Pick<Context, 'db' | 'request'> & { user: Pick<User, 'id' | 'email'>; desk: Desk };

async function refuse(ctx: DeskContext, path: string, reason: RefusalReason, message: string): Promise<never> {
  await recordRefusedAttempt(ctx, path, reason);
  throw forbidden(message);
}

/** The room must be one the analyst publishes in. */
export async function requireDeskRoom(ctx: DeskContext, path: string, room: string): Promise<void> {
  if (!deskMayUseRoom(ctx.desk, room))
    await refuse(ctx, path, 'not their room', `You do not publish in the room ${room}`);
}

/** The instrument's room must be one the analyst publishes in (memos, chart notes). */
export async function requireInstrumentRoom(ctx: DeskContext, path: string, instrument: string): Promise<void> {
  if (ctx.desk.kind === 'admin') return;
  await requireDeskRoom(ctx, path, (await findRoomOfInstrument(ctx.db, instrument)).slug);
}

/** The chart note's instrument must be of the analyst's rooms. */
export async function requireChartNoteRoom(ctx: DeskContext, path: string, noteId: number): Promise<void> {
  if (ctx.desk.kind === 'admin') return;
  const note = await findChartNoteInstrument(ctx.db, noteId);
  if (note) await requireInstrumentRoom(ctx, path, note.instrument);
}

async function requireOwner(ctx: DeskContext, path: string, owner: { analystId: number | null } | undefined) {
  if (owner && !deskMayManage(ctx.desk, owner.analystId))
    await refuse(ctx, path, 'not their own', 'Only its own analyst or an administrator may manage this');
}

/** The signal must be one the analyst published. */
export async function requireOwnSignal(ctx: DeskContext, path: string, signalId: number): Promise<void> {
  if (ctx.desk.kind === 'admin') return;
  await requireOwner(ctx, path, await findSignalAuthorId(ctx.db, signalId));
}

/** The alert source must be the analyst's. */
export async function requireOwnAlertSource(ctx: DeskContext, path: string, sourceId: number): Promise<void> {
  if (ctx.desk.kind === 'admin') return;
  await requireOwner(ctx, path, await findAlertSourceOwner(ctx.db, sourceId));
}

/** The draft must come from one of the analyst's alert sources. */
export async function requireOwnDraft(ctx: DeskContext, path: string, draftId: number): Promise<void> {
  if (ctx.desk.kind === 'admin') return;
  const draft = await findSignalDraft(ctx.db, draftId);
  await requireOwner(ctx, path, draft && { analystId: draft.ownerAnalystId });
}

/**
 * The subscriber's thread must be one the analyst answers: the subscriber holds (by a current
 * grant) a room the analyst publishes in.
 */
export async function requireThreadOfRooms(ctx: DeskContext, path: string, userId: number): Promise<void> {
  if (ctx.desk.kind === 'admin' || !(await findUserById(ctx.db, userId))) return;
  if (!deskAnswersThread(ctx.desk, await listHeldRoomSlugs(ctx.db, userId)))
    await refuse(ctx, path, 'not their room', 'This subscriber holds none of the rooms you publish in');
}

/** What only an administrator does, inside a procedure an analyst may otherwise call. */
export async function requireAdministrator(ctx: DeskContext, path: string, what: string): Promise<void> {
  if (ctx.desk.kind !== 'admin') await refuse(ctx, path, 'not an administrator', `Only an administrator may ${what}`);
}

/** The analyst whose records a list shows (undefined: an administrator, every record). */
export const ownRecordsOf = (desk: Desk): number | undefined => (desk.kind === 'analyst' ? desk.analystId : undefined);
