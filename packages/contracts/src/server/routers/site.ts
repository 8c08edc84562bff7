import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { siteConfigSchema } from '../../schemas/site';
import { publicProcedure } from '../trpc';

const tags = ['site'];

export const siteRouter = {
  config: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/site-config', tags, protect: false, summary: 'Public settings shown by the web app' } })
    .input(z.void())
    .output(siteConfigSchema)
    .query(({ ctx }) => ({
      supportEmail: ctx.settings.supportEmail,
      educationUrl: ctx.settings.educationUrl ?? '',
      isProduction: ctx.settings.isProduction,
    })),
} satisfies TRPCRouterRecord;
