import { emitEvent, findEvent, listEventsAfter, oldestEventId, pruneEvents } from '@t0/server';
import { createTestDb, testDbKinds, type TestDb } from '@t0/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const kinds = await testDbKinds();

describe.each(kinds)('the event log on %s', (kind) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(async () => db?.drop());

  it('announces each event id at commit and keeps it for replay in order', async () => {
    const heard: string[] = [];
    const stop = await db.listen('t0_changes', (p) => heard.push(p));
    try {
      const ids = await db.db
        .transaction()
        .execute(async (trx) => [
          await emitEvent(trx, { type: 'signal.deleted', audience: 'all', payload: { id: 7 } }),
          await emitEvent(trx, { type: 'unread.changed', audience: 'user:3', payload: { count: 2 } }),
        ]);
      expect(ids[1]).toBeGreaterThan(ids[0]!);
      await vi.waitFor(() => expect(heard).toEqual(expect.arrayContaining(ids.map((id) => `e:${id}`))), {
        timeout: 2000,
      });
      expect(await findEvent(db.db, ids[1]!)).toMatchObject({
        type: 'unread.changed',
        audience: 'user:3',
        payload: { count: 2 },
      });
      const replay = await listEventsAfter(db.db, ids[0]! - 1, 10);
      expect(replay.map((e) => e.id)).toEqual(ids);
      expect(await oldestEventId(db.db)).toBe(ids[0]);
    } finally {
      await stop();
    }
  });

  it('announces nothing for a rolled-back change', async () => {
    const heard: string[] = [];
    const stop = await db.listen('t0_changes', (p) => heard.push(p));
    try {
      await db.db
        .transaction()
        .execute(async (trx) => {
          await emitEvent(trx, { type: 'signal.deleted', audience: 'all', payload: { id: 8 } });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      const marker = await emitEvent(db.db, { type: 'resync', audience: 'all', payload: {} });
      await vi.waitFor(() => expect(heard).toContain(`e:${marker}`), { timeout: 2000 });
      expect(heard).toEqual([`e:${marker}`]);
    } finally {
      await stop();
    }
  });

  it('prunes events past the kept window', async () => {
    const old = await emitEvent(db.db, { type: 'resync', audience: 'all', payload: {} });
    await sql`update events set created_at = now() - interval '2 days' where id = ${old}`.execute(db.db);
    expect(await pruneEvents(db.db, 24 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await findEvent(db.db, old)).toBeUndefined();
  });
});
