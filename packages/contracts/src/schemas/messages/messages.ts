import { z } from 'zod';
import {
  MESSAGE_IMAGE_PATTERN,
  MESSAGE_MAX,
  MESSAGE_OR_IMAGE_REQUIRED,
  SAVED_REPLY_TEXT_MAX,
  SAVED_REPLY_TITLE_MAX,
  THREAD_STATUSES,
} from '../../domain/messages/messages';
import { adminUserIdInput } from '../admin-users/admin-users';
import { idParam } from '../common/common';

/** One message of a thread; `isRead`/`readAt`: the other party has read it. */
export const threadMessageSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  message: z.string().nullable(),
  /** The image: a link valid for a few minutes, for the account that asked only. */
  imageUrl: z.string().nullable(),
  isFromAdmin: z.boolean(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

const status = z.enum(THREAD_STATUSES, { error: `status must be one of ${THREAD_STATUSES.join(', ')}` });

/** A subscriber's thread as they read it: the standing notice, whether they may write, the messages oldest first. */
export const userThreadSchema = z.object({
  notice: z.string(),
  canWrite: z.boolean(),
  /** Why not, when `canWrite` is false. */
  reason: z.string().nullable(),
  messages: z.array(threadMessageSchema),
});
export type UserThread = z.infer<typeof userThreadSchema>;

const messageFields = {
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .max(MESSAGE_MAX, `message can be at most ${MESSAGE_MAX} characters`)
    .optional(),
  imageUrl: z
    .string({ error: 'imageUrl must be text' })
    .regex(MESSAGE_IMAGE_PATTERN, 'imageUrl must be an uploaded image (/objects/images/…)')
    .optional(),
};

const messageOrImage = (input: { message?: string; imageUrl?: string }, ctx: z.RefinementCtx) => {
  if (!input.message && !input.imageUrl) {
    ctx.addIssue({ code: 'custom', path: ['message'], message: MESSAGE_OR_IMAGE_REQUIRED });
  }
};

/** A new message: text, an uploaded image (`/objects/images/…`), or both. */
export const newMessageInput = z.object(messageFields).superRefine(messageOrImage);
export type NewMessageInput = z.infer<typeof newMessageInput>;

/** The desk's reply to one subscriber (`/api/admin/messages/{userId}`). */
export const deskReplyInput = adminUserIdInput.extend(messageFields).superRefine(messageOrImage);
export type DeskReplyInput = z.infer<typeof deskReplyInput>;

export const readCountSchema = z.object({ marked: z.number().int() });

/** The desk's state of a thread and its summary in the inbox. */
export const threadSummarySchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  status,
  assignedTo: z.number().int().nullable(),
  assignedToEmail: z.string().nullable(),
  writingStopped: z.boolean(),
  /** Messages from the subscriber the desk has not read. */
  unread: z.number().int(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const inboxInput = z.object({
  /** Part of the subscriber's e-mail or name, or of a message (any case). */
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search can be at most 200 characters').optional(),
  status: status.optional(),
});
export type InboxInput = z.infer<typeof inboxInput>;

export const inboxSchema = z.object({ threads: z.array(threadSummarySchema) });

export const deskThreadSchema = z.object({
  notice: z.string(),
  thread: threadSummarySchema,
  messages: z.array(threadMessageSchema),
});
export type DeskThread = z.infer<typeof deskThreadSchema>;

/** Close or reopen, assign (null: nobody), stop or allow the subscriber's writing. */
export const threadUpdateInput = adminUserIdInput.extend({
  status: status.optional(),
  assignedTo: z
    .number({ error: 'assignedTo must be a desk member’s user id or null' })
    .int('assignedTo must be a desk member’s user id or null')
    .positive('assignedTo must be a desk member’s user id or null')
    .nullable()
    .optional(),
  writingStopped: z.boolean({ error: 'writingStopped must be true or false' }).optional(),
});
export type ThreadUpdateInput = z.infer<typeof threadUpdateInput>;

/** One of the desk's saved replies. */
export const savedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedRepliesSchema = z.object({ replies: z.array(savedReplySchema) });

const savedReplyFields = {
  title: z
    .string({ error: 'title must be text' })
    .trim()
    .min(1, 'title is required')
    .max(SAVED_REPLY_TITLE_MAX, `title can be at most ${SAVED_REPLY_TITLE_MAX} characters`),
  text: z
    .string({ error: 'text must be text' })
    .trim()
    .min(1, 'text is required')
    .max(SAVED_REPLY_TEXT_MAX, `text can be at most ${SAVED_REPLY_TEXT_MAX} characters`),
};

/** A new saved reply: a title and the text it inserts. */
export const savedReplyInput = z.object(savedReplyFields);
export type SavedReplyInput = z.infer<typeof savedReplyInput>;

/** A change of a saved reply: its title and/or text. */
export const savedReplyUpdateInput = idParam.extend({
  title: savedReplyFields.title.optional(),
  text: savedReplyFields.text.optional(),
});
export type SavedReplyUpdateInput = z.infer<typeof savedReplyUpdateInput>;
