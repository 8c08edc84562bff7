import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '@t0/contracts/schemas/common';
import { signalListForViewer } from '@t0/contracts/domain/signal-views';
import { signalEventListSchema } from '@t0/contracts/schemas/signal-events';
import {
  deletedSchema,
  signalAudienceSchema,
  signalCloseInput,
  signalClosePartInput,
  signalTrailStopInput,
  signalCreateInput,
  signalSchema,
  signalUpdateInput,
  signalViewListSchema,
} from '@t0/contracts/schemas/signals';
import {
  cancelSignalHandler,
  closePartSignalHandler,
  closeSignalHandler,
  signalEventsHandler,
  trailStopSignalHandler,
  withdrawSignalHandler,
} from './signal-actions.handler';
import { createSignalHandler } from './signal-create.handler';
import { deleteSignalHandler } from './signal-delete.handler';
import { updateSignalHandler } from './signal-update.handler';
import { countSubscribers, listSignals, toSignal } from './signals.queries';
import { adminProcedure, userProcedure } from '../procedures';

const tags = ['signals'];

export const signalsRouter = {
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/signals',
        tags,
        protect: true,
        summary: 'Signals: active and limit first, then newest, each with its result',
        description:
          'Without a subscription, open signals come without their levels, memo and result (null, empty, `locked: true`); finished ones are whole.',
      },
    })
    .input(noInput)
    .output(signalViewListSchema)
    .query(async ({ ctx }) =>
      signalListForViewer(await ctx.reads.signals(async () => (await listSignals(ctx.db)).map(toSignal)), ctx.user),
    ),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals',
        tags,
        protect: true,
        summary: 'Publish a signal (e-mailed to subscribers); levels must make sense',
      },
    })
    .input(signalCreateInput)
    .output(signalSchema)
    .mutation(createSignalHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/signals/{id}',
        tags,
        protect: true,
        summary: 'Edit an open signal (recorded in its timeline), or its creation date alone',
      },
    })
    .input(signalUpdateInput)
    .output(signalSchema)
    .mutation(updateSignalHandler),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/signals/{id}',
        tags,
        protect: true,
        summary: 'Delete a signal published in error (first 2 minutes only; withdraw it later)',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(deleteSignalHandler),

  close: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/close',
        tags,
        protect: true,
        summary:
          "Close a filled signal at market (a typed exit must lie within the feed's range; 503 without a live price)",
      },
    })
    .input(signalCloseInput)
    .output(signalSchema)
    .mutation(closeSignalHandler),

  closePart: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/close-part',
        tags,
        protect: true,
        summary: 'Close a percent of a filled position now, at the live price',
      },
    })
    .input(signalClosePartInput)
    .output(signalSchema)
    .mutation(closePartSignalHandler),

  trailStop: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/trail-stop',
        tags,
        protect: true,
        summary: "Trail a filled signal's stop to a level in its favour, behind the live price",
      },
    })
    .input(signalTrailStopInput)
    .output(signalSchema)
    .mutation(trailStopSignalHandler),

  cancel: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/cancel',
        tags,
        protect: true,
        summary: 'Cancel a limit signal that never filled',
      },
    })
    .input(idParam)
    .output(signalSchema)
    .mutation(cancelSignalHandler),

  withdraw: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/withdraw',
        tags,
        protect: true,
        summary: 'Withdraw a published signal (it stays in the record)',
      },
    })
    .input(idParam)
    .output(signalSchema)
    .mutation(withdrawSignalHandler),

  events: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/signals/{id}/events',
        tags,
        protect: true,
        summary: "A signal's timeline, oldest first, hash-chained",
      },
    })
    .input(idParam)
    .output(signalEventListSchema)
    .query(signalEventsHandler),

  audience: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/signals/audience',
        tags,
        protect: true,
        summary: 'How many subscribers a new signal reaches',
      },
    })
    .input(noInput)
    .output(signalAudienceSchema)
    .query(async ({ ctx }) => ({ subscribers: await countSubscribers(ctx.db) })),
} satisfies TRPCRouterRecord;
