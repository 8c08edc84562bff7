import { randomBytes } from 'node:crypto';
import type { UserRow } from '@t0/db';
import type { KyselySessionStore, SessionData } from './store';

/** A fresh session id: 192 random bits. */
const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * The caller's session during one request. Changes are tracked field by field (no hashing of the
 * whole session per request); the plugin saves a changed, signed-in session when answering.
 */
export class RequestSession {
  private data: SessionData;
  private id: string;
  /** Stored in the database already (came with the request's cookie). */
  private stored: boolean;
  /** Changed during this request: to be saved (and its cookie sent) with the answer. */
  changed = false;
  /** Destroyed during this request: its cookie is cleared with the answer. */
  destroyed = false;

  constructor(
    private readonly store: KyselySessionStore,
    id: string | undefined,
    data: Readonly<SessionData> | undefined,
    /** The user row read with the session (absent for a new session or after a change). */
    public user: UserRow | undefined,
  ) {
    this.id = id ?? '';
    this.stored = id !== undefined;
    this.data = { ...data };
  }

  /** The session id ('' until a new session is given one at sign-in). */
  get sessionId(): string {
    return this.id;
  }

  /** True when the request came with a stored session. */
  get fromCookie(): boolean {
    return this.stored;
  }

  get userId() {
    return this.data.userId;
  }
  set userId(v: number | undefined) {
    this.data.userId = v;
    this.user = undefined;
    this.changed = true;
  }
  get createdAt() {
    return this.data.createdAt;
  }
  set createdAt(v: number | undefined) {
    this.data.createdAt = v;
    this.changed = true;
  }
  get seenAt() {
    return this.data.seenAt;
  }
  set seenAt(v: number | undefined) {
    this.data.seenAt = v;
    this.changed = true;
  }

  /** Saves again with a new expiry (idle timeout) and sends the cookie again. */
  touch(): void {
    this.changed = true;
  }

  /** Ends the stored session (if any) and starts an empty one under a new id. */
  async regenerate(): Promise<void> {
    if (this.stored) await this.store.destroy(this.id);
    this.id = newSessionId();
    this.stored = false;
    this.data = {};
    this.user = undefined;
    this.destroyed = false;
    this.changed = true;
  }

  /** Ends the session: deleted from the store, its cookie cleared with the answer. */
  async destroy(): Promise<void> {
    if (this.stored) await this.store.destroy(this.id);
    this.destroyed = true;
    this.changed = false;
    this.data = {};
    this.user = undefined;
  }

  /** What is saved. */
  snapshot(): SessionData {
    return { ...this.data };
  }
}
