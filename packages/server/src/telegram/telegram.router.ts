import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import { telegramLinkSchema, telegramStatusSchema } from '@t0/contracts/schemas/telegram/telegram';
import { createTelegramLinkHandler, telegramStatusHandler, unlinkTelegramHandler } from './telegram.handler';
import { targetUserProcedure, userProcedure } from '../procedures';

const tags = ['delivery'];

export const telegramRouter = {
  status: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/telegram/status',
        tags,
        protect: true,
        summary: 'Whether Telegram is configured here, and the chat your account is linked to',
      },
    })
    .input(noInput)
    .output(telegramStatusSchema)
    .query(({ ctx }) => telegramStatusHandler(ctx)),

  link: targetUserProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/telegram/link',
        errorResponses: {
          400: 'Telegram is not configured on this server',
          403: 'A session short of its second factor may not link a chat',
          503: 'Telegram cannot be reached',
        },
        tags,
        protect: true,
        summary: 'A one-time deep link that links a Telegram chat to your account',
        description:
          'Answers `https://t.me/<bot>?start=<code>`: open it in Telegram and press START. The code works once, for 15 minutes; asking again replaces it. ' +
          'Linking again from another chat moves the link. `400` when Telegram is not configured on this server.',
      },
    })
    .input(noInput)
    .output(telegramLinkSchema)
    .mutation(({ ctx }) => createTelegramLinkHandler(ctx)),

  unlink: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/telegram/unlink',
        tags,
        protect: true,
        summary: 'Unlink your Telegram chat (sending /stop to the bot does the same)',
      },
    })
    .input(noInput)
    .output(telegramStatusSchema)
    .mutation(({ ctx }) => unlinkTelegramHandler(ctx)),
} satisfies TRPCRouterRecord;
