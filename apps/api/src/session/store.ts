import type { Database, UserRow } from '@t0/db';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';

/**
 * Sessions in the `sessions` table (sid, sess, expire), on PostgreSQL or PGlite.
 *
 * Reading a session also reads its user in the same query (one round trip for the hot poll paths);
 * the row is handed to the request context through `takeUser`, never stored in the session.
 */
export class KyselySessionStore implements SessionStore {
  private readonly loadedUsers = new Map<string, { row: UserRow; at: number }>();

  private readonly plainDb: Kysely<Database>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaultTtlMs: number,
  ) {
    this.plainDb = db.withoutPlugins();
  }

  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.load(sid).then(
      (s) => callback(null, s),
      (err) => callback(err),
    );
  }

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    this.save(sid, session).then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.loadedUsers.delete(sid);
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** The user row read with this session during the current request, if any. */
  takeUser(sid: string): UserRow | undefined {
    const entry = this.loadedUsers.get(sid);
    this.loadedUsers.delete(sid);
    return entry && Date.now() - entry.at < 10_000 ? entry.row : undefined;
  }

  /** Deletes expired sessions; run now and then. */
  async prune(): Promise<number> {
    const res = await this.db.deleteFrom('sessions').where('expire', '<', sql<Date>`now()`).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  private async load(sid: string): Promise<Session | null> {
    // Runs on every signed-in request: compiled once; the user comes in the same round trip.
    const { rows } = await this.plainDb.executeQuery<{ sess: unknown } & Partial<Record<string, unknown>>>(
      CompiledQuery.raw(LOAD_SQL, [sid]),
    );
    const row = rows[0];
    if (!row) return null;
    const sess = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Session;
    const userRow = row.user_row as Record<string, unknown> | null | undefined;
    if (userRow) {
      if (this.loadedUsers.size > 10_000) this.loadedUsers.clear();
      this.loadedUsers.set(sid, { row: toCamelRow(userRow), at: Date.now() });
    }
    return sess;
  }

  private async save(sid: string, session: Session): Promise<void> {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.defaultTtlMs);
    const sess = JSON.stringify(session);
    await this.db
      .insertInto('sessions')
      .values({ sid, sess, expire: expires })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires }))
      .execute();
  }
}

const LOAD_SQL = `
  select s.sess, (select to_jsonb(u) from users u where u.id = (s.sess ->> 'userId')::int) as user_row
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
