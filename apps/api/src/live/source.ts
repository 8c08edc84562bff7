import { findEvent, findUserById, isApiTokenActive, listEventsAfter, newestEventId, oldestEventId, toUser, unreadCounts } from '@t0/contracts/server';
import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { KyselySessionStore } from '../session/store';
import type { HubSource } from './hub';

/** The hub's reads on the product's database. */
export function databaseSource(db: Kysely<Database>, sessions: KyselySessionStore, adminEmails: string[]): HubSource {
  return {
    findEvent: (id) => findEvent(db, id),
    listEventsAfter: (after, limit) => listEventsAfter(db, after, limit),
    oldestEventId: () => oldestEventId(db),
    newestEventId: () => newestEventId(db),
    unreadCounts: (userIds) => unreadCounts(db, userIds),
    async loadViewer(userId) {
      const row = await findUserById(db, userId);
      if (!row) return null;
      const u = toUser(row, adminEmails);
      return { id: u.id, isAdmin: u.isAdmin, hasActiveSubscription: u.hasActiveSubscription };
    },
    async sessionAlive(sid, userId) {
      // A stream opened with an API token lives as long as the token (stream-route.ts).
      if (sid.startsWith('pat:')) return isApiTokenActive(db, Number(sid.slice(4)), userId);
      const s = await sessions.load(sid);
      return s?.data.userId === userId;
    },
  };
}
