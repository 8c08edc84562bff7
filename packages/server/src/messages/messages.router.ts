import type { TRPCRouterRecord } from '@trpc/server';
import { memoImageUploadInput } from '@t0/contracts/schemas/chart-memos';
import { noInput } from '@t0/contracts/schemas/common';
import { adminUserIdInput } from '@t0/contracts/schemas/admin-users';
import {
  deskReplyInput,
  deskThreadSchema,
  inboxInput,
  inboxSchema,
  newMessageInput,
  readCountSchema,
  threadMessageSchema,
  threadSummarySchema,
  threadUpdateInput,
  userThreadSchema,
} from '@t0/contracts/schemas/messages';
import { uploadUrlSchema } from '@t0/contracts/schemas/uploads';
import { imageUploadUrl } from '../uploads/image-upload';
import { adminProcedure, userProcedure } from '../procedures';
import {
  deskReadHandler,
  deskReplyHandler,
  deskThreadHandler,
  inboxHandler,
  readUserThreadHandler,
  sendUserMessageHandler,
  updateThreadHandler,
  userThreadHandler,
} from './messages.handler';

const tags = ['messages'];

/** Messages between the desk and its subscribers (docs/features/messages.md). */
export const messagesRouter = {
  mine: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/messages',
        tags,
        protect: true,
        summary: 'The viewer’s thread with the desk, oldest first, with the standing notice and whether they may write',
      },
    })
    .input(noInput)
    .output(userThreadSchema)
    .query(userThreadHandler),

  send: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/messages',
        tags,
        protect: true,
        summary: 'Write to the desk: `message` (at most 2,000 characters) and/or `imageUrl` (an uploaded image)',
        errorResponses: {
          403: 'Access has ended, or the desk stopped messages from this account',
          429: 'MESSAGES_PER_DAY reached (Retry-After)',
        },
      },
    })
    .input(newMessageInput)
    .output(threadMessageSchema)
    .mutation(sendUserMessageHandler),

  read: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/messages/read',
        tags,
        protect: true,
        summary: 'Mark the desk’s messages read',
      },
    })
    .input(noInput)
    .output(readCountSchema)
    .mutation(readUserThreadHandler),

  uploadImage: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/messages/upload-image',
        errorResponses: { 400: 'The file name is not of an image type' },
        tags,
        protect: true,
        summary: 'A signed URL to PUT one message image to (.jpg .jpeg .png .gif .webp, 5 MB)',
      },
    })
    .input(memoImageUploadInput)
    .output(uploadUrlSchema)
    .mutation(({ ctx, input }) => imageUploadUrl(ctx, input)),

  inbox: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/messages',
        tags,
        protect: true,
        summary: 'The desk’s inbox: one thread per subscriber, newest first, with unread counts (`search`, `status`)',
      },
    })
    .input(inboxInput)
    .output(inboxSchema)
    .query(inboxHandler),

  thread: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/messages/{userId}',
        tags,
        protect: true,
        summary: 'One subscriber’s thread',
      },
    })
    .input(adminUserIdInput)
    .output(deskThreadSchema)
    .query(deskThreadHandler),

  reply: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/messages/{userId}',
        tags,
        protect: true,
        summary: 'Reply to a subscriber: `message` and/or `imageUrl`',
      },
    })
    .input(deskReplyInput)
    .output(threadMessageSchema)
    .mutation(deskReplyHandler),

  markRead: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/messages/{userId}/read',
        tags,
        protect: true,
        summary: 'Mark the subscriber’s messages read',
      },
    })
    .input(adminUserIdInput)
    .output(readCountSchema)
    .mutation(deskReadHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/messages/{userId}',
        tags,
        protect: true,
        summary:
          'Close or reopen (`status`), assign (`assignedTo`), stop or allow the subscriber’s writing (`writingStopped`)',
      },
    })
    .input(threadUpdateInput)
    .output(threadSummarySchema)
    .mutation(updateThreadHandler),
} satisfies TRPCRouterRecord;
