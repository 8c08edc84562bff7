import { SESSION_IDLE_TIMEOUT_MS } from '@t0/contracts';
import type { Database, UserRow } from '@t0/db';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionCache } from './cache';
import type { LoadedSession, SessionData } from './data';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  loadSessionWithUser,
  updateSession,
} from './sessions.queries';

type Callback = (err?: unknown) => void;

/**
 * The `@fastify/session` store over the `sessions` table (sid, sess, expire), on PostgreSQL or PGlite.
 *
 * Reading a session also reads its user in the same query. Both are kept in a `SessionCache`
 * that the database's change notices keep true, so a polling request usually reads neither. The
 * session object holds only `SessionData`; the user row travels beside it (`takeUser`).
 *
 * Only signed-in sessions are stored. A new session (just signed in, see `markNew`) is inserted;
 * any later save is an `UPDATE … WHERE sid = $1`, so a save racing a sign-out (the daily touch of
 * a poll that started before it) finds no row and does not bring the session back.
 */
export class KyselySessionStore {
  private readonly plainDb: Kysely<Database>;
  /** Sessions created in this process and not stored yet (the object `@fastify/session` saves). */
  private readonly fresh = new WeakSet<object>();
  /** User rows read with a session, until the request that read them takes them. */
  private readonly users = new Map<string, UserRow | undefined>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: SessionCache,
    private readonly idleTimeoutMs = SESSION_IDLE_TIMEOUT_MS,
  ) {
    this.plainDb = db.withoutPlugins();
  }

  // --- the @fastify/session store interface -------------------------------------------------

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.load(sid).then(
      (loaded) => {
        if (!loaded) return callback(null, null);
        if (this.users.size > 10_000) this.users.clear();
        this.users.set(sid, loaded.user);
        callback(null, { ...loaded.data } as Session);
      },
      (err: unknown) => callback(err),
    );
  }

  set(sid: string, session: Session, callback: Callback): void {
    const data = sessionData(session);
    // Nothing is stored for a visitor who is not signed in (regenerate saves an empty one first).
    if (data.userId === undefined) return callback();
    const isNew = this.fresh.has(session);
    this.save(sid, data, isNew, new Date(Date.now() + this.idleTimeoutMs)).then(() => {
      if (isNew) this.fresh.delete(session);
      callback();
    }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.remove(sid).then(() => callback(), callback);
  }

  // --- beyond the interface -------------------------------------------------------------------

  /** This session object was created by a sign-in: its first save inserts it. */
  markNew(session: object): void {
    this.fresh.add(session);
  }

  /** The user row read with this session in the current request (once). */
  takeUser(sid: string): UserRow | undefined {
    const user = this.users.get(sid);
    this.users.delete(sid);
    return user;
  }

  async load(sid: string): Promise<LoadedSession | null> {
    const cached = this.cache.get(sid);
    if (cached) return cached;
    const generation = this.cache.generation;
    const row = await loadSessionWithUser(this.plainDb, sid);
    if (!row) return null;
    const raw = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Record<string, unknown> | null;
    const data: SessionData = Object.freeze({
      userId: typeof raw?.userId === 'number' ? raw.userId : undefined,
      createdAt: typeof raw?.createdAt === 'number' ? raw.createdAt : undefined,
      seenAt: typeof raw?.seenAt === 'number' ? raw.seenAt : undefined,
      secondFactorAt: typeof raw?.secondFactorAt === 'number' ? raw.secondFactorAt : undefined,
    });
    const loaded = { data, user: row.user_row ? toCamelRow(row.user_row) : undefined };
    this.cache.put(sid, { ...loaded, expire: new Date(row.expire).getTime() }, generation);
    return loaded;
  }

  /** Inserts a new session, or updates an existing one (never re-creating a deleted one). */
  async save(sid: string, data: SessionData, isNew: boolean, expires: Date): Promise<void> {
    this.cache.forgetSession(sid);
    const sess = JSON.stringify(data);
    if (isNew) await insertSession(this.db, sid, sess, expires);
    else await updateSession(this.db, sid, sess, expires);
    this.cache.forgetSession(sid);
  }

  async remove(sid: string): Promise<void> {
    this.cache.forgetSession(sid);
    this.users.delete(sid);
    await deleteSession(this.db, sid);
    this.cache.forgetSession(sid);
  }

  /** Deletes expired sessions; run now and then. */
  prune(): Promise<number> {
    return deleteExpiredSessions(this.db);
  }
}

/** The fields of a session object that are stored (not its cookie or methods). */
function sessionData(session: Session): SessionData {
  const s = session as unknown as SessionData;
  return {
    userId: s.userId,
    createdAt: s.createdAt,
    seenAt: s.seenAt,
    ...(s.secondFactorAt !== undefined ? { secondFactorAt: s.secondFactorAt } : {}),
  };
}

const timestampColumns = new Set(['createdAt', 'updatedAt', 'lastLoginAt', 'welcomeEmailSentAt', 'freeAccessUntil']);
const camelKeys = new Map<string, string>();
const camelKey = (key: string) => {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelKeys.set(key, camel);
  }
  return camel;
};

/** to_jsonb gives snake_case keys and ISO timestamps; map to the Kysely row shape. */
function toCamelRow(raw: Record<string, unknown>): UserRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const camel = camelKey(key);
    out[camel] = timestampColumns.has(camel) && typeof value === 'string' ? new Date(value) : value;
  }
  return out as unknown as UserRow;
}
