import type { TRPCRouterRecord } from '@trpc/server';
import type { Db } from '@t0/db';
import type { AccessViewer } from '@t0/contracts/domain/access/access';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { signalListForViewer } from '@t0/contracts/domain/signals/signal-views';
import { signalEventListSchema } from '@t0/contracts/schemas/signals/signal-events';
import { signalDisclosureInput, signalDisclosureOutput } from '@t0/contracts/schemas/signals/signal-labels';
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
} from '@t0/contracts/schemas/signals/signals';
import {
  cancelSignalHandler,
  closePartSignalHandler,
  closeSignalHandler,
  signalEventsHandler,
  trailStopSignalHandler,
  withdrawSignalHandler,
} from './signal-actions.handler';
import { createSignalHandler } from './signal-create.handler';
import { signalDisclosureHandler } from './signal-disclosure.handler';
import { deleteSignalHandler } from './signal-delete.handler';
import { updateSignalHandler } from './signal-update.handler';
import { countSubscribers, listSignals, toSignal } from './signals.queries';
import { requireOwnSignal } from '../analysts/desk';
import { adminProcedure, deskProcedure, publicProcedure, userProcedure } from '../procedures';
import { findActiveAnalystDesk } from '../analysts/analysts.queries';

const tags = ['signals'];

/** The viewer as the list sees them: an active analyst also holds the rooms they publish in (their own signals come whole). */
async function viewerWithDeskRooms<U extends AccessViewer & { id: number; isAnalyst?: boolean | undefined }>(
  db: Db,
  user: U,
): Promise<U> {
  if (!user.isAnalyst || user.isAdmin) return user;
  const desk = await findActiveAnalystDesk(db, user.id);
  if (!desk) return user;
  return { ...user, access: { ...user.access, ...Object.fromEntries(desk.rooms.map((r) => [r, null])) } };
}

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
          'Without a subscription, open signals come without their levels, memo and result (null, empty, `locked: true`); finished ones are whole. ' +
          'An active analyst reads the rooms they publish in whole.',
      },
    })
    .input(noInput)
    .output(signalViewListSchema)
    .query(async ({ ctx }) =>
      signalListForViewer(
        await ctx.reads.signals(async () => (await listSignals(ctx.db)).map(toSignal)),
        await viewerWithDeskRooms(ctx.db, ctx.user),
      ),
    ),

  create: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals',
        errorResponses: { 503: "No live price for a market signal's instrument (the price feed is unavailable)" },
        tags,
        protect: true,
        summary: 'Publish a signal (e-mailed to subscribers); levels must make sense',
      },
    })
    .input(signalCreateInput)
    .output(signalSchema)
    .mutation(({ ctx, input, path }) => createSignalHandler({ ctx, input, path })),

  update: deskProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/signals/{id}',
        errorResponses: {
          404: 'No signal has this id',
          409: 'The signal is finished, or its state does not allow the change',
        },
        tags,
        protect: true,
        summary: 'Edit an open signal (recorded in its timeline), or its creation date alone',
      },
    })
    .input(signalUpdateInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return updateSignalHandler({ ctx, input });
    }),

  delete: deskProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/signals/{id}',
        errorResponses: {
          404: 'No signal has this id',
          409: 'Published more than 2 minutes ago (withdraw it instead)',
        },
        tags,
        protect: true,
        summary: 'Delete a signal published in error (first 2 minutes only; withdraw it later)',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return deleteSignalHandler({ ctx, input });
    }),

  close: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/close',
        errorResponses: {
          404: 'No signal has this id',
          409: "The signal's state does not allow it",
          503: 'No live price for the instrument (the price feed is unavailable)',
        },
        tags,
        protect: true,
        summary:
          "Close a filled signal at market (a typed exit must lie within the feed's range; 503 without a live price)",
      },
    })
    .input(signalCloseInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return closeSignalHandler({ ctx, input });
    }),

  closePart: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/close-part',
        errorResponses: {
          404: 'No signal has this id',
          409: "The signal's state does not allow it",
          503: 'No live price for the instrument (the price feed is unavailable)',
        },
        tags,
        protect: true,
        summary: 'Close a percent of a filled position now, at the live price',
      },
    })
    .input(signalClosePartInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return closePartSignalHandler({ ctx, input });
    }),

  trailStop: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/trail-stop',
        errorResponses: {
          404: 'No signal has this id',
          409: "The signal's state does not allow it",
          503: 'No live price for the instrument (the price feed is unavailable)',
        },
        tags,
        protect: true,
        summary: "Trail a filled signal's stop to a level in its favour, behind the live price",
      },
    })
    .input(signalTrailStopInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return trailStopSignalHandler({ ctx, input });
    }),

  cancel: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/cancel',
        errorResponses: { 404: 'No signal has this id', 409: "The signal's state does not allow it" },
        tags,
        protect: true,
        summary: 'Cancel a limit signal that never filled',
      },
    })
    .input(idParam)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return cancelSignalHandler({ ctx, input });
    }),

  withdraw: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/withdraw',
        errorResponses: {
          404: 'No signal has this id',
          409: "The signal's state does not allow it",
          503: 'A filled signal and no live price for its instrument',
        },
        tags,
        protect: true,
        summary: 'Withdraw a published signal (it stays in the record)',
      },
    })
    .input(idParam)
    .output(signalSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnSignal(ctx, path, input.id);
      return withdrawSignalHandler({ ctx, input });
    }),

  events: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/signals/{id}/events',
        errorResponses: { 404: 'No signal has this id' },
        tags,
        protect: true,
        summary: "A signal's timeline, oldest first, hash-chained",
      },
    })
    .input(idParam)
    .output(signalEventListSchema)
    .query(signalEventsHandler),

  disclosure: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/signals/{id}/disclosure',
        errorResponses: { 404: 'No signal has this id' },
        tags,
        protect: false,
        summary: "A signal's labels and disclosure (EU MAR Art. 20), public and without its levels",
        description:
          "Who produced it (the analyst as shown now, or the desk's legal person), when its production was completed and when it was first released, the analyst's disclosure and the desk's risk warning. Never an entry, stop or target.",
      },
    })
    .input(signalDisclosureInput)
    .output(signalDisclosureOutput)
    .query(signalDisclosureHandler),

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
