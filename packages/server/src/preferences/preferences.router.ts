import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import { preferencesInput, preferencesSchema } from '@t0/contracts/schemas/preferences/preferences';
import { readPreferences, savePreferences } from './preferences.queries';
import { userProcedure } from '../procedures';

const tags = ['auth'];

export const preferencesRouter = {
  get: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/preferences',
        tags,
        protect: true,
        summary: 'Display preferences (time zone, language)',
      },
    })
    .input(noInput)
    .output(preferencesSchema)
    .query(({ ctx }) => readPreferences(ctx.db, ctx.user.id)),

  save: userProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/preferences',
        tags,
        protect: true,
        summary: 'Save display preferences',
        description:
          "`timeZone` is an IANA name (Europe/London, America/New_York, UTC) or null for the browser's own zone. " +
          "`language` is one of `en`, `es`, `pt-BR`, `ar`, or null for the browser's languages, then the desk's default. " +
          'A field left out keeps its value.',
      },
    })
    .input(preferencesInput)
    .output(preferencesSchema)
    .mutation(async ({ ctx, input }) => {
      await savePreferences(ctx.db, ctx.user.id, input);
      return readPreferences(ctx.db, ctx.user.id);
    }),
} satisfies TRPCRouterRecord;
