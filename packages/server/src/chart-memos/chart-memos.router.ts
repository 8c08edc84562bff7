import { entitlementFor } from '@t0/contracts/domain/access/access';
import { instrumentRoomResolver } from '../rooms/rooms.queries';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  chartMemoListSchema,
  chartMemoSchema,
  chartMemoUpsertInput,
  memoImageUploadInput,
} from '@t0/contracts/schemas/chart-memos/chart-memos';
import { noInput } from '@t0/contracts/schemas/common/common';
import { uploadUrlSchema } from '@t0/contracts/schemas/uploads/uploads';
import { imageUploadUrl } from '../uploads/image-upload';
import { requireInstrumentRoom } from '../analysts/desk';
import { upsertChartMemoHandler } from './chart-memo-upsert.handler';
import { listChartMemos, toChartMemo } from './chart-memos.queries';
import { contentDeskProcedure, userProcedure } from '../procedures';

const contentDesk = contentDeskProcedure('memo');

const tags = ['chart-memos'];

export const chartMemosRouter = {
  /** Every instrument's memo; the analysis is withheld (`locked`) without a subscription. */
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/chart-memos',
        tags,
        protect: true,
        summary: 'Analysis memos of all instruments (analysis withheld without a subscription)',
      },
    })
    .input(noInput)
    .output(chartMemoListSchema)
    .query(async ({ ctx }) => {
      // The entitlement decision: an instrument's analysis belongs to its room, read whole by its holders.
      const [rows, roomOf] = await Promise.all([listChartMemos(ctx.db), instrumentRoomResolver(ctx.db)]);
      return rows.map((row) =>
        toChartMemo(row, {
          locked: entitlementFor(ctx.user, { room: roomOf(row.instrument), open: true }) === 'locked',
        }),
      );
    }),

  upsert: contentDesk
    .meta({
      openapi: {
        method: 'PUT',
        path: '/chart-memos/{instrument}',
        tags,
        protect: true,
        summary: 'Create or update the memo of an instrument (camelCase or snake_case fields)',
      },
    })
    .input(chartMemoUpsertInput)
    .output(chartMemoSchema)
    .mutation(async ({ ctx, input, path }) => {
      // An analyst writes the memos of their rooms' instruments.
      await requireInstrumentRoom(ctx, path, input.instrument);
      return toChartMemo(await upsertChartMemoHandler(ctx, input, ctx.user.id), { locked: false });
    }),

  uploadImage: contentDesk
    .meta({
      openapi: {
        method: 'POST',
        path: '/chart-memos/upload-image',
        errorResponses: { 400: 'The file name is not of an image type' },
        tags,
        protect: true,
        summary: 'A signed URL to PUT one memo image to (.jpg .jpeg .png .gif .webp, 5 MB)',
      },
    })
    .input(memoImageUploadInput)
    .output(uploadUrlSchema)
    .mutation(({ ctx, input }) => imageUploadUrl(ctx, input)),
} satisfies TRPCRouterRecord;
