import {
  LIVE_PING_MS,
  LiveAddressLimitError,
  LiveCapacityError,
  type LiveMessage,
  type LiveStream,
  type LiveStreams,
  type LiveViewer,
  type StoredEvent,
} from '@t0/server';
import type { ChangeSubscriber } from '../changes/notices';
import { frameChunk, pairChunk } from './frames';
import { audienceIncludes, projectEvent } from './projection';

/** What the hub reads from the database (one read per event per process, never per stream). */
export interface HubSource {
  /** Events after `afterId` past the visibility fence, oldest first (see events.ts). */
  listEventsAfter(afterId: number, limit: number): Promise<StoredEvent[]>;
  /** Whether any event after `afterId` is stored, fenced or not. */
  hasEventsAfter(afterId: number): Promise<boolean>;
  oldestEventId(): Promise<number | null>;
  newestEventId(): Promise<number | null>;
  /**
   * The viewer's role facts now (after `account.changed`) for each of its streams' credentials
   * (`keys`: a session id, `pat:<token id>`, or '' for none), gated by the second factor exactly
   * as a request is; null when the account is gone.
   */
  loadViewers(userId: number, keys: readonly string[]): Promise<Map<string, LiveViewer> | null>;
  /**
   * The credentials among `keys` that are still good (session signed in and not expired, token
   * not revoked nor expired), with their user and when they expire (ms since the epoch; null:
   * no known end). A key missing from the answer is gone. One read for all of them.
   */
  checkCredentials(keys: readonly string[]): Promise<Map<string, { userId: number; expiresAt: number | null }>>;
  /** Whether the stream's session is still signed in as this user (after `session.ended`). */
  sessionAlive(sid: string, userId: number): Promise<boolean>;
  /** These users' exact unread counts, in one read (after a notification reached their streams). */
  unreadCounts(userIds: readonly number[]): Promise<Map<number, number>>;
}

/**
 * Where a stream's frames go when its transport writes them as they come (GET /api/stream, see
 * sse-writer.ts) instead of reading them one by one (the tRPC subscription).
 */
export interface FrameSink {
  /** One frame, as an HTTP chunk shared by every stream that gets it; never waits. */
  write(chunk: Buffer): void;
  /** No more frames: the response ends after those already handed over. */
  end(): void;
  /** Ends the response now. */
  close(): void;
}

/** Messages a stream may have waiting for its client (its queue, or its sink's kept frames). */
export const LIVE_MAX_QUEUED = 1_000;

export interface HubOptions {
  /** Open streams this process serves at most; past it `open` throws LiveCapacityError (503). */
  maxStreams: number;
  /** Open streams per user; a new one closes the user's oldest. */
  maxPerUser: number;
  /** Events a slow stream may have waiting; past it the stream is ended (its client resumes). */
  maxQueued?: number;
  /** Open streams per client address; past it `open` throws LiveAddressLimitError (429). */
  maxPerAddress?: number;
  /** How often every open stream's credential is checked (one read per process); LIVE_PING_MS. */
  checkEveryMs?: number;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const REPLAY_PAGE = 500;
/** A newly opened stream's credential is checked this soon (with the others opened meanwhile). */
const OPEN_CHECK_MS = 250;
/** Past a credential's known end, the check that ends its streams runs this much later. */
const DEADLINE_SLACK_MS = 20;
/** setTimeout's longest delay; a later deadline is checked then (and scheduled again). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Ids of recently handled events, so a catch-up after lost notices sends nothing twice. */
const RECENT_IDS = 10_000;
/** A noticed event held back by the fence is looked for again this soon, then less often. */
const HELD_RETRY_MS = 20;
const HELD_RETRY_MAX_MS = 1_000;
/** After a read of the events that failed (the database did not answer), the next try. */
const CATCH_UP_RETRY_MS = 500;

/**
 * One per API process: on each `e:<id>` change notice it reads the events after its position once
 * and hands them to its own open streams, filtered by audience and projected for each viewer's role.
 * Resumed streams replay from the `events` table first (live events arriving meanwhile wait in their
 * buffer).
 *
 * Gap-free order: the hub reads through the visibility fence (`listEventsAfter`), in id order, and
 * moves its position only over what it handed out. An event noticed but held back (a smaller id
 * still being written by another transaction) is read again shortly, so both go out, in id order.
 */
export class LiveHub implements LiveStreams, ChangeSubscriber {
  private readonly streams = new Set<HubStream>();
  private readonly byUser = new Map<number, HubStream[]>();
  private readonly byAddress = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private readonly recent = new Set<number>();
  /** Every event up to here was handed out (or is gone); undefined until listening starts. */
  private newestSeen: number | undefined;
  /** The newest id a notice named (an event past `newestSeen` may be held back by the fence). */
  private noticed = 0;
  private catchUpQueued = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private heldTimer: NodeJS.Timeout | undefined;
  private heldRetryMs = HELD_RETRY_MS;
  private live = false;
  private wasLive = false;
  private closed = false;
  readonly counts = { events: 0, reads: 0, delivered: 0, unreadReads: 0, credentialReads: 0 };
  private readonly checkTimer: NodeJS.Timeout;
  private openCheckTimer: NodeJS.Timeout | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private deadlineAt = Infinity;
  private checking: Promise<void> | undefined;
  private checkAgain = false;

  constructor(
    private readonly source: HubSource,
    private readonly opts: HubOptions,
  ) {
    this.checkTimer = setInterval(() => void this.checkCredentials(), opts.checkEveryMs ?? LIVE_PING_MS);
    this.checkTimer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  // --- change notices -------------------------------------------------------------------------

  notice(payload: string): void {
    if (!payload.startsWith('e:')) return;
    const id = Number(payload.slice(2));
    if (!Number.isSafeInteger(id)) return;
    if (id > this.noticed) this.noticed = id;
    this.requestCatchUp();
  }

  setLive(live: boolean): void {
    const first = live && !this.wasLive;
    const regained = live && !this.live && this.wasLive;
    this.live = live;
    if (live) this.wasLive = true;
    // Listening from now on: the position starts at the newest event past the fence.
    if (first) {
      this.enqueue(async () => {
        this.newestSeen ??= (await this.source.newestEventId()) ?? 0;
      });
    }
    // Notices may have been missed while not listening: read what came after the newest handled.
    if (regained) this.requestCatchUp();
  }

  /** One read of what came after the position, however many notices asked for it meanwhile. */
  private requestCatchUp(): void {
    if (this.catchUpQueued) return;
    this.catchUpQueued = true;
    this.enqueue(async () => {
      this.catchUpQueued = false;
      try {
        await this.catchUp();
      } catch (err) {
        // The database did not answer (an outage, logged where it is noticed): the position has
        // not moved past anything unread, so the same read is tried again shortly, with no need of
        // another notice.
        this.opts.log?.warn({ err }, 'live events not read; reading again shortly');
        this.retryCatchUp();
      }
    });
  }

  private retryCatchUp(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.requestCatchUp();
    }, CATCH_UP_RETRY_MS);
    this.retryTimer.unref();
  }

  private async catchUp(): Promise<void> {
    if (this.newestSeen === undefined) return;
    const before = this.newestSeen;
    for (;;) {
      this.counts.reads++;
      const page = await this.source.listEventsAfter(this.newestSeen, REPLAY_PAGE);
      for (const e of page) {
        if (!this.recent.has(e.id)) await this.dispatch(e);
        else this.remember(e.id);
      }
      if (page.length < REPLAY_PAGE) break;
    }
    if (this.newestSeen > before) this.heldRetryMs = HELD_RETRY_MS;
    if (this.noticed <= this.newestSeen || this.closed) return;
    // A noticed event is held back by the fence (or was deleted meanwhile): look again shortly.
    if (!(await this.source.hasEventsAfter(this.newestSeen))) {
      this.noticed = this.newestSeen;
      return;
    }
    if (this.heldTimer) return;
    this.heldTimer = setTimeout(() => {
      this.heldTimer = undefined;
      this.requestCatchUp();
    }, this.heldRetryMs);
    this.heldTimer.unref();
    this.heldRetryMs = Math.min(HELD_RETRY_MAX_MS, this.heldRetryMs * 2);
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((err) => this.opts.log?.error({ err }, 'live event not delivered'));
  }

  /** Waits until every notice received so far has been handed to the streams (tests, shutdown). */
  settled(): Promise<void> {
    return this.chain;
  }

  private remember(id: number): void {
    this.recent.add(id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    if (this.newestSeen === undefined || id > this.newestSeen) this.newestSeen = id;
  }

  private async dispatch(event: StoredEvent): Promise<void> {
    this.remember(event.id);
    this.counts.events++;
    if (this.streams.size === 0) return;
    const target = event.audience.startsWith('user:') ? Number(event.audience.slice(5)) : undefined;
    const candidates = target !== undefined ? (this.byUser.get(target) ?? []).slice() : [...this.streams];
    if (target !== undefined && candidates.length) {
      if (event.type === 'account.changed') {
        // Re-projected per stream: an administrator's streams differ by their session's second factor.
        const viewers = await this.source.loadViewers(target, [...new Set(candidates.map((s) => s.sessionId ?? ''))]);
        for (const s of candidates) {
          const viewer = viewers?.get(s.sessionId ?? '');
          if (viewer) s.viewer = { ...viewer };
          else s.endSession(this.newestSeen ?? 0, 'account');
        }
      }
      if (event.type === 'session.ended') {
        for (const s of candidates) {
          if (s.sessionId && (await this.source.sessionAlive(s.sessionId, target))) continue;
          s.offer(event, this);
          s.endAfterQueue();
        }
        return;
      }
    }
    if (event.type !== 'notification.created') {
      for (const s of candidates) s.offer(event, this);
      return;
    }
    // A new notification changes its receivers' unread counts: one read for all of them first,
    // then each stream gets the notification and `unread.changed` right after it (same id: one
    // resume point), written together. Without the counts the notification still goes out. One
    // `unread.changed` message per count, shared (with its frame) by the receivers with that count.
    const receivers = candidates.filter((s) => s.wouldSend(event));
    let counts: Map<number, number> | undefined;
    if (receivers.length) {
      try {
        this.counts.unreadReads++;
        counts = await this.source.unreadCounts([...new Set(receivers.map((s) => s.viewer.id))]);
      } catch (err) {
        this.opts.log?.warn({ err }, 'unread counts not read; the notification goes out without them');
      }
    }
    const unread = new Map<number, LiveMessage>();
    const unreadMessage = (count: number) => {
      let m = unread.get(count);
      if (!m) unread.set(count, (m = { id: String(event.id), type: 'unread.changed', data: { count } }));
      return m;
    };
    for (const s of candidates) {
      const m = s.accept(event, this);
      if (!m) continue;
      const count = counts?.get(s.viewer.id);
      s.push(m, count === undefined ? undefined : unreadMessage(count));
    }
  }

  /** `unread.changed` with the exact count to each of these streams (one database read). */
  private async sendUnread(streams: readonly HubStream[], eventId: number): Promise<void> {
    if (streams.length === 0) return;
    this.counts.unreadReads++;
    const counts = await this.source.unreadCounts([...new Set(streams.map((s) => s.viewer.id))]);
    for (const s of streams) {
      const count = counts.get(s.viewer.id);
      if (count !== undefined) s.push({ id: String(eventId), type: 'unread.changed', data: { count } });
    }
  }

  /** The message this viewer gets for the event, or null when the event is not for them. */
  messageFor(event: StoredEvent, viewer: LiveViewer): LiveMessage | null {
    if (!audienceIncludes(event.audience, viewer)) return null;
    this.counts.delivered++;
    return projectEvent(event, viewer);
  }

  // --- credentials ------------------------------------------------------------------------------

  /**
   * Checks the credential of every open stream in one read: a stream whose session is gone,
   * expired (idle or absolute) or signed in as someone else, or whose token is revoked or expired,
   * ends with `session.ended`. Runs every `checkEveryMs`, shortly after streams open, and at the
   * earliest known expiry of an open stream's credential. Answers when the check is done.
   */
  checkCredentials(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = this.runChecks().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async runChecks(): Promise<void> {
    do {
      this.checkAgain = false;
      const streams = [...this.streams].filter((s) => s.sessionId !== undefined && !s.ended);
      if (streams.length === 0) return;
      let found: Map<string, { userId: number; expiresAt: number | null }>;
      try {
        this.counts.credentialReads++;
        found = await this.source.checkCredentials([...new Set(streams.map((s) => s.sessionId!))]);
      } catch (err) {
        // The database is away: nothing is ended on a failed read; the next tick reads again.
        this.opts.log?.warn({ err }, 'live stream credentials not checked');
        return;
      }
      const now = Date.now();
      let next = Infinity;
      for (const s of streams) {
        const c = found.get(s.sessionId!);
        if (!c || c.userId !== s.viewer.id || (c.expiresAt !== null && c.expiresAt <= now)) {
          s.endSession(this.newestSeen ?? 0, 'expired');
          continue;
        }
        if (c.expiresAt !== null) next = Math.min(next, c.expiresAt);
      }
      this.scheduleDeadline(next);
    } while (this.checkAgain && !this.closed);
  }

  /** A check at `at` (the earliest known end of an open stream's credential), unless one comes sooner. */
  private scheduleDeadline(at: number): void {
    if (this.closed || !Number.isFinite(at) || at >= this.deadlineAt) return;
    clearTimeout(this.deadlineTimer);
    this.deadlineAt = at;
    this.deadlineTimer = setTimeout(
      () => {
        this.deadlineAt = Infinity;
        this.deadlineTimer = undefined;
        void this.checkCredentials();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now()) + DEADLINE_SLACK_MS),
    );
    this.deadlineTimer.unref();
  }

  // --- streams ----------------------------------------------------------------------------------

  /**
   * A stream read by its transport (`for await`), or, with a `sink`, one whose frames the hub writes
   * to that sink itself as events are dispatched (never iterated).
   */
  open(viewer: LiveViewer, lastEventId?: number, sessionId?: string, address?: string, sink?: FrameSink): LiveStream {
    if (this.closed || this.streams.size >= this.opts.maxStreams) throw new LiveCapacityError();
    const perAddress = this.opts.maxPerAddress;
    if (address !== undefined && perAddress !== undefined && (this.byAddress.get(address) ?? 0) >= perAddress) {
      throw new LiveAddressLimitError(perAddress);
    }
    const own = this.byUser.get(viewer.id) ?? [];
    while (own.length >= this.opts.maxPerUser) own.shift()!.close();
    const stream = new HubStream(this, { ...viewer }, sessionId, this.opts.maxQueued ?? LIVE_MAX_QUEUED, address, sink);
    this.streams.add(stream);
    own.push(stream);
    this.byUser.set(viewer.id, own);
    if (address !== undefined) this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    // Its credential's expiry becomes known (and scheduled) with the next check, which comes soon.
    if (sessionId !== undefined && !this.openCheckTimer) {
      this.openCheckTimer = setTimeout(() => {
        this.openCheckTimer = undefined;
        void this.checkCredentials();
      }, OPEN_CHECK_MS);
      this.openCheckTimer.unref();
    }
    if (lastEventId === undefined) stream.goLive();
    else void this.replay(stream, lastEventId);
    return stream;
  }

  /** Sends a resumed stream what it missed (or `resync`), then what arrived meanwhile. */
  private async replay(stream: HubStream, lastEventId: number): Promise<void> {
    try {
      const oldest = await this.source.oldestEventId();
      const newest = await this.source.newestEventId();
      // Nothing kept after the resume point's neighbour, or a point from another database: the
      // stream cannot be replayed exactly.
      const lost =
        oldest === null ? lastEventId > 0 : lastEventId < oldest - 1 || (newest !== null && lastEventId > newest);
      if (lost) {
        stream.push({ id: String(Math.max(newest ?? 0, this.newestSeen ?? 0)), type: 'resync', data: {} });
        stream.goLive(Math.max(newest ?? 0, this.newestSeen ?? 0));
        return;
      }
      let after = lastEventId;
      let notified: number | undefined;
      for (;;) {
        const page = await this.source.listEventsAfter(after, REPLAY_PAGE);
        for (const e of page) if (stream.offerReplayed(e, this) && e.type === 'notification.created') notified = e.id;
        if (page.length < REPLAY_PAGE || stream.ended) break;
        after = page[page.length - 1]!.id;
      }
      notified = stream.goLive() ?? notified;
      // Replayed notifications: the count now, once (the replay carries no per-user count).
      if (notified !== undefined && !stream.ended) await this.sendUnread([stream], notified);
    } catch (err) {
      this.opts.log?.warn({ err }, 'live stream replay failed; the stream ends so its client resumes');
      stream.close();
    }
  }

  remove(stream: HubStream): void {
    if (!this.streams.delete(stream)) return;
    if (stream.address !== undefined) {
      const n = (this.byAddress.get(stream.address) ?? 1) - 1;
      if (n > 0) this.byAddress.set(stream.address, n);
      else this.byAddress.delete(stream.address);
    }
    const own = this.byUser.get(stream.viewer.id);
    if (!own) return;
    const i = own.indexOf(stream);
    if (i >= 0) own.splice(i, 1);
    if (own.length === 0) this.byUser.delete(stream.viewer.id);
  }

  /** Ends every open stream (SIGTERM, shutdown): clients reconnect, maybe to another process. */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.checkTimer);
    clearTimeout(this.openCheckTimer);
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.heldTimer);
    clearTimeout(this.retryTimer);
    for (const s of [...this.streams]) s.close();
  }
}

/**
 * One open stream: a queue of messages read by its transport (the tRPC subscription), or a sink
 * its frames are written to as they come (GET /api/stream).
 */
class HubStream implements LiveStream {
  private queue: LiveMessage[] = [];
  private wake: (() => void) | undefined;
  ended = false;
  private endWhenDrained = false;
  /** While replaying: live events wait here, and ids already replayed are not sent again. */
  private buffer: StoredEvent[] | undefined = [];
  private replayed: Set<number> | undefined = new Set();
  /**
   * The highest event id handed to this stream. The hub dispatches in id order, so a live event at
   * or below it was already sent by this stream's replay (which reads the table on its own and may
   * get past the fence before the hub's next read): it is not sent twice.
   */
  private sentUpTo = 0;

  constructor(
    private readonly hub: LiveHub,
    public viewer: LiveViewer,
    readonly sessionId: string | undefined,
    private readonly maxQueued: number,
    readonly address?: string,
    private readonly sink?: FrameSink,
  ) {}

  /** Whether `offer` would send this event now (open, live, in its audience). */
  wouldSend(event: StoredEvent): boolean {
    return !this.ended && !this.buffer && event.id > this.sentUpTo && audienceIncludes(event.audience, this.viewer);
  }

  /**
   * A live event from the hub: the message to send for it now, or null when the stream has ended,
   * is replaying (the event waits in its buffer) or the event is not for this viewer.
   */
  accept(event: StoredEvent, hub: LiveHub): LiveMessage | null {
    if (this.ended) return null;
    if (this.buffer) {
      this.buffer.push(event);
      return null;
    }
    if (event.id <= this.sentUpTo) return null;
    this.sentUpTo = event.id;
    return hub.messageFor(event, this.viewer);
  }

  /** A live event from the hub; true when it was sent now (not buffered, for this viewer). */
  offer(event: StoredEvent, hub: LiveHub): boolean {
    const m = this.accept(event, hub);
    if (m) this.push(m);
    return m !== null;
  }

  offerReplayed(event: StoredEvent, hub: LiveHub): boolean {
    if (this.ended || event.id <= this.sentUpTo) return false;
    this.sentUpTo = event.id;
    this.replayed?.add(event.id);
    const m = hub.messageFor(event, this.viewer);
    if (m) this.push(m);
    return m !== null;
  }

  /**
   * Replay done: the buffered live events not already replayed, then live. Answers the id of the
   * last notification sent from the buffer, if any (its count is still owed).
   */
  goLive(upTo?: number): number | undefined {
    const buffered = this.buffer ?? [];
    const replayed = this.replayed;
    this.buffer = undefined;
    this.replayed = undefined;
    let notified: number | undefined;
    for (const e of buffered) {
      if (replayed?.has(e.id) || (upTo !== undefined && e.id <= upTo)) continue;
      if (this.offer(e, this.hub) && e.type === 'notification.created') notified = e.id;
    }
    return notified;
  }

  /** A message (and `next` right after it, in the same write) to this stream's client. */
  push(m: LiveMessage, next?: LiveMessage): void {
    if (this.ended) return;
    if (this.sink) {
      // The frame every stream gets for this message: the same Buffer, no work per stream.
      this.sink.write(next ? pairChunk(m, next) : frameChunk(m));
      return;
    }
    if (this.queue.length >= this.maxQueued) {
      // A client this far behind resumes from its last id: nothing is lost, memory stays bounded.
      this.close();
      return;
    }
    this.queue.push(m);
    if (next) this.queue.push(next);
    this.wake?.();
  }

  /** Its credential is gone: `session.ended` (the last event), then the stream ends. */
  endSession(lastId: number, reason: string): void {
    if (this.ended || this.endWhenDrained) return;
    this.push({ id: String(lastId), type: 'session.ended', data: { reason } });
    this.endAfterQueue();
  }

  endAfterQueue(): void {
    this.endWhenDrained = true;
    this.hub.remove(this);
    if (this.sink) {
      this.ended = true;
      this.sink.end();
    }
    this.wake?.();
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue = [];
    this.hub.remove(this);
    this.sink?.close();
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LiveMessage> {
    try {
      for (;;) {
        const next = this.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.ended || this.endWhenDrained) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      this.close();
    }
  }
}
