import {
  DESK_NOTICE,
  MESSAGE_WINDOW_SECONDS,
  MESSAGES_PER_DAY_DEFAULT,
  retryAfterSeconds,
} from '@t0/contracts/domain/messages';
import type { User } from '@t0/contracts/schemas/auth';
import type {
  DeskReplyInput,
  DeskThread,
  InboxInput,
  NewMessageInput,
  ThreadMessage,
  ThreadSummary,
  ThreadUpdateInput,
  UserThread,
} from '@t0/contracts/schemas/messages';
import type { AdminMessagesRow, Db } from '@t0/db';
import type { Context } from '../core/context';
import { forbidden, notFound, tooManyRequests, validationError } from '../core/errors';
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
  listThreadMessages,
  listThreads,
  markThreadRead,
  upsertThread,
} from './admin-messages.queries';

type Ctx = Context & { user: User };

const toMessage = (row: AdminMessagesRow): ThreadMessage => ({
  id: row.id,
  userId: row.userId,
  message: row.message,
  imageUrl: row.imageUrl,
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

/** Tells both parties' open streams that the thread changed (the subscriber's and the desk's). */
async function announce(db: Db, userId: number, data: Record<string, unknown>) {
  const payload = { userId, ...data };
  await emitEvent(db, { type: 'message.changed', audience: userAudience(userId), payload });
  await emitEvent(db, { type: 'message.changed', audience: 'admins', payload });
}

/** Why the user may not write now, or null. */
async function writingRefusal(
  db: Db,
  user: Pick<User, 'id' | 'hasActiveSubscription' | 'isAdmin'>,
): Promise<string | null> {
  if (!user.hasActiveSubscription && !user.isAdmin) return 'Active subscription required';
  if ((await findThread(db, user.id))?.writingStopped) return 'The desk has stopped messages from this account';
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
  return { notice: DESK_NOTICE, canWrite: reason === null, reason, messages: rows.map(toMessage) };
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
  return toMessage(await storeSubscriberMessage(ctx.db, ctx.user, input, limit));
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

export async function inboxHandler({ ctx, input }: { ctx: Ctx; input: InboxInput }) {
  return { threads: (await listThreads(ctx.db, input)).map(toSummary) };
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
  return { notice: DESK_NOTICE, thread, messages: rows.map(toMessage) };
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
  return toMessage(row);
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

/** Close or reopen, assign to a desk member (an administrator), stop or allow writing; audited. */
export async function updateThreadHandler({ ctx, input }: { ctx: Ctx; input: ThreadUpdateInput }) {
  const { userId, ...change } = input;
  if (!(await findUserById(ctx.db, userId))) throw notFound('User');
  const assignee = change.assignedTo == null ? null : await findUserById(ctx.db, change.assignedTo);
  if (change.assignedTo != null && !(assignee && isAdminRow(assignee, ctx.settings.adminEmails))) {
    throw validationError([{ path: ['assignedTo'], message: 'assignedTo must be a desk member’s user id or null' }]);
  }
  await transact(ctx.db, async (tx) => {
    await upsertThread(tx, userId, change, new Date());
    await announce(tx, userId, { thread: 'changed' });
  });
  return summaryOf(ctx.db, userId);
}
