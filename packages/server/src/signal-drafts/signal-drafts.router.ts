import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  DRAFT_STATES,
  signalDraftSchema,
  signalDraftUpdateInput,
} from '@t0/contracts/schemas/signal-drafts/signal-drafts';
import { idParam } from '@t0/contracts/schemas/common/common';
import { signalSchema } from '@t0/contracts/schemas/signals/signals';
import {
  discardSignalDraftHandler,
  publishSignalDraftHandler,
  updateSignalDraftHandler,
} from './signal-drafts.handler';
import { listSignalDrafts } from './signal-drafts.queries';
import { ownRecordsOf, requireOwnDraft } from '../analysts/desk';
import { deskProcedure } from '../procedures';

const tags = ['drafts'];

export const signalDraftsRouter = {
  list: deskProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/signal-drafts',
        tags,
        protect: true,
        summary:
          "Drafts made by TradingView alerts, newest first (pending unless `state` says otherwise; an analyst's own)",
      },
    })
    .input(
      z
        .object({
          state: z.enum(DRAFT_STATES, { error: `state must be one of ${DRAFT_STATES.join(', ')}` }).default('pending'),
        })
        .optional(),
    )
    .output(z.array(signalDraftSchema))
    .query(({ ctx, input }) => listSignalDrafts(ctx.db, input?.state ?? 'pending', ownRecordsOf(ctx.desk))),

  update: deskProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/signal-drafts/{id}',
        errorResponses: { 404: 'No draft has this id', 409: 'The draft was published or discarded already' },
        tags,
        protect: true,
        summary: 'Edit a pending draft before publishing it',
      },
    })
    .input(signalDraftUpdateInput)
    .output(signalDraftSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnDraft(ctx, path, input.id);
      return updateSignalDraftHandler({ ctx, input });
    }),

  publish: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/signal-drafts/{id}/publish',
        errorResponses: {
          404: 'No draft has this id',
          409: 'The draft was published or discarded already',
          503: 'A market draft and no live price for its instrument',
        },
        tags,
        protect: true,
        summary: 'Publish a pending draft as a signal, through the same rules as POST /api/signals',
        description:
          'A market draft must be near the live price like any market signal; a refusal names the field and leaves the draft pending.',
      },
    })
    .input(idParam)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnDraft(ctx, path, input.id);
      return publishSignalDraftHandler({ ctx, input, path });
    }),

  discard: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/signal-drafts/{id}/discard',
        errorResponses: { 404: 'No draft has this id', 409: 'The draft was published or discarded already' },
        tags,
        protect: true,
        summary: 'Discard a pending draft (it is never published)',
      },
    })
    .input(idParam)
    .output(signalDraftSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnDraft(ctx, path, input.id);
      return discardSignalDraftHandler({ ctx, input });
    }),
} satisfies TRPCRouterRecord;
