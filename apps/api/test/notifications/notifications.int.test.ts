import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, signUpSubscriber, startTestApp, testDbKinds, type TestApp, until } from '../harness';

const kinds = await testDbKinds();

type Client = Awaited<ReturnType<typeof signUp>>['client'];

const titles = async (c: Client) =>
  ((await c.get('/api/user/notifications')).body as Array<{ notification: { title: string } }>).map(
    (i) => i.notification.title,
  );

describe.each(kinds)('notifications over REST on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let user: Client;
  let subscriber: Client;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    user = (await signUp(t)).client;
    subscriber = (await signUpSubscriber(t)).client;
  });
  afterAll(async () => t?.close());

  const broadcast = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/notifications', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('broadcasts a global notification with the defaults to every user, including later ones', async () => {
    const n = await broadcast({ title: 'Markets open', message: 'London session is live' });
    expect(n).toMatchObject({
      title: 'Markets open',
      message: 'London session is live',
      type: 'info',
      priority: 'normal',
      isGlobal: true,
      scheduledFor: null,
      deliveredAt: expect.any(String),
      createdBy: expect.any(Number),
    });
    expect(await titles(user)).toContain('Markets open');
    expect(await titles(subscriber)).toContain('Markets open');
    expect(await titles(admin)).toContain('Markets open');

    const later = await signUp(t);
    const items = (await later.client.get('/api/user/notifications')).body;
    expect(items).toEqual([
      {
        id: expect.any(Number),
        isRead: false,
        readAt: null,
        notification: {
          id: n.id,
          type: 'info',
          priority: 'normal',
          title: 'Markets open',
          message: 'London session is live',
          createdAt: expect.any(String),
        },
      },
    ]);
    expect((await later.client.get('/api/user/notifications/unread-count')).body).toEqual({ count: 1 });
  });

  it('delivers a non-global notification to subscribers and administrators only', async () => {
    const flagged = await signUp(t);
    await t.db.db.updateTable('users').set({ isAdmin: true }).where('id', '=', flagged.id).execute();
    await broadcast({
      title: 'Members only',
      message: 'Subscriber desk note',
      type: 'signal',
      priority: 'high',
      isGlobal: false,
    });
    expect(await titles(subscriber)).toContain('Members only');
    expect(await titles(admin)).toContain('Members only');
    expect(await titles(flagged.client)).toContain('Members only');
    expect(await titles(user)).not.toContain('Members only');
    // A later non-subscriber does not get it either.
    expect(await titles((await signUp(t)).client)).not.toContain('Members only');
  });

  it('delivers a scheduled notification at its time, not before', async () => {
    const at = new Date(Date.now() + 2500).toISOString();
    const n = await broadcast({
      title: 'Scheduled brief',
      message: 'Coming up',
      scheduledFor: at,
      type: 'announcement',
      priority: 'critical',
    });
    expect(n).toMatchObject({ scheduledFor: at, deliveredAt: null });
    expect(await titles(user)).not.toContain('Scheduled brief');
    const stats = (await admin.get('/api/notifications/stats')).body;
    expect(stats.scheduled).toBeGreaterThanOrEqual(1);
    const seen = await until(
      () => titles(user),
      (list) => list.includes('Scheduled brief'),
    );
    expect(seen).toContain('Scheduled brief');
    const row = await t.db.db
      .selectFrom('notifications')
      .select(['deliveredAt', 'scheduledFor'])
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    expect(row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(row.scheduledFor!.getTime() - 1000);
  });

  it('delivers at once when scheduledFor is empty or in the past', async () => {
    await broadcast({ title: 'Empty schedule', message: 'now', scheduledFor: '' });
    await broadcast({
      title: 'Past schedule',
      message: 'now',
      scheduledFor: new Date(Date.now() - 60_000).toISOString(),
    });
    const list = await titles(user);
    expect(list).toContain('Empty schedule');
    expect(list).toContain('Past schedule');
  });

  it('answers each validation message of the spec', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ message: 'm' }, 'Title is required'],
      [{ title: '   ', message: 'm' }, 'Title is required'],
      [{ title: 'x'.repeat(101), message: 'm' }, 'Title must be less than 100 characters'],
      [{ title: 't' }, 'Message is required'],
      [{ title: 't', message: 'x'.repeat(501) }, 'Message must be less than 500 characters'],
      [
        { title: 't', message: 'm', type: 'spam' },
        'Type must be one of info, success, warning, error, signal, alert, announcement',
      ],
      [{ title: 't', message: 'm', priority: 'urgent' }, 'Priority must be one of low, normal, medium, high, critical'],
      [{ title: 't', message: 'm', scheduledFor: 'next tuesday' }, 'Scheduled time must be a valid date and time'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/notifications', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.post('/api/notifications', { title: 'x'.repeat(100), message: 'y'.repeat(500) })).status).toBe(
      200,
    );
  });

  it('lists, updates and deletes; a notification widened to global reaches everyone', async () => {
    const n = await broadcast({ title: 'Desk only', message: 'first', isGlobal: false, type: 'warning' });
    const list = (await admin.get('/api/notifications')).body as Array<{ id: number }>;
    expect(list[0]!.id).toBe(n.id);

    const upd = await admin.put(`/api/notifications/${n.id}`, {
      title: 'Everyone now',
      message: 'second',
      type: 'alert',
      priority: 'medium',
      isGlobal: true,
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      id: n.id,
      title: 'Everyone now',
      message: 'second',
      type: 'alert',
      priority: 'medium',
      isGlobal: true,
    });
    expect(await titles(user)).toContain('Everyone now');
    expect((await admin.put(`/api/notifications/${n.id}`, { title: '' })).body.message).toBe('Title is required');
    // The text "false" is refused, never read as true (no implicit coercion of JSON bodies).
    const stringly = await admin.put(`/api/notifications/${n.id}`, { isGlobal: 'false' });
    expect(stringly.status).toBe(400);
    expect(stringly.body.message).toBe('isGlobal must be true or false');

    const del = await admin.delete(`/api/notifications/${n.id}`);
    expect(del.status).toBe(200);
    expect(await titles(user)).not.toContain('Everyone now');
    expect((await admin.delete(`/api/notifications/${n.id}`)).status).toBe(404);
    expect((await admin.put('/api/notifications/999999', { title: 'x' })).status).toBe(404);
  });

  it('counts by type and priority, unread totals and active subscribers', async () => {
    const stats = (await admin.get('/api/notifications/stats')).body;
    const rows = await t.db.db.selectFrom('notifications').select(['type', 'priority']).execute();
    expect(stats.total).toBe(rows.length);
    expect(stats.byType.alert).toBe(rows.filter((r) => r.type === 'alert').length);
    expect(stats.byType.signal).toBe(rows.filter((r) => r.type === 'signal').length);
    expect(stats.byPriority.normal).toBe(rows.filter((r) => r.priority === 'normal').length);
    expect(Object.keys(stats.byType).sort()).toEqual([
      'alert',
      'announcement',
      'error',
      'info',
      'signal',
      'success',
      'warning',
    ]);
    // Per-user rows, plus each broadcast (stored once) for every user, read where a read row says so.
    const deliveries = await t.db.db.selectFrom('userNotifications').select('isRead').execute();
    const broadcasts = await t.db.db.selectFrom('notifications').select('id').where('itemId', 'is not', null).execute();
    const users = await t.db.db.selectFrom('users').select('id').execute();
    const reads = await t.db.db.selectFrom('notificationReads').select('userId').execute();
    expect(broadcasts.length).toBeGreaterThan(0);
    expect(stats.deliveries).toBe(deliveries.length + broadcasts.length * users.length);
    expect(stats.unread).toBe(
      deliveries.filter((d) => !d.isRead).length + broadcasts.length * users.length - reads.length,
    );
    expect(stats.read + stats.unread).toBe(stats.deliveries);
    const subs = await t.db.db.selectFrom('users').select('id').where('hasActiveSubscription', '=', true).execute();
    expect(stats.activeSubscribers).toBe(subs.length);
    expect(stats.activeSubscribers).toBeGreaterThanOrEqual(1);
  });

  it('marks read, unread and all read (both paths) for the caller only', async () => {
    const me = await signUp(t);
    await broadcast({ title: 'One', message: 'm' });
    await broadcast({ title: 'Two', message: 'm' });
    await broadcast({ title: 'Three', message: 'm' });
    const items = (await me.client.get('/api/user/notifications')).body as Array<{
      id: number;
      isRead: boolean;
      notification: { title: string };
    }>;
    expect(items.slice(0, 3).map((i) => i.notification.title)).toEqual(['Three', 'Two', 'One']);
    const count = async () => (await me.client.get('/api/user/notifications/unread-count')).body.count as number;
    const total = await count();
    expect(total).toBe(items.length);

    const read = await me.client.put(`/api/user/notifications/${items[0]!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: items[0]!.id,
      isRead: true,
      readAt: expect.any(String),
      notification: { title: 'Three' },
    });
    expect(await count()).toBe(total - 1);

    const unread = await me.client.post(`/api/user/notifications/${items[0]!.id}/unread`);
    expect(unread.status).toBe(200);
    expect(unread.body).toMatchObject({ isRead: false, readAt: null });
    expect(await count()).toBe(total);

    // Another user's item is not mine: 404, and it stays unread.
    const onlySubscribers = await broadcast({ title: 'Subscribers only', message: 'm', isGlobal: false });
    const others = (await subscriber.get('/api/user/notifications')).body as Array<{
      id: number;
      isRead: boolean;
      notification: { id: number };
    }>;
    const theirs = others.find((o) => o.notification.id === onlySubscribers.id)!;
    expect(theirs.isRead).toBe(false);
    expect((await me.client.put(`/api/user/notifications/${theirs.id}/read`)).status).toBe(404);
    expect((await me.client.post(`/api/user/notifications/${theirs.id}/unread`)).status).toBe(404);
    expect((await me.client.put('/api/user/notifications/999999/read')).status).toBe(404);
    expect(
      ((await subscriber.get('/api/user/notifications')).body as typeof others).find((o) => o.id === theirs.id)!.isRead,
    ).toBe(false);
    // A broadcast is one item for everyone (one id): reading it is mine alone.
    const userUnread = (await user.get('/api/user/notifications/unread-count')).body.count as number;
    expect((await me.client.put(`/api/user/notifications/${items[2]!.id}/read`)).status).toBe(200);
    expect((await user.get('/api/user/notifications/unread-count')).body.count).toBe(userUnread);
    expect(
      ((await user.get('/api/user/notifications')).body as typeof others).find((o) => o.id === items[2]!.id)!.isRead,
    ).toBe(false);
    expect(await count()).toBe(total - 1);
    await me.client.post(`/api/user/notifications/${items[2]!.id}/unread`);

    const all = await me.client.put('/api/user/notifications/read-all');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ success: true, count: total });
    expect(await count()).toBe(0);
    await me.client.post(`/api/user/notifications/${items[1]!.id}/unread`);
    const all2 = await me.client.post('/api/user/notifications/mark-all-read');
    expect(all2.body).toEqual({ success: true, count: 1 });
    expect(await count()).toBe(0);
    expect((await user.get('/api/user/notifications/unread-count')).body.count).toBeGreaterThan(0);
  });

  it('answers 401 to anonymous callers and 403 to non-admins', async () => {
    const anon = t.client();
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/stats'],
      ['POST', '/api/notifications'],
      ['PUT', '/api/notifications/1'],
      ['DELETE', '/api/notifications/1'],
      ['GET', '/api/user/notifications'],
      ['GET', '/api/user/notifications/unread-count'],
      ['PUT', '/api/user/notifications/1/read'],
      ['POST', '/api/user/notifications/1/unread'],
      ['PUT', '/api/user/notifications/read-all'],
      ['POST', '/api/user/notifications/mark-all-read'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 't', message: 'm' };
      expect((await anon.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    for (const c of [user, subscriber]) {
      expect((await c.get('/api/notifications')).status).toBe(403);
      expect((await c.get('/api/notifications/stats')).status).toBe(403);
      const res = await c.post('/api/notifications', { title: 't', message: 'm' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Administrator privileges required');
      expect((await c.put('/api/notifications/1', { title: 't' })).status).toBe(403);
      expect((await c.delete('/api/notifications/1')).status).toBe(403);
    }
  });
});
