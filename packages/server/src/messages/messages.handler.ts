import {
  DESK_NOTICE,
  MESSAGE_WINDOW_SECONDS,
  MESSAGES_PER_DAY_DEFAULT,
  retryAfterSeconds,
  SAVED_REPLIES_FULL,
  SAVED_REPLIES_MAX,
  WRITING_NEEDS_ACCESS,
  WRITING_STOPPED,
} from '@t0/contracts/domain/messages/messages';
import type { Desk } from '@t0/contracts/domain/analysts/analysts';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  DeskReplyInput,
  DeskThread,
  InboxInput,
  NewMessageInput,
  SavedReply,
  SavedReplyInput,
  SavedReplyUpdateInput,
  ThreadMessage,
  ThreadSummary,
  ThreadUpdateInput,
  UserThread,
} from '@t0/contracts/schemas/messages/messages';
import type { AdminMessagesRow, Db, SavedReplyRow } from '@t0/db';
import type { Context } from '../core/context';
import { conflict, forbidden, notFound, tooManyRequests, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { emitEvent, userAudience } from '../events/events.queries';
import { fanoutJob } from '../delivery/fanout.job';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs } from '../outbox/queue';
import { findUserById, isAdminRow } from '../auth/users.queries';
import { isImageReferenced } from '../chart-memos/chart-memos.queries';
import {
  countMessage,
  deskHasWritten,
  findThread,
  imageUsedElsewhere,
  insertMessage,
  listThreadAnalystUserIds,
  listThreadMessages,
  listThreads,
  markThreadRead,
  upsertThread,
} from './admin-messages.queries';
import {
  countSavedReplies,
  deleteSavedReply,
  insertSavedReply,
  listSavedReplies,
  lockSavedReplies,
  updateSavedReply,
} from './saved-replies.queries';

type Ctx = Context & { user: User };
/** A desk member: an administrator, or an active analyst (`deskProcedure`). */
type DeskCtx = Ctx & { desk: Desk };

/**
 * A stored message as the viewer reads it: its image as a short-lived link signed for the viewer
 * (the stored `/objects/images/…` is read by nothing else), old messages' images alike.
 */
const toMessage = (ctx: Pick<Ctx, 'ports' | 'user'>, row: AdminMessagesRow): ThreadMessage => ({
  id: row.id,
  userId: row.userId,
  message: row.message,
  imageUrl: row.imageUrl ? ctx.ports.imageLinks.sign(row.imageUrl, ctx.user.id) : null,
  isFromAdmin: row.isFromAdmin,
  isRead: row.isRead,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

type SummaryRow = Awaited<ReturnType<typeof listThreads>>[number];
const toSummary = (row: SummaryRow): ThreadSummary => ({
  userId: row.userId,
  email: row.email,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
  status: row.status as ThreadSummary['status'],
  assignedTo: row.assignedTo,
  assignedToEmail: row.assignedToEmail,
  writingStopped: row.writingStopped,
  unread: Number(row.unread),
  lastMessage: row.lastMessage,
  lastMessageAt: new Date(row.lastMessageAt).toISOString(),
});

/**
 * Tells both parties' open streams that the thread changed: the subscriber's, the administrators'
 * and those of the analysts who answer the thread (their rooms' subscriber), each by their own account.
 */
async function announce(db: Db, userId: number, data: Record<string, unknown>) {
  const payload = { userId, ...data };
  await emitEvent(db, { type: 'message.changed', audience: userAudience(userId), payload });
  await emitEvent(db, { type: 'message.changed', audience: 'admins', payload });
  for (const analyst of await listThreadAnalystUserIds(db, userId))
    if (analyst !== userId) await emitEvent(db, { type: 'message.changed', audience: userAudience(analyst), payload });
}

/** Why the user may not write now, or null. */
async function writingRefusal(
  db: Db,
  user: Pick<User, 'id' | 'hasActiveSubscription' | 'isAdmin'>,
): Promise<string | null> {
  if (!user.hasActiveSubscription && !user.isAdmin) return WRITING_NEEDS_ACCESS;
  if ((await findThread(db, user.id))?.writingStopped) return WRITING_STOPPED;
  return null;
}

/** An image must be an upload no memo shows and no other thread holds, present in storage. */
async function checkImage(ctx: Ctx, imageUrl: string | undefined, userId: number) {
  if (!imageUrl) return;
  const refused =
    (await isImageReferenced(ctx.db, imageUrl)) ||
    (await imageUsedElsewhere(ctx.db, imageUrl, userId)) ||
    !(await ctx.ports.storage.get(imageUrl.slice('/objects/'.length)));
  if (refused) throw validationError([{ path: ['imageUrl'], message: 'imageUrl must be an image you uploaded' }]);
}

export async function userThreadHandler({ ctx }: { ctx: Ctx }): Promise<UserThread> {
  const [rows, reason] = await Promise.all([listThreadMessages(ctx.db, ctx.user.id), writingRefusal(ctx.db, ctx.user)]);
  return { notice: DESK_NOTICE, canWrite: reason === null, reason, messages: rows.map((row) => toMessage(ctx, row)) };
}

/**
 * Stores a subscriber's message to their thread (the web app's and the Telegram bot's alike):
 * refused (403) without access or when the desk stopped the account's writing; counted against the
 * daily limit in the same transaction (429 past it, nothing stored); a closed thread opens again.
 */
export async function storeSubscriberMessage(
  db: Db,
  user: Pick<User, 'id' | 'hasActiveSubscription' | 'isAdmin'>,
  input: { message?: string; imageUrl?: string },
  limit: number,
): Promise<AdminMessagesRow> {
  const reason = await writingRefusal(db, user);
  if (reason) throw forbidden(reason);
  const now = new Date();
  return transact(db, async (tx) => {
    const count = await countMessage(tx, user.id, now, MESSAGE_WINDOW_SECONDS);
    if (count.messageCount > limit) {
      throw tooManyRequests(
        `At most ${limit} messages a day. Please try again later.`,
        retryAfterSeconds(new Date(count.windowStart), now),
      );
    }
    const thread = await findThread(tx, user.id);
    if (thread?.status === 'closed') await upsertThread(tx, user.id, { status: 'open' }, now);
    const stored = await insertMessage(tx, {
      userId: user.id,
      message: input.message || null,
      imageUrl: input.imageUrl ?? null,
      isFromAdmin: false,
    });
    await announce(tx, user.id, { messageId: stored.id });
    return stored;
  });
}

/** `POST /api/user/messages`: a subscriber's message to the desk (MESSAGES_PER_DAY a day). */
export async function sendUserMessageHandler({ ctx, input }: { ctx: Ctx; input: NewMessageInput }) {
  const reason = await writingRefusal(ctx.db, ctx.user);
  if (reason) throw forbidden(reason);
  await checkImage(ctx, input.imageUrl, ctx.user.id);
  const limit = ctx.settings.messagesPerDay ?? MESSAGES_PER_DAY_DEFAULT;
  return toMessage(ctx, await storeSubscriberMessage(ctx.db, ctx.user, input, limit));
}

/** Marks the desk's messages read by the subscriber (the desk sees the receipt). */
export async function readUserThreadHandler({ ctx }: { ctx: Ctx }) {
  const marked = await transact(ctx.db, async (tx) => {
    const n = await markThreadRead(tx, ctx.user.id, true, new Date());
    if (n > 0) await announce(tx, ctx.user.id, { read: 'subscriber' });
    return n;
  });
  return { marked };
}

/** The inbox: every thread for an administrator, those of their rooms' subscribers for an analyst. */
export async function inboxHandler({ ctx, input }: { ctx: DeskCtx; input: InboxInput }) {
  const rooms = ctx.desk.kind === 'analyst' ? ctx.desk.rooms : undefined;
  return { threads: (await listThreads(ctx.db, { ...input, rooms })).map(toSummary) };
}

async function summaryOf(db: Db, userId: number): Promise<ThreadSummary> {
  const [row] = await listThreads(db, { userId });
  if (row) return toSummary(row);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const thread = await findThread(db, userId);
  return {
    userId,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    status: (thread?.status ?? 'open') as ThreadSummary['status'],
    assignedTo: thread?.assignedTo ?? null,
    assignedToEmail: null,
    writingStopped: thread?.writingStopped ?? false,
    unread: 0,
    lastMessage: null,
    lastMessageAt: (thread?.updatedAt ?? user.createdAt).toISOString(),
  };
}

export async function deskThreadHandler({ ctx, input }: { ctx: Ctx; input: { userId: number } }): Promise<DeskThread> {
  const thread = await summaryOf(ctx.db, input.userId);
  const rows = await listThreadMessages(ctx.db, input.userId);
  return { notice: DESK_NOTICE, thread, messages: rows.map((row) => toMessage(ctx, row)) };
}

/**
 * The desk's reply: stored, sent to the subscriber's open streams, and a notice of it to their
 * channels. The desk's first reply in a thread opens with the standing notice.
 */
export async function deskReplyHandler({ ctx, input }: { ctx: Ctx; input: DeskReplyInput }) {
  if (!(await findUserById(ctx.db, input.userId))) throw notFound('User');
  await checkImage(ctx, input.imageUrl, input.userId);
  const { row, outbox } = await transact(ctx.db, async (tx) => {
    const first = !(await deskHasWritten(tx, input.userId));
    const text = first ? [DESK_NOTICE, input.message].filter(Boolean).join('\n\n') : input.message || null;
    const stored = await insertMessage(tx, {
      userId: input.userId,
      message: text,
      imageUrl: input.imageUrl ?? null,
      isFromAdmin: true,
    });
    await announce(tx, input.userId, { messageId: stored.id });
    // A notice of it goes by the subscriber's own channels (their matrix, quiet hours).
    return { row: stored, outbox: await enqueueJobs(tx, [fanoutJob({ deskMessageId: stored.id })]) };
  });
  await relayCommitted({ db: ctx.db, jobs: ctx.ports.jobs, log: ctx.log }, outbox);
  return toMessage(ctx, row);
}

/** Marks the subscriber's messages read by the desk (the subscriber sees the receipt). */
export async function deskReadHandler({ ctx, input }: { ctx: Ctx; input: { userId: number } }) {
  const marked = await transact(ctx.db, async (tx) => {
    const n = await markThreadRead(tx, input.userId, false, new Date());
    if (n > 0) await announce(tx, input.userId, { read: 'desk' });
    return n;
  });
  return { marked };
}

/** Whether the user answers this thread: an administrator, or an active analyst of a room the subscriber holds. */
async function answersThread(ctx: Ctx, deskUserId: number, userId: number): Promise<boolean> {
  const member = await findUserById(ctx.db, deskUserId);
  if (!member) return false;
  return (
    isAdminRow(member, ctx.settings.adminEmails) || (await listThreadAnalystUserIds(ctx.db, userId)).includes(member.id)
  );
}

/**
 * Close or reopen, assign to a desk member who answers the thread (an administrator, or an analyst
 * of a room the subscriber holds), stop or allow writing (the router leaves this to administrators); audited.
 */
export async function updateThreadHandler({ ctx, input }: { ctx: Ctx; input: ThreadUpdateInput }) {
  const { userId, ...change } = input;
  if (!(await findUserById(ctx.db, userId))) throw notFound('User');
  if (change.assignedTo != null && !(await answersThread(ctx, change.assignedTo, userId))) {
    throw validationError([{ path: ['assignedTo'], message: 'assignedTo must be a desk member’s user id or null' }]);
  }
  await transact(ctx.db, async (tx) => {
    await upsertThread(tx, userId, change, new Date());
    await announce(tx, userId, { thread: 'changed' });
  });
  return summaryOf(ctx.db, userId);
}

const toSavedReply = (row: SavedReplyRow): SavedReply => ({
  id: row.id,
  title: row.title,
  text: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The desk's saved replies, by title. */
export async function savedRepliesHandler({ ctx }: { ctx: Ctx }) {
  return { replies: (await listSavedReplies(ctx.db)).map(toSavedReply) };
}

/** A new saved reply; 409 when the desk keeps SAVED_REPLIES_MAX already. */
export async function createSavedReplyHandler({ ctx, input }: { ctx: Ctx; input: SavedReplyInput }) {
  const row = await transact(ctx.db, async (tx) => {
    await lockSavedReplies(tx);
    if ((await countSavedReplies(tx)) >= SAVED_REPLIES_MAX) throw conflict(SAVED_REPLIES_FULL);
    return insertSavedReply(tx, { title: input.title, body: input.text, createdBy: ctx.user.id });
  });
  return toSavedReply(row);
}

/** Changes a saved reply's title and/or text. */
export async function updateSavedReplyHandler({ ctx, input }: { ctx: Ctx; input: SavedReplyUpdateInput }) {
  if (input.title === undefined && input.text === undefined)
    throw validationError([{ path: ['text'], message: 'Give a title or a text to change' }]);
  const row = await transact(
    ctx.db,
    async (tx) =>
      (await updateSavedReply(tx, input.id, { title: input.title, body: input.text })) ??
      Promise.reject(notFound('Saved reply')),
  );
  return toSavedReply(row);
}

export async function deleteSavedReplyHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await transact(ctx.db, async (tx) => {
    if (!(await deleteSavedReply(tx, input.id))) throw notFound('Saved reply');
  });
  return { success: true as const, id: input.id };
}
