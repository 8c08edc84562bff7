import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  communityStatusSchema,
  discordAuthorizeSchema,
  telegramInviteSchema,
} from '@t0/contracts/schemas/community/community';
import {
  communityStatusHandler,
  discordAuthorizeHandler,
  discordUnlinkHandler,
  telegramInviteHandler,
} from './community.handler';
import { subscriberProcedure, userProcedure } from '../procedures';

const tags = ['community'];

const inviteInput = z.object({ renew: z.boolean({ message: 'renew must be true or false' }).optional() }).optional();

/** The profile's community block: each held room's paid Telegram chat and Discord role. */
export const communityRouter = {
  status: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/community/status',
        tags,
        protect: true,
        summary: 'Your access to the paid Telegram chats and Discord roles of the rooms you hold, or why you have none',
        description:
          'One entry per chat (`telegram.chats`) and per role (`discord.roles`) of the rooms you hold, each named by its rooms. `blocked`: `not_configured` (no room has one on this server), `no_subscription` (no room you hold has one), `not_linked` (link Telegram in Alerts, or Discord here first), or null.',
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
          400: 'No paid chat is configured, or your Telegram is not linked',
          403: 'None of the rooms you hold has a Telegram chat, or the account cannot be used here (blacklist)',
          503: 'Telegram cannot be reached',
        },
        tags,
        protect: true,
        summary:
          'Your personal invite links to the paid Telegram chats of the rooms you hold (one person, 24 hours each)',
        description:
          'One link per chat (`invites`, each named by its rooms; `url` is the first). Answers the open links when there are; `renew: true` makes new ones and revokes the older. Needs a linked Telegram chat (`400` otherwise).',
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
        errorResponses: {
          400: 'Discord is not configured on this server',
          403: 'None of the rooms you hold has a Discord role, or the account cannot be used here (blacklist)',
        },
        tags,
        protect: true,
        summary: "Discord's authorisation page to link your Discord account (identify, guilds.join)",
        description:
          'Open the URL in the browser signed in here: Discord sends you back to `/api/community/discord/callback`, which adds you to the server with the role of each room you hold.',
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
        summary: 'Unlink your Discord account: every room role is removed',
      },
    })
    .input(noInput)
    .output(communityStatusSchema)
    .mutation(({ ctx }) => discordUnlinkHandler(ctx)),
} satisfies TRPCRouterRecord;
