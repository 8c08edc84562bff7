import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, messageSchema, noInput } from '@t0/contracts/schemas/common/common';
import {
  addBlacklistEntryInput,
  addBlacklistEntryOutput,
  blacklistListSchema,
  blacklistPreviewInput,
  blacklistPreviewOutput,
} from '@t0/contracts/schemas/blacklist/blacklist';
import {
  addBlacklistEntryHandler,
  listBlacklistHandler,
  previewBlacklistHandler,
  removeBlacklistEntryHandler,
} from './blacklist.handler';
import { adminProcedure } from '../procedures';

const tags = ['admin'];

/** The console's BLACKLIST: who may not register, pay or join the paid community (docs/features/console-users.md). */
export const blacklistRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blacklist',
        tags,
        protect: true,
        summary: 'Every blacklist entry, newest first, with its reason, when and by whom',
      },
    })
    .input(noInput)
    .output(blacklistListSchema)
    .query(listBlacklistHandler),

  preview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blacklist/preview',
        tags,
        protect: true,
        summary: 'How many accounts have an address at a domain (`value`: `@example.com`), before blacklisting it',
      },
    })
    .input(blacklistPreviewInput)
    .output(blacklistPreviewOutput)
    .query(previewBlacklistHandler),

  add: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blacklist',
        tags,
        protect: true,
        summary:
          'Add an entry with a reason: `kind` email (matched in any case, Gmail dots and +tags folded), domain (`@example.com`), card (a Stripe card fingerprint), telegram, discord or whop (an id)',
        description: 'A domain answers how many accounts have an address there (`matchingAccounts`).',
        errorResponses: { 409: 'The entry is on the blacklist already' },
      },
    })
    .input(addBlacklistEntryInput)
    .output(addBlacklistEntryOutput)
    .mutation(addBlacklistEntryHandler),

  remove: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/blacklist/{id}',
        tags,
        protect: true,
        summary: 'Remove an entry from the blacklist',
        errorResponses: { 404: 'No entry has this id' },
      },
    })
    .input(idParam)
    .output(messageSchema)
    .mutation(removeBlacklistEntryHandler),
} satisfies TRPCRouterRecord;
