import type { RoomAccess } from '@t0/contracts/domain/access/access';
import type { LiveEventType } from '@t0/contracts/schemas/live/live-events';

/** Who a live stream is for: the role facts its events are filtered and projected by. */
export interface LiveViewer {
  id: number;
  isAdmin: boolean;
  hasActiveSubscription: boolean;
  /** The rooms held and until when (see `RoomAccess`). */
  access: RoomAccess;
  /**
   * The session gave its second factor, or the account needs none: a desk member's reads beyond their
   * own account (an analyst's threads' images) need it. Absent: not known, read as false.
   */
  secondFactorPassed?: boolean;
}

/** One event as a stream sends it: its id (for resuming), its type and the viewer's payload. */
export interface LiveMessage {
  id: string;
  type: LiveEventType;
  data: unknown;
}

/** An open stream: its events in order until it ends (closed, replaced, shut down, signed out). */
export interface LiveStream extends AsyncIterable<LiveMessage> {
  close(): void;
}

/** Past the process's cap of open streams: answered 503 so the client retries (maybe elsewhere). */
export class LiveCapacityError extends Error {
  constructor() {
    super('Too many open live streams on this server; retry shortly');
    this.name = 'LiveCapacityError';
  }
}

/** Past the cap of open streams per client address: answered 429 (close some streams first). */
export class LiveAddressLimitError extends Error {
  constructor(readonly limit: number) {
    super(`Too many open live streams from this address (at most ${limit}); close some before opening another`);
    this.name = 'LiveAddressLimitError';
  }
}

/** The server's live streams (one hub per API process). */
export interface LiveStreams {
  /** Streams open on this process now. */
  readonly size?: number;
  /**
   * Opens a stream for the viewer; with `lastEventId` it first replays what came after it (or
   * sends `resync` when that is older than the kept window). `sessionId` ties it to the session it
   * was opened with (or `pat:<token id>`): it ends when that session is signed out or expires, or
   * the token is revoked. Throws LiveCapacityError at the process's cap, LiveAddressLimitError past
   * the cap per client `address`.
   */
  open(viewer: LiveViewer, lastEventId?: number, sessionId?: string, address?: string): LiveStream;
}
