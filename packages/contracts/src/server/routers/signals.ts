import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '../../schemas/common';
import { deletedSchema, signalCreateInput, signalListSchema, signalSchema, signalUpdateInput } from '../../schemas/signals';
import { notFound } from '../errors';
import { JOB_NAMES } from '../jobs';
import { deleteSignal, insertSignal, listSignals, toSignal, updateSignal } from '../queries/signals';
import { adminProcedure, userProcedure } from '../trpc';

const tags = ['signals'];

export const signalsRouter = {
  list: userProcedure
    .meta({ openapi: { method: 'GET', path: '/signals', tags, protect: true, summary: 'Signals: active and limit first, then newest' } })
    .input(noInput)
    .output(signalListSchema)
    .query(({ ctx }) => ctx.reads.signals(async () => (await listSignals(ctx.db)).map(toSignal))),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/signals', tags, protect: true, summary: 'Publish a signal (e-mailed to subscribers)' } })
    .input(signalCreateInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await insertSignal(ctx.db, input);
      try {
        await ctx.ports.jobs.send(JOB_NAMES.signalEmails, { signalId: row.id });
      } catch (err) {
        ctx.log.error({ err, signalId: row.id }, 'signal e-mails not queued');
      }
      return toSignal(row);
    }),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/signals/{id}', tags, protect: true, summary: 'Change any field of a signal, or its creation date alone' } })
    .input(signalUpdateInput)
    .output(signalSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await updateSignal(ctx.db, input);
      if (!row) throw notFound('Signal');
      return toSignal(row);
    }),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/signals/{id}', tags, protect: true, summary: 'Delete a signal and its e-mail records' } })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteSignal(ctx.db, input.id))) throw notFound('Signal');
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
