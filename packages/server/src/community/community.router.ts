import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { noInput } from '@t0/contracts/schemas/common';
import { communityStatusSchema, discordAuthorizeSchema, telegramInviteSchema } from '@t0/contracts/schemas/community';
import {
  communityStatusHandler,
  discordAuthorizeHandler,
  discordUnlinkHandler,
  telegramInviteHandler,
} from './community.handler';
import { subscriberProcedure, userProcedure } from '../procedures';

const tags = ['community'];

const inviteInput = z.object({ renew: z.boolean({ message: 'renew must be true or false' }).optional() }).optional();

/** The profile's community block: the paid Telegram chat and the Discord subscriber role. */
export const communityRouter = {
  status: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/community/status',
        tags,
        protect: true,
        summary: 'Your access to the paid Telegram chat and the Discord subscriber role, or why you have none',
        description:
          '`blocked`: `not_configured` (not set up on this server), `no_subscription`, `not_linked` (link Telegram in Alerts, or Discord here first), or null.',
      },
    })
    .input(noInput)
    .output(communityStatusSchema)
    .query(({ ctx }) => communityStatusHandler(ctx)),

  telegramInvite: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/telegram/invite',
        errorResponses: {
          400: 'The paid chat is not configured, or your Telegram is not linked',
          503: 'Telegram cannot be reached',
        },
        tags,
        protect: true,
        summary: 'Your personal invite link to the paid Telegram chat (one person, 24 hours)',
        description:
          'Answers the open link when there is one; `renew: true` makes a new one and revokes the older. Needs a linked Telegram chat (`400` otherwise).',
      },
    })
    .input(inviteInput)
    .output(telegramInviteSchema)
    .mutation(({ ctx, input }) => telegramInviteHandler(ctx, input ?? {})),

  discordAuthorize: subscriberProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/discord/authorize',
        errorResponses: { 400: 'Discord is not configured on this server' },
        tags,
        protect: true,
        summary: "Discord's authorisation page to link your Discord account (identify, guilds.join)",
        description:
          'Open the URL in the browser signed in here: Discord sends you back to `/api/community/discord/callback`, which adds you to the server with the subscriber role.',
      },
    })
    .input(noInput)
    .output(discordAuthorizeSchema)
    .mutation(({ ctx }) => discordAuthorizeHandler(ctx)),

  discordUnlink: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/discord/unlink',
        tags,
        protect: true,
        summary: 'Unlink your Discord account: the subscriber role is removed',
      },
    })
    .input(noInput)
    .output(communityStatusSchema)
    .mutation(({ ctx }) => discordUnlinkHandler(ctx)),
} satisfies TRPCRouterRecord;
