import { unreadCounts } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, signUpSubscriber, startTestApp, testDbKinds, type TestApp } from '../harness';

// A global notification is stored once (its notifications row with an item id); per-user state
// is a notification_reads row written when a user reads it. Targeted notifications keep one
// user_notifications row per recipient.

const kinds = await testDbKinds();

type Client = Awaited<ReturnType<typeof signUp>>['client'];
interface Item {
  id: number;
  isRead: boolean;
  readAt: string | null;
  notification: { id: number; title: string; createdAt: string };
}

describe.each(kinds)('broadcasts stored once on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => t?.close());

  const broadcast = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/notifications', { message: 'm', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number };
  };
  const items = async (c: Client) => (await c.get('/api/user/notifications')).body as Item[];
  const count = async (c: Client) => (await c.get('/api/user/notifications/unread-count')).body.count as number;
  const rowsOf = async (notificationId: number) => ({
    perUser: (
      await t.db.db.selectFrom('userNotifications').select('id').where('notificationId', '=', notificationId).execute()
    ).length,
    reads: (
      await t.db.db
        .selectFrom('notificationReads')
        .select('userId')
        .where('notificationId', '=', notificationId)
        .execute()
    ).length,
  });

  it('writes one row for a broadcast, whatever the number of users, and counts it for each of them', async () => {
    const users = await Promise.all([signUp(t), signUp(t), signUpSubscriber(t)]);
    const before = await Promise.all(users.map((u) => count(u.client)));
    const n = await broadcast({ title: 'Once for all' });
    const row = await t.db.db
      .selectFrom('notifications')
      .select(['itemId', 'deliveredAt'])
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    expect(row.itemId).toEqual(expect.any(Number));
    expect(row.deliveredAt).not.toBeNull();
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 0 });
    for (const [i, u] of users.entries()) {
      expect(await count(u.client)).toBe(before[i]! + 1);
      const mine = (await items(u.client)).find((it) => it.notification.id === n.id);
      expect(mine).toEqual({
        id: row.itemId,
        isRead: false,
        readAt: null,
        notification: {
          id: n.id,
          type: 'info',
          priority: 'normal',
          title: 'Once for all',
          message: 'm',
          createdAt: row.deliveredAt!.toISOString(),
        },
      });
    }
    // The counts of many users in one read agree with each user's own.
    const many = await unreadCounts(
      t.db.db,
      users.map((u) => u.id),
    );
    for (const [i, u] of users.entries()) expect(many.get(u.id)).toBe(before[i]! + 1);
  });

  it('keeps read and unread per user: a row while read, none once unread again', async () => {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    const n = await broadcast({ title: 'Read by one' });
    const item = (await items(a.client)).find((it) => it.notification.id === n.id)!;
    const [ca, cb] = [await count(a.client), await count(b.client)];

    const read = await a.client.put(`/api/user/notifications/${item.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: item.id, isRead: true, readAt: expect.any(String) });
    // Reading twice keeps the first time it was read.
    expect((await a.client.put(`/api/user/notifications/${item.id}/read`)).body.readAt).toBe(read.body.readAt);
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 1 });
    expect(await count(a.client)).toBe(ca - 1);
    // Read in one query, the two counts now differ (one row per distinct count) and still agree.
    const both = await unreadCounts(t.db.db, [a.id, b.id, a.id]);
    expect([...both.entries()].sort()).toEqual(
      [
        [a.id, ca - 1],
        [b.id, cb],
      ].sort(),
    );
    expect(await count(b.client)).toBe(cb);
    expect((await items(b.client)).find((it) => it.notification.id === n.id)!.isRead).toBe(false);

    const unread = await a.client.post(`/api/user/notifications/${item.id}/unread`);
    expect(unread.status).toBe(200);
    expect(unread.body).toMatchObject({ id: item.id, isRead: false, readAt: null });
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 0 });
    expect(await count(a.client)).toBe(ca);
  });

  it('shows earlier broadcasts to a user who registers later, unread', async () => {
    const n = await broadcast({ title: 'Before you came' });
    const later = await signUp(t);
    const mine = await items(later.client);
    expect(mine.find((it) => it.notification.id === n.id)).toMatchObject({ isRead: false, readAt: null });
    const broadcasts = await t.db.db.selectFrom('notifications').select('id').where('itemId', 'is not', null).execute();
    expect(mine.length).toBe(broadcasts.length);
    expect(await count(later.client)).toBe(broadcasts.length);
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 0 });
  });

  it('marks all read across both kinds and counts what changed', async () => {
    const sub = await signUpSubscriber(t);
    await broadcast({ title: 'All read: broadcast' });
    const targeted = await broadcast({ title: 'All read: subscribers', isGlobal: false });
    expect(await rowsOf(targeted.id)).toMatchObject({ perUser: expect.any(Number) });
    const unread = await count(sub.client);
    expect(unread).toBeGreaterThanOrEqual(2);
    const all = await sub.client.put('/api/user/notifications/read-all');
    expect(all.body).toEqual({ success: true, count: unread });
    expect(await count(sub.client)).toBe(0);
    expect((await items(sub.client)).every((it) => it.isRead && it.readAt)).toBe(true);
    expect((await sub.client.post('/api/user/notifications/mark-all-read')).body).toEqual({ success: true, count: 0 });
    // A new broadcast after that is the only unread one.
    await broadcast({ title: 'After all read' });
    expect(await count(sub.client)).toBe(1);
  });

  it('turns a delivered targeted notification made global into one row, keeping who had read it', async () => {
    const [sub, other, plain] = await Promise.all([signUpSubscriber(t), signUpSubscriber(t), signUp(t)]);
    const n = await broadcast({ title: 'Widened', isGlobal: false });
    const subItem = (await items(sub.client)).find((it) => it.notification.id === n.id)!;
    expect((await sub.client.put(`/api/user/notifications/${subItem.id}/read`)).status).toBe(200);
    expect((await items(plain.client)).some((it) => it.notification.id === n.id)).toBe(false);
    const counts = { sub: await count(sub.client), other: await count(other.client), plain: await count(plain.client) };

    expect((await admin.put(`/api/notifications/${n.id}`, { isGlobal: true })).status).toBe(200);
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 1 });
    expect(await count(sub.client)).toBe(counts.sub);
    expect(await count(other.client)).toBe(counts.other);
    expect(await count(plain.client)).toBe(counts.plain + 1);
    expect((await items(sub.client)).filter((it) => it.notification.id === n.id)).toMatchObject([{ isRead: true }]);

    // Narrowed again: it has reached everyone already, so nobody loses it or gets it twice.
    expect((await admin.put(`/api/notifications/${n.id}`, { isGlobal: false })).status).toBe(200);
    expect(await rowsOf(n.id)).toEqual({ perUser: 0, reads: 1 });
    expect((await items(other.client)).filter((it) => it.notification.id === n.id)).toHaveLength(1);
    expect(await count(plain.client)).toBe(counts.plain + 1);
  });

  it('removes a deleted broadcast from every count', async () => {
    const u = await signUp(t);
    const n = await broadcast({ title: 'Soon gone' });
    const item = (await items(u.client)).find((it) => it.notification.id === n.id)!;
    await u.client.put(`/api/user/notifications/${item.id}/read`);
    const other = await signUp(t);
    const before = await count(other.client);
    expect((await admin.delete(`/api/notifications/${n.id}`)).status).toBe(200);
    expect(await count(other.client)).toBe(before - 1);
    expect(
      await t.db.db.selectFrom('notificationReads').select('userId').where('notificationId', '=', n.id).execute(),
    ).toEqual([]);
    expect((await u.client.put(`/api/user/notifications/${item.id}/read`)).status).toBe(404);
  });
});
