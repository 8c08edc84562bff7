import type { TRPCRouterRecord } from '@trpc/server';
import { memoImageUploadInput } from '@t0/contracts/schemas/chart-memos/chart-memos';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { adminUserIdInput } from '@t0/contracts/schemas/admin-users/admin-users';
import {
  deskReplyInput,
  deskThreadSchema,
  inboxInput,
  inboxSchema,
  newMessageInput,
  readCountSchema,
  savedRepliesSchema,
  savedReplyInput,
  savedReplySchema,
  savedReplyUpdateInput,
  threadMessageSchema,
  threadSummarySchema,
  threadUpdateInput,
  userThreadSchema,
} from '@t0/contracts/schemas/messages/messages';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { uploadUrlSchema } from '@t0/contracts/schemas/uploads/uploads';
import { imageUploadUrl } from '../uploads/image-upload';
import { requireAdministrator, requireThreadOfRooms } from '../analysts/desk';
import { adminProcedure, deskProcedure, userProcedure } from '../procedures';
import {
  createSavedReplyHandler,
  deleteSavedReplyHandler,
  deskReadHandler,
  deskReplyHandler,
  deskThreadHandler,
  inboxHandler,
  readUserThreadHandler,
  savedRepliesHandler,
  sendUserMessageHandler,
  updateSavedReplyHandler,
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
    .mutation(({ ctx, input }) => imageUploadUrl(ctx, input, 'message')),

  inbox: deskProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/messages',
        tags,
        protect: true,
        summary:
          'The desk’s inbox: one thread per subscriber, newest first, with unread counts (`search`, `status`); an analyst’s holds their rooms’ subscribers',
      },
    })
    .input(inboxInput)
    .output(inboxSchema)
    .query(inboxHandler),

  thread: deskProcedure
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
    .query(async ({ ctx, input, path }) => {
      await requireThreadOfRooms(ctx, path, input.userId);
      return deskThreadHandler({ ctx, input });
    }),

  reply: deskProcedure
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
    .mutation(async ({ ctx, input, path }) => {
      await requireThreadOfRooms(ctx, path, input.userId);
      return deskReplyHandler({ ctx, input });
    }),

  markRead: deskProcedure
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
    .mutation(async ({ ctx, input, path }) => {
      await requireThreadOfRooms(ctx, path, input.userId);
      return deskReadHandler({ ctx, input });
    }),

  update: deskProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/messages/{userId}',
        errorResponses: {
          403: 'An analyst stopping or allowing writing (administrators only)',
        },
        tags,
        protect: true,
        summary:
          'Close or reopen (`status`), assign (`assignedTo`: an administrator or an analyst of a room the subscriber holds), stop or allow the subscriber’s writing (`writingStopped`, administrators only)',
      },
    })
    .input(threadUpdateInput)
    .output(threadSummarySchema)
    .mutation(async ({ ctx, input, path }) => {
      await requireThreadOfRooms(ctx, path, input.userId);
      if (input.writingStopped !== undefined)
        await requireAdministrator(ctx, path, 'stop or allow a subscriber’s writing');
      return updateThreadHandler({ ctx, input });
    }),

  savedReplies: deskProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/messages/saved-replies',
        tags,
        protect: true,
        summary: 'The desk’s saved replies (title and text), by title',
      },
    })
    .input(noInput)
    .output(savedRepliesSchema)
    .query(savedRepliesHandler),

  createSavedReply: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/messages/saved-replies',
        errorResponses: { 409: 'The desk keeps 100 saved replies already' },
        tags,
        protect: true,
        summary: 'Save a reply: `title` (at most 100 characters) and `text` (at most 2,000)',
      },
    })
    .input(savedReplyInput)
    .output(savedReplySchema)
    .mutation(createSavedReplyHandler),

  updateSavedReply: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/messages/saved-replies/{id}',
        errorResponses: { 404: 'No saved reply has this id' },
        tags,
        protect: true,
        summary: 'Change a saved reply’s `title` and/or `text`',
      },
    })
    .input(savedReplyUpdateInput)
    .output(savedReplySchema)
    .mutation(updateSavedReplyHandler),

  deleteSavedReply: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/messages/saved-replies/{id}',
        errorResponses: { 404: 'No saved reply has this id' },
        tags,
        protect: true,
        summary: 'Delete a saved reply',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(deleteSavedReplyHandler),
} satisfies TRPCRouterRecord;
