import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  checkpointListInput,
  checkpointPageSchema,
  recordKeySchema,
  restoreGapListSchema,
} from '@t0/contracts/schemas/record/record';
import { recordEventListSchema } from '@t0/contracts/schemas/record/record-events';
import { recordEvents, recordKey } from './checkpoints';
import { listCheckpoints } from './checkpoints.queries';
import { allRestoreGaps } from './record-gaps.queries';
import { publicProcedure } from '../procedures';

const tags = ['performance'];

/** The record's signing key and its signed checkpoints: public, for anyone to check. */
export const recordRouter = {
  key: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/key',
        errorResponses: { 503: 'The record has no signing key' },
        tags,
        protect: false,
        summary: "The Ed25519 public key that signs the record's checkpoints (PEM, raw base64, key id)",
      },
    })
    .input(noInput)
    .output(recordKeySchema)
    .query(({ ctx }) => recordKey(ctx.ports.record)),

  checkpoints: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/checkpoints',
        tags,
        protect: false,
        summary: 'Signed checkpoints of the signal event chain, newest first',
      },
    })
    .input(checkpointListInput)
    .output(checkpointPageSchema)
    .query(({ ctx, input }) => listCheckpoints(ctx.db, input ?? {})),

  gaps: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/gaps',
        tags,
        protect: false,
        summary: 'Gaps a restore from a backup declared in the record, each signed, oldest first',
      },
    })
    .input(noInput)
    .output(restoreGapListSchema)
    .query(async ({ ctx }) => ({ gaps: await allRestoreGaps(ctx.db) })),

  events: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/events',
        tags,
        protect: false,
        summary: "The whole signal event chain, oldest first (an open signal's content withheld from non-subscribers)",
      },
    })
    .input(noInput)
    .output(recordEventListSchema)
    .query(({ ctx }) => recordEvents(ctx.db, ctx.user)),
} satisfies TRPCRouterRecord;
