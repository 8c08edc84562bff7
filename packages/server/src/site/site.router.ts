import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { siteConfigSchema } from '@t0/contracts/schemas/site/site';
import {
  legalPageOutput,
  legalPageParam,
  siteSettingsOutput,
  siteSettingsSchema,
} from '@t0/contracts/schemas/site/site-settings';
import {
  currentLegalVersions,
  publicMarketing,
  readLegalPage,
  readSiteSettings,
  writeSiteSettings,
} from './site-settings.queries';
import { adminProcedure, publicProcedure } from '../procedures';

const tags = ['site'];

export const siteRouter = {
  config: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/site-config',
        tags,
        protect: false,
        summary: 'Public settings shown by the web app',
      },
    })
    .input(z.void())
    .output(siteConfigSchema)
    .query(async ({ ctx }) => {
      const [{ settings }, versions] = await Promise.all([
        readSiteSettings(ctx.db, {
          production: ctx.settings.isProduction,
          stripe: ctx.ports.payments.mode === 'stripe',
        }),
        currentLegalVersions(ctx.db),
      ]);
      return {
        supportEmail: settings.supportEmail || ctx.settings.supportEmail,
        educationUrl: ctx.settings.educationUrl ?? '',
        isProduction: ctx.settings.isProduction,
        marketing: await publicMarketing(ctx.db, settings, {
          includeDemo: ctx.settings.includeDemo ?? !ctx.settings.isProduction,
        }),
        brokerWidgetUrl: settings.brokerWidgetUrl,
        defaultLanguage: settings.defaultLanguage,
        legalVersions: { terms: versions.terms, risk: versions.risk, refund: versions.refund },
      };
    }),

  legal: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/legal/{page}',
        tags,
        protect: false,
        summary: 'A legal page (terms, privacy, risk) as Markdown',
      },
    })
    .input(legalPageParam)
    .output(legalPageOutput)
    .query(({ ctx, input }) => readLegalPage(ctx.db, input.page)),

  settings: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/site-settings',
        tags,
        protect: true,
        summary: 'Site settings: support address, marketing figures, legal pages',
      },
    })
    .input(z.void())
    .output(siteSettingsOutput)
    .query(async ({ ctx }) => {
      const { settings, updatedAt } = await readSiteSettings(ctx.db, {
        production: ctx.settings.isProduction,
        stripe: ctx.ports.payments.mode === 'stripe',
      });
      return {
        ...settings,
        updatedAt: updatedAt?.toISOString() ?? null,
        defaultSupportEmail: ctx.settings.supportEmail,
      };
    }),

  updateSettings: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/site-settings',
        tags,
        protect: true,
        summary: 'Replace the site settings',
      },
    })
    .input(siteSettingsSchema)
    .output(siteSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      await writeSiteSettings(ctx.db, input, ctx.user.id);
      const { settings, updatedAt } = await readSiteSettings(ctx.db, {
        production: ctx.settings.isProduction,
        stripe: ctx.ports.payments.mode === 'stripe',
      });
      return {
        ...settings,
        updatedAt: updatedAt?.toISOString() ?? null,
        defaultSupportEmail: ctx.settings.supportEmail,
      };
    }),
} satisfies TRPCRouterRecord;
