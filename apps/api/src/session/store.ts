import type { Database, UserRow } from '@t0/db';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { SessionCache } from './cache';

/** What a session row holds (`sessions.sess`). */
export interface SessionData {
  userId?: number;
  /** When the user signed in (absolute timeout), ms since the epoch. */
  createdAt?: number;
  /** Last time the session was touched (idle timeout), refreshed at most once a day. */
  seenAt?: number;
}

/** A stored session with the user it belongs to, read in one round trip. */
export interface LoadedSession {
  data: Readonly<SessionData>;
  user: UserRow | undefined;
}

/**
 * Sessions in the `sessions` table (sid, sess, expire), on PostgreSQL or PGlite.
 *
 * Reading a session also reads its user in the same query. Both are kept in a `SessionCache`
 * that the database's change notices keep true, so a polling request usually reads neither.
 */
export class KyselySessionStore {
  private readonly plainDb: Kysely<Database>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: SessionCache,
  ) {
    this.plainDb = db.withoutPlugins();
  }

  async load(sid: string): Promise<LoadedSession | null> {
    const cached = this.cache.get(sid);
    if (cached) return cached;
    const generation = this.cache.generation;
    // Compiled once; the user comes in the same round trip.
    const { rows } = await this.plainDb.executeQuery<{ sess: unknown; expire: Date | string; user_row: Record<string, unknown> | null }>(
      CompiledQuery.raw(LOAD_SQL, [sid]),
    );
    const row = rows[0];
    if (!row) return null;
    const raw = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Record<string, unknown> | null;
    const data: SessionData = Object.freeze({
      userId: typeof raw?.userId === 'number' ? raw.userId : undefined,
      createdAt: typeof raw?.createdAt === 'number' ? raw.createdAt : undefined,
      seenAt: typeof raw?.seenAt === 'number' ? raw.seenAt : undefined,
    });
    const loaded = { data, user: row.user_row ? toCamelRow(row.user_row) : undefined };
    this.cache.put(sid, { ...loaded, expire: new Date(row.expire).getTime() }, generation);
    return loaded;
  }

  async save(sid: string, data: SessionData, expires: Date): Promise<void> {
    this.cache.forgetSession(sid);
    const sess = JSON.stringify(data);
    await this.db
      .insertInto('sessions')
      .values({ sid, sess, expire: expires })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires }))
      .execute();
    this.cache.forgetSession(sid);
  }

  async destroy(sid: string): Promise<void> {
    this.cache.forgetSession(sid);
    await this.db.deleteFrom('sessions').where('sid', '=', sid).execute();
    this.cache.forgetSession(sid);
  }

  /** Deletes expired sessions; run now and then. */
  async prune(): Promise<number> {
    const res = await this.db.deleteFrom('sessions').where('expire', '<', sql<Date>`now()`).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}

const LOAD_SQL = `
  select s.sess, s.expire, (select to_jsonb(u) from users u where u.id = (s.sess ->> 'userId')::int) as user_row
  from sessions s
  where s.sid = $1 and s.expire > now()`;

const timestampColumns = new Set(['createdAt', 'updatedAt', 'lastLoginAt', 'welcomeEmailSentAt']);
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
