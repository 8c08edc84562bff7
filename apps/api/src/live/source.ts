import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '@t0/contracts';
import {
  apiTokenStreamFacts,
  findUserById,
  hasEventsAfter,
  isApiTokenActive,
  listEventsAfter,
  newestEventId,
  oldestEventId,
  readingRoles,
  resolveViewer,
  toUser,
  unreadCounts,
  type LiveViewer,
  type ViewerCredential,
} from '@t0/server';
import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { listSessionsBySid } from '../session/sessions.queries';
import type { KyselySessionStore } from '../session/store';
import type { HubSource } from './hub';

/** Keys per read of `checkCredentials` (bound parameters stay far below PostgreSQL's limit). */
const CHECK_CHUNK = 1_000;

/** The hub's reads on the product's database. */
export function databaseSource(
  db: Kysely<Database>,
  sessions: KyselySessionStore,
  settings: { adminEmails: string[]; adminRequire2fa?: boolean },
): HubSource {
  return {
    listEventsAfter: (after, limit) => listEventsAfter(db, after, limit),
    hasEventsAfter: (after) => hasEventsAfter(db, after),
    oldestEventId: () => oldestEventId(db),
    newestEventId: () => newestEventId(db),
    unreadCounts: (userIds) => unreadCounts(db, userIds),
    async loadViewers(userId, keys) {
      const row = await findUserById(db, userId);
      if (!row) return null;
      const out = new Map<string, LiveViewer>();
      // The same decision as a request's (context.ts), per credential the user's streams present;
      // it differs only for an administrator, whose second factor each credential passed or not.
      const admin = toUser(row, settings.adminEmails).isAdmin;
      const tokenIds = admin ? keys.filter((k) => k.startsWith('pat:')).map((k) => Number(k.slice(4))) : [];
      const tokenFacts = await apiTokenStreamFacts(db, tokenIds);
      const viewers = new Map<string, LiveViewer>();
      for (const key of keys) {
        let credential: ViewerCredential = { kind: 'session', secondFactorPassed: false };
        if (admin && key.startsWith('pat:')) {
          // A token gone since: acts as nothing more than a token minted before the second factor.
          const minted = tokenFacts.get(Number(key.slice(4)))?.mintedBeforeSecondFactor ?? true;
          credential = { kind: 'token', mintedBeforeSecondFactor: minted };
        } else if (admin && key !== '') {
          credential = {
            kind: 'session',
            secondFactorPassed: (await sessions.load(key))?.data.secondFactorAt !== undefined,
          };
        }
        const same = JSON.stringify(credential);
        let viewer = viewers.get(same);
        if (!viewer) {
          viewer = readingRoles((await resolveViewer(db, row, credential, settings)).user, row);
          viewers.set(same, viewer);
        }
        out.set(key, viewer);
      }
      return out;
    },
    async sessionAlive(sid, userId) {
      // A stream opened with an API token lives as long as the token (stream-route.ts).
      if (sid.startsWith('pat:')) return isApiTokenActive(db, Number(sid.slice(4)), userId);
      const s = await sessions.load(sid);
      return s?.data.userId === userId;
    },
    async checkCredentials(keys) {
      const out = new Map<string, { userId: number; expiresAt: number | null }>();
      const sids = keys.filter((k) => !k.startsWith('pat:'));
      const tokens = new Map<number, string>();
      for (const k of keys) {
        if (!k.startsWith('pat:')) continue;
        const id = Number(k.slice(4));
        if (Number.isSafeInteger(id)) tokens.set(id, k);
      }
      for (let i = 0; i < sids.length; i += CHECK_CHUNK) {
        const rows = await listSessionsBySid(db, sids.slice(i, i + CHECK_CHUNK));
        for (const row of rows) {
          const raw = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Record<
            string,
            unknown
          > | null;
          const userId = raw?.userId;
          if (typeof userId !== 'number') continue;
          // As the session store and plugin define it: the row's expiry, 30 days from sign-in, 7 idle.
          const createdAt = typeof raw?.createdAt === 'number' ? raw.createdAt : 0;
          const seenAt = typeof raw?.seenAt === 'number' ? raw.seenAt : 0;
          const expiresAt = Math.min(
            new Date(row.expire).getTime(),
            createdAt + SESSION_ABSOLUTE_TIMEOUT_MS,
            seenAt + SESSION_IDLE_TIMEOUT_MS,
          );
          out.set(row.sid, { userId, expiresAt });
        }
      }
      const ids = [...tokens.keys()];
      for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
        const facts = await apiTokenStreamFacts(db, ids.slice(i, i + CHECK_CHUNK));
        for (const [id, t] of facts)
          out.set(tokens.get(id)!, { userId: t.userId, expiresAt: t.expiresAt ? t.expiresAt.getTime() : null });
      }
      return out;
    },
  };
}
