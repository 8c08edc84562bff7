// Messages between the desk and its subscribers (docs/features/messages.md): the rules without I/O.

/** The specification's words when a message has neither text nor an image. */
export const MESSAGE_OR_IMAGE_REQUIRED = 'Either message or image is required';

/** Longest message text, in characters. */
export const MESSAGE_MAX = 2000;

/** Messages one subscriber may write in a window (the MESSAGES_PER_DAY setting's default). */
export const MESSAGES_PER_DAY_DEFAULT = 10;

/** The rate limit's window. */
export const MESSAGE_WINDOW_SECONDS = 86_400;

/** Why a subscriber may not write (the thread's `reason`, a 403's message): no access. */
export const WRITING_NEEDS_ACCESS = 'Active subscription required';

/** Why a subscriber may not write: the desk stopped the account's messages. */
export const WRITING_STOPPED = 'The desk has stopped messages from this account';

/** The standing notice above every thread (the desk relies on advice not tailored to a client). */
export const DESK_NOTICE = 'The desk gives general information, not advice about a person’s own trades or account.';

/** The title of the notice the subscriber's channels carry when the desk replies (never the reply itself). */
export const DESK_MESSAGE_TITLE = 'MESSAGE FROM THE DESK';

/** The notice's text; the channel adds the link to /messages. */
export const DESK_MESSAGE_NOTICE = 'The desk replied to your message. Read it in T0 Terminal, under MESSAGES.';

/** Under the notice in Telegram, where a reply to the bot lands in the thread. */
export const DESK_MESSAGE_TELEGRAM_HINT = 'Reply here to answer the desk: your reply goes to your thread.';

/** A thread is open until the desk closes it; a new message from the subscriber opens it again. */
export const THREAD_STATUSES = ['open', 'closed'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** Where an uploaded image lives (the upload pipeline's `images/…` area). */
export const MESSAGE_IMAGE_PATTERN = /^\/objects\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|jpeg|png|gif|webp)$/;

/**
 * Seconds until a window that started at `windowStart` ends (at least 1): the `Retry-After` of a
 * refused message.
 */
export function retryAfterSeconds(windowStart: Date, now: Date, windowSeconds = MESSAGE_WINDOW_SECONDS): number {
  const ends = windowStart.getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}

/**
 * Whether a desk member answers a subscriber's thread: an administrator every thread, an active
 * analyst the threads of subscribers who hold (by an active grant now) a room the analyst publishes in.
 */
export function deskAnswersThread(
  desk: { kind: 'admin' } | { kind: 'analyst'; rooms: readonly string[] },
  subscriberRooms: readonly string[],
): boolean {
  return desk.kind === 'admin' || subscriberRooms.some((room) => desk.rooms.includes(room));
}

/** Saved replies the desk keeps at most. */
export const SAVED_REPLIES_MAX = 100;

/** Longest saved reply title, in characters. */
export const SAVED_REPLY_TITLE_MAX = 100;

/** Longest saved reply text: a reply's own limit. */
export const SAVED_REPLY_TEXT_MAX = MESSAGE_MAX;

/** The answer when the desk already keeps SAVED_REPLIES_MAX saved replies. */
export const SAVED_REPLIES_FULL = `At most ${SAVED_REPLIES_MAX} saved replies: delete one first`;

/**
 * The reply being written with a saved reply's text put in: the text alone in an empty box, else
 * after what is there and a blank line; never longer than a message may be.
 */
export function withSavedReply(current: string, text: string): string {
  return (current.trim() ? `${current.trimEnd()}\n\n${text}` : text).slice(0, MESSAGE_MAX);
}
