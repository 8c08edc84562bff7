import type { LiveEventType } from '../../schemas/live-events';

/** Who a live stream is for: the role facts its events are filtered and projected by. */
export interface LiveViewer {
  id: number;
  isAdmin: boolean;
  hasActiveSubscription: boolean;
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

/** The server's live streams (one hub per API process). */
export interface LiveStreams {
  /** Streams open on this process now. */
  readonly size?: number;
  /**
   * Opens a stream for the viewer; with `lastEventId` it first replays what came after it (or
   * sends `resync` when that is older than the kept window). `sessionId` ties it to the session it
   * was opened with: it ends when that session is signed out. Throws LiveCapacityError at the cap.
   */
  open(viewer: LiveViewer, lastEventId?: number, sessionId?: string): LiveStream;
}
