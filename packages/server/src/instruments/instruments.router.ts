import type { TRPCRouterRecord } from '@trpc/server';
import { INSTRUMENTS } from '@t0/contracts/domain/common/constants';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  instrumentCreateInput,
  instrumentListSchema,
  instrumentSchema,
  instrumentUpdateInput,
} from '@t0/contracts/schemas/instruments/instruments';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { conflict, notFound } from '../core/errors';
import {
  countSignalsOn,
  deleteInstrument,
  findInstrumentIdBySymbol,
  findInstrumentRow,
  insertInstrument,
  instrumentViews,
  loadInstrumentCatalogue,
  updateInstrument,
} from './instruments.queries';
import { transact } from '../core/transaction';
import { adminProcedure, publicProcedure } from '../procedures';

const tags = ['instruments'];

/** The catalogue changed: this process reloads it now, the others at their next price refresh. */
async function changed(ctx: Parameters<Parameters<typeof adminProcedure.mutation>[0]>[0]['ctx'], id: number) {
  await loadInstrumentCatalogue(ctx.db);
  const view = (await instrumentViews(ctx.db)).find((v) => v.id === id);
  if (!view) throw notFound('Instrument');
  return view;
}

export const instrumentsRouter = {
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/instruments',
        tags,
        summary: 'The instrument catalogue: sizes, unit (pips or points), decimals, feed symbol and entry tolerance',
      },
    })
    .input(noInput)
    .output(instrumentListSchema)
    .query(({ ctx }) => instrumentViews(ctx.db)),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/instruments',
        errorResponses: { 409: 'The symbol is in the catalogue already' },
        tags,
        protect: true,
        summary: 'Add an instrument (or give a built-in one its own sizes or feed symbol)',
      },
    })
    .input(instrumentCreateInput)
    .output(instrumentSchema)
    .mutation(async ({ ctx, input }) => {
      const existing = await findInstrumentIdBySymbol(ctx.db, input.symbol);
      if (existing) throw conflict(`symbol: ${input.symbol} is already in the catalogue; change it instead`);
      // With its audit entry, in one transaction (audit/scope.ts).
      const row = await transact(ctx.db, (trx) => insertInstrument(trx, input));
      if (!row) throw conflict(`symbol: ${input.symbol} is already in the catalogue; change it instead`);
      return changed(ctx, row.id);
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/instruments/{id}',
        errorResponses: { 404: 'No instrument has this id', 409: 'The tick size exceeds the pip or point size' },
        tags,
        protect: true,
        summary: "Change an instrument's sizes, feed symbol or entry tolerance",
      },
    })
    .input(instrumentUpdateInput)
    .output(instrumentSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const row = await findInstrumentRow(ctx.db, id);
      if (!row) throw notFound('Instrument');
      const tick = fields.tickSize ?? Number(row.tickSize);
      const unit = fields.unitSize ?? Number(row.unitSize);
      if (tick > unit) throw conflict('tickSize: Tick size must not exceed the pip or point size');
      await transact(ctx.db, (trx) => updateInstrument(trx, id, fields));
      return changed(ctx, id);
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/instruments/{id}',
        errorResponses: { 404: 'No instrument has this id', 409: 'The instrument has signals' },
        tags,
        protect: true,
        summary: 'Remove an added instrument without signals (a built-in one returns to its defaults)',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await findInstrumentRow(ctx.db, input.id);
      if (!row) throw notFound('Instrument');
      const builtIn = (INSTRUMENTS as readonly string[]).includes(row.symbol);
      if (!builtIn && (await countSignalsOn(ctx.db, row.symbol)) > 0) {
        throw conflict(`id: ${row.symbol} has signals; it stays in the catalogue so their figures keep their units`);
      }
      await transact(ctx.db, (trx) => deleteInstrument(trx, input.id));
      await loadInstrumentCatalogue(ctx.db);
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
