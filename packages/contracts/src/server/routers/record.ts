import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '../../schemas/common';
import { checkpointListInput, checkpointPageSchema, recordKeySchema } from '../../schemas/record';
import { listCheckpoints, recordKey } from '../record/checkpoints';
import { publicProcedure } from '../trpc';

const tags = ['performance'];

/** The record's signing key and its signed checkpoints (issue 23): public, for anyone to check. */
export const recordRouter = {
  key: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/performance/key', tags, protect: false, summary: "The Ed25519 public key that signs the record's checkpoints (PEM, raw base64, key id)" } })
    .input(noInput)
    .output(recordKeySchema)
    .query(({ ctx }) => recordKey(ctx.ports.record)),

  checkpoints: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/performance/checkpoints', tags, protect: false, summary: 'Signed checkpoints of the signal event chain, newest first' } })
    .input(checkpointListInput)
    .output(checkpointPageSchema)
    .query(({ ctx, input }) => listCheckpoints(ctx.db, input ?? {})),
} satisfies TRPCRouterRecord;
