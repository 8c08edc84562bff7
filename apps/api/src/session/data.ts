import type { UserRow } from '@t0/db';

/** What a session row holds (`sessions.sess`). */
export interface SessionData {
  userId?: number;
  /** When the user signed in (absolute timeout), ms since the epoch. */
  createdAt?: number;
  /** Last time the session was touched (idle timeout), refreshed at most once a day. */
  seenAt?: number;
  /** When this session gave the administrator's second factor, ms since the epoch. */
  secondFactorAt?: number;
}

/** A stored session with the user it belongs to, read in one round trip. */
export interface LoadedSession {
  data: Readonly<SessionData>;
  /** The user row, kept beside the session (never inside the session object that is saved). */
  user: UserRow | undefined;
}
