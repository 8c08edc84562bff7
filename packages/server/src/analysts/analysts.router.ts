import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import { adminUserIdInput } from '@t0/contracts/schemas/admin-users/admin-users';
import { z } from 'zod';
import {
  analystDirectoryEntry,
  analystListSchema,
  analystSchema,
  analystUpsertInput,
  deskSchema,
} from '@t0/contracts/schemas/analysts/analysts';
import { deactivateAnalystHandler, listAnalystsHandler, upsertAnalystHandler } from './analyst-admin.handler';
import { listAnalystDirectory } from './analysts.queries';
import { deskViewHandler } from './desk-view.handler';
import { adminProcedure, deskProcedure, userProcedure } from '../procedures';

const tags = ['admin'];

/** The console's analysts (docs/features/rooms-and-plans.md, "Analysts"). */
export const analystsRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analysts',
        tags,
        protect: true,
        summary: 'Every analyst, active first (deactivated ones kept), with their rooms',
      },
    })
    .input(noInput)
    .output(analystListSchema)
    .query(listAnalystsHandler),

  upsert: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/{userId}/analyst',
        errorResponses: { 404: 'No user has this id' },
        tags,
        protect: true,
        summary: 'Make the user an analyst, or change the analyst (name shown, title, rooms, disclosure)',
        description:
          '`rooms` are room slugs (absent: unchanged); `slug` is made from `displayName` when a new analyst gives none. ' +
          'An unknown room, a slug in use or an empty name is a 400 naming the field, and changes nothing. ' +
          'A deactivated analyst is made active again.',
      },
    })
    .input(analystUpsertInput)
    .output(analystSchema)
    .mutation(upsertAnalystHandler),

  deactivate: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{userId}/analyst',
        errorResponses: { 404: 'The user is no analyst', 409: 'The analyst is deactivated already' },
        tags,
        protect: true,
        summary: 'Deactivate an analyst: they act no more; the analyst, their signals and their authorship stay',
        description: 'Their TradingView alert sources are revoked (their drafts stay).',
      },
    })
    .input(adminUserIdInput)
    .output(analystSchema)
    .mutation(deactivateAnalystHandler),

  directory: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analysts',
        tags: ['signals'],
        protect: true,
        summary: 'The analysts (name shown, title, active), to follow or mute in the delivery preferences',
      },
    })
    .input(noInput)
    .output(z.array(analystDirectoryEntry))
    .query(({ ctx }) => listAnalystDirectory(ctx.db)),

  desk: deskProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/desk',
        tags,
        protect: true,
        summary: 'Who acts at the desk: an administrator (every room), or an analyst with their rooms and instruments',
      },
    })
    .input(noInput)
    .output(deskSchema)
    .query(deskViewHandler),
} satisfies TRPCRouterRecord;
