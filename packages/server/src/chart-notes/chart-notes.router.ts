import { entitlementFor } from '@t0/contracts/domain/access/access';
import { instrumentRoomResolver } from '../rooms/rooms.queries';
import type { TRPCRouterRecord } from '@trpc/server';
import { chartNoteInput, chartNoteListSchema, chartNoteSchema } from '@t0/contracts/schemas/chart-notes/chart-notes';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { notFound } from '../core/errors';
import { requireChartNoteRoom, requireInstrumentRoom } from '../analysts/desk';
import { deleteChartNote, listChartNotes, saveChartNote, toChartNote } from './chart-notes.queries';
import { contentDeskProcedure, userProcedure } from '../procedures';
import { transact } from '../core/transaction';

const contentDesk = contentDeskProcedure('chart-note');

const tags = ['chart-notes'];

export const chartNotesRouter = {
  /** Every note; the text is withheld (`locked`) without a subscription. */
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/chart-notes',
        tags,
        protect: true,
        summary: 'Chart notes per instrument and timeframe (text withheld without a subscription)',
      },
    })
    .input(noInput)
    .output(chartNoteListSchema)
    .query(async ({ ctx }) => {
      // The entitlement decision: an instrument's analysis belongs to its room, read whole by its holders.
      const [rows, roomOf] = await Promise.all([listChartNotes(ctx.db), instrumentRoomResolver(ctx.db)]);
      return rows.map((row) =>
        toChartNote(row, {
          locked: entitlementFor(ctx.user, { room: roomOf(row.instrument), open: true }) === 'locked',
        }),
      );
    }),

  create: contentDesk
    .meta({
      openapi: {
        method: 'POST',
        path: '/chart-notes',
        tags,
        protect: true,
        summary: 'Save the note of an instrument and timeframe',
      },
    })
    .input(chartNoteInput)
    .output(chartNoteSchema)
    .mutation(async ({ ctx, input, path }) => {
      // An analyst writes the notes of their rooms' instruments.
      await requireInstrumentRoom(ctx, path, input.instrument);
      return toChartNote(await transact(ctx.db, (trx) => saveChartNote(trx, input, ctx.user.id)), { locked: false });
    }),

  update: contentDesk
    .meta({
      openapi: {
        method: 'PUT',
        path: '/chart-notes',
        tags,
        protect: true,
        summary: 'Replace the note of an instrument and timeframe',
      },
    })
    .input(chartNoteInput)
    .output(chartNoteSchema)
    .mutation(async ({ ctx, input, path }) => {
      // An analyst writes the notes of their rooms' instruments.
      await requireInstrumentRoom(ctx, path, input.instrument);
      return toChartNote(await transact(ctx.db, (trx) => saveChartNote(trx, input, ctx.user.id)), { locked: false });
    }),

  delete: contentDesk
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/chart-notes/{id}',
        errorResponses: { 404: 'No chart note has this id' },
        tags,
        protect: true,
        summary: 'Delete a chart note',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireChartNoteRoom(ctx, path, input.id);
      await transact(ctx.db, async (trx) => {
        if (!(await deleteChartNote(trx, input.id))) throw notFound('Chart note');
      });
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
