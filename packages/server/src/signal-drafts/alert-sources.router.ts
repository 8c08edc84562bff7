import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  alertSourceCreatedSchema,
  alertSourceCreateInput,
  alertSourceSchema,
} from '@t0/contracts/schemas/signal-drafts/signal-drafts';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { createAlertSourceHandler, revokeAlertSourceHandler } from './signal-drafts.handler';
import { listAlertSources } from './signal-drafts.queries';
import { ownRecordsOf, requireOwnAlertSource } from '../analysts/desk';
import { deskProcedure } from '../procedures';

const tags = ['drafts'];

export const alertSourcesRouter = {
  list: deskProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/alert-sources',
        tags,
        protect: true,
        summary: "TradingView alert sources (never their tokens), active first (an analyst's own)",
      },
    })
    .input(noInput)
    .output(z.array(alertSourceSchema))
    .query(({ ctx }) => listAlertSources(ctx.db, ownRecordsOf(ctx.desk))),

  create: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/alert-sources',
        tags,
        protect: true,
        summary: 'A new alert source: its webhook URL (with the secret token) is answered this once',
        description:
          "Give the `url` to TradingView as the alert's webhook URL. Only the token's SHA-256 is kept: a lost URL is replaced by a new source.",
      },
    })
    .input(alertSourceCreateInput)
    .output(alertSourceCreatedSchema)
    .mutation(createAlertSourceHandler),

  revoke: deskProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/alert-sources/{id}/revoke',
        errorResponses: { 404: 'No alert source has this id', 409: 'The source is revoked already' },
        tags,
        protect: true,
        summary: 'Revoke a source: its URL answers 404 from now on (its drafts stay)',
      },
    })
    .input(idParam)
    .output(alertSourceSchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireOwnAlertSource(ctx, path, input.id);
      return revokeAlertSourceHandler({ ctx, input });
    }),
} satisfies TRPCRouterRecord;
