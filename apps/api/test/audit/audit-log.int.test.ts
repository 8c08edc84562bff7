import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  ADMIN_EMAIL,
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  testDbKinds,
  type TestApp,
  type TestClient,
  VALID_SIGNAL,
} from '../harness';

const kinds = await testDbKinds();

const signal = VALID_SIGNAL;

describe.each(kinds)('audit log on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminEmail: string;
  let user: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const a = await signUpAdmin(t);
    admin = a.client;
    adminEmail = a.email;
    user = (await signUp(t)).client;
  });
  afterAll(async () => t?.close());

  const audit = async (query: string) => {
    const res = await admin.get(`/api/admin/audit?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { entries: Array<Record<string, any>>; total: number; page: number; pageSize: number };
  };

  it('records each admin mutation with actor, address, action, target and the fields before and after', async () => {
    const created = await admin.post('/api/signals', signal);
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect((await admin.put(`/api/signals/${id}`, { memo: 'Retest of the range top', status: 'paused' })).status).toBe(
      200,
    );

    const log = await audit(`target=signal:${id}`);
    expect(log.entries.map((e) => e.action)).toEqual(['signals.update', 'signals.create']);
    const [update, create] = log.entries;
    expect(create).toMatchObject({
      actorEmail: adminEmail,
      address: '127.0.0.1',
      targetType: 'signal',
      targetId: String(id),
      before: null,
    });
    expect(create!.after).toMatchObject({
      instrument: 'AUDUSD',
      direction: 'long',
      memo: 'Breakout above the weekly range',
    });
    expect(update).toMatchObject({
      actorEmail: adminEmail,
      targetId: String(id),
      before: { memo: 'Breakout above the weekly range', status: 'active' },
      after: { memo: 'Retest of the range top', status: 'paused' },
    });
    // Only the changed fields (and the update time) are kept.
    expect(Object.keys(update!.after).sort()).toEqual(expect.arrayContaining(['memo', 'status']));
    expect(update!.after).not.toHaveProperty('instrument');
    expect(Date.now() - Date.parse(update!.at)).toBeLessThan(60_000);

    // Notifications, posts: the same middleware.
    const n = await admin.post('/api/notifications', { title: 'Markets open', message: 'London session is live' });
    expect(n.status).toBe(200);
    expect((await admin.put(`/api/notifications/${n.body.id}`, { title: 'Markets are open' })).status).toBe(200);
    const post = await admin.post('/api/blog-posts', {
      title: 'Liquidity',
      content: 'Equal highs attract price.',
      excerpt: 'Equal highs',
      author: 'T0 Research Desk',
      published: false,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    expect((await admin.delete(`/api/blog-posts/${post.body.id}`)).status).toBe(200);

    const notifications = await audit('action=notifications.');
    expect(notifications.entries.map((e) => e.action)).toEqual(['notifications.update', 'notifications.create']);
    expect(notifications.entries[0]).toMatchObject({
      before: { title: 'Markets open' },
      after: { title: 'Markets are open' },
    });
    const deleted = (await audit('action=blog.delete')).entries[0]!;
    expect(deleted).toMatchObject({
      targetType: 'post',
      targetId: String(post.body.id),
      after: null,
      before: { title: 'Liquidity' },
    });

    // A failed mutation changes nothing and records nothing; one refused to a non-administrator is
    // recorded as refused.
    const before = (await audit('')).total;
    expect((await admin.put(`/api/signals/${id}`, { slPrice: 'abc' })).status).toBe(400);
    expect((await audit('')).total).toBe(before);
    expect((await user.post('/api/signals', signal)).status).toBe(403);
    const after = await audit('');
    expect(after.total).toBe(before + 1);
    expect(after.entries[0]).toMatchObject({
      action: 'signals.create',
      outcome: 'refused',
      reason: 'not an administrator',
    });
    // Reads are not recorded.
    await admin.get('/api/admin/users');
    expect((await audit('')).total).toBe(before + 1);
  });

  it('filters by actor, action, target and date, and pages newest first', async () => {
    for (let i = 0; i < 3; i++)
      expect((await admin.post('/api/notifications', { title: `Page ${i}`, message: 'x' })).status).toBe(200);
    const all = await audit('action=notifications.create');
    const page1 = await audit('action=notifications.create&pageSize=2&page=1');
    const page2 = await audit('action=notifications.create&pageSize=2&page=2');
    expect(page1.total).toBe(all.total);
    expect(page1.entries).toHaveLength(2);
    expect([...page1.entries, ...page2.entries].map((e) => e.id)).toEqual(
      all.entries.slice(0, 2 + page2.entries.length).map((e) => e.id),
    );
    expect(page1.entries[0]!.id).toBeGreaterThan(page1.entries[1]!.id);
    expect((await audit('actor=ADMIN@')).total).toBeGreaterThan(0);
    expect((await audit('actor=nobody@')).total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`from=${tomorrow}`)).total).toBe(0);
    expect((await audit(`to=${tomorrow}&action=notifications.create`)).total).toBe(all.total);
    const bad = await admin.get('/api/admin/audit?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('from must be a date (YYYY-MM-DD or ISO 8601)');
    // Administrators only, over REST and tRPC.
    expect((await user.get('/api/admin/audit')).status).toBe(403);
    expect((await user.get('/trpc/audit.list')).status).toBe(403);
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
    expect((await admin.get('/trpc/audit.list?input=%7B%7D')).status).toBe(200);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit table', async () => {
    const db = t.db.db;
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from audit_log`.execute(db)).rows[0]!.n);
    const n = await count();
    expect(n).toBeGreaterThan(0);
    await expect(sql`update audit_log set action = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
    expect(
      Number(
        (await sql<{ n: string }>`select count(*) as n from audit_log where action = 'forged'`.execute(db)).rows[0]!.n,
      ),
    ).toBe(0);
  });

  it('writes the entry in the same transaction as the change: when the entry cannot be written, the change rolls back', async () => {
    const db = t.db.db;
    // An entry that cannot be written: the database refuses audit entries of these two actions.
    await sql`create function t0_test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit entry refused for the test'; end $$`.execute(db);
    await sql`create trigger t0_test_refuse_audit before insert on audit_log for each row
      when (new.action in ('instruments.create', 'blog.create', 'adminUsers.setAdmin')) execute function t0_test_refuse_audit()`.execute(
      db,
    );
    try {
      const eventsBefore = await db
        .selectFrom('events')
        .select(sql<number>`max(id)`.as('max'))
        .executeTakeFirstOrThrow();
      // A single-row write.
      const instrument = await admin.post('/api/instruments', {
        symbol: 'ger40',
        tickSize: 0.1,
        unitSize: 1,
        unitName: 'points',
        decimals: 1,
        feedSymbol: 'GDAXI',
        entryTolerance: 20,
        referencePrice: 19000,
      });
      expect(instrument.status, JSON.stringify(instrument.body)).toBeGreaterThanOrEqual(500);
      expect(await db.selectFrom('instruments').select('id').where('symbol', '=', 'GER40').execute()).toEqual([]);
      // A content write and the `content.changed` event it causes.
      const post = await admin.post('/api/blog-posts', {
        title: 'Never stored',
        content: 'Rolled back with its entry.',
        excerpt: 'x',
        author: 'T0 Research Desk',
        published: true,
      });
      expect(post.status).toBeGreaterThanOrEqual(500);
      expect(await db.selectFrom('blogPosts').select('id').where('title', '=', 'Never stored').execute()).toEqual([]);
      // An account change and the `account.changed` event the open streams act on.
      const u = await signUp(t);
      const made = await admin.post(`/api/admin/users/${u.id}/admin`, { admin: true });
      expect(made.status).toBeGreaterThanOrEqual(500);
      expect(
        (await db.selectFrom('users').select('isAdmin').where('id', '=', u.id).executeTakeFirstOrThrow()).isAdmin,
      ).toBe(false);
      const events = await db
        .selectFrom('events')
        .select(['type', 'audience'])
        .where('id', '>', Number(eventsBefore.max ?? 0))
        .execute();
      expect(
        events.filter(
          (e) => e.type === 'content.changed' || (e.type === 'account.changed' && e.audience === `user:${u.id}`),
        ),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('auditLog')
          .select('id')
          .where('action', 'in', ['instruments.create', 'blog.create', 'adminUsers.setAdmin'])
          .where('after', 'is not', null)
          .where(sql<boolean>`after::text like '%GER40%' or after::text like '%Never stored%'`)
          .execute(),
      ).toEqual([]);
    } finally {
      await sql`drop trigger t0_test_refuse_audit on audit_log`.execute(db);
      await sql`drop function t0_test_refuse_audit()`.execute(db);
    }
    // A refused change (nothing there) leaves no entry: it is refused inside its transaction.
    expect((await admin.delete('/api/blog-posts/987654')).status).toBe(404);
    expect(
      (
        await admin.put('/api/blog-posts/987654', {
          title: 'Nothing here',
          content: 'No post.',
          excerpt: 'x',
          author: 'T0 Research Desk',
        })
      ).status,
    ).toBe(404);
    expect(await db.selectFrom('auditLog').select('id').where('targetId', '=', '987654').execute()).toEqual([]);
    // With entries allowed again, the same change commits with its entry and its event.
    const post = await admin.post('/api/blog-posts', {
      title: 'Stored with its entry',
      content: 'Committed together.',
      excerpt: 'x',
      author: 'T0 Research Desk',
      published: true,
    });
    expect(post.status).toBe(200);
    const entry = await db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'blog.create')
      .where('targetId', '=', String(post.body.id))
      .executeTakeFirst();
    expect(entry?.targetType).toBe('post');
    const changed = await db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'content.changed')
      .where('id', '>', 0)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    expect(changed).toBeDefined();
  });
});

describe.each(kinds)('refused administrator attempts in the audit log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const refusals = (email: string) =>
    t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('actorEmail', '=', email)
      .where('outcome', '=', 'refused')
      .orderBy('id')
      .execute();

  it('records a signed-in non-administrator refused an administrator procedure, over REST and tRPC', async () => {
    const u = await signUp(t);
    expect((await u.client.post('/api/signals', VALID_SIGNAL)).status).toBe(403);
    expect((await u.client.get('/api/admin/audit')).status).toBe(403);
    expect((await u.client.post('/trpc/notifications.create', { title: 'x', message: 'y' })).status).toBe(403);
    const rows = await refusals(u.email);
    expect(rows.map((r) => [r.action, r.outcome, r.reason, r.actorId, r.address])).toEqual([
      ['signals.create', 'refused', 'not an administrator', u.id, '127.0.0.1'],
      ['audit.list', 'refused', 'not an administrator', u.id, '127.0.0.1'],
      ['notifications.create', 'refused', 'not an administrator', u.id, '127.0.0.1'],
    ]);
    // Nothing was done: no entry of a done action by this user.
    expect(
      await t.db.db
        .selectFrom('auditLog')
        .select('id')
        .where('actorEmail', '=', u.email)
        .where('outcome', '=', 'done')
        .execute(),
    ).toEqual([]);
    // The console lists them with their outcome.
    const admin = await signUpAdmin(t);
    const listed = await admin.client.get(`/api/admin/audit?actor=${encodeURIComponent(u.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.entries[0]).toMatchObject({
      action: 'notifications.create',
      outcome: 'refused',
      reason: 'not an administrator',
    });
  });

  it('records an administrator session that gave only the password (second factor not passed)', async () => {
    const admin = await signUpAdmin(t);
    const start = await admin.client.post('/api/auth/2fa/enrol');
    expect(start.status).toBe(200);
    const code = await generate({ secret: start.body.secret });
    expect((await admin.client.post('/api/auth/2fa/confirm', { code })).status).toBe(200);
    const passwordOnly = t.client();
    expect((await passwordOnly.post('/api/auth/login', { email: ADMIN_EMAIL, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    expect((await passwordOnly.post('/api/signals', VALID_SIGNAL)).status).toBe(403);
    const rows = await refusals(ADMIN_EMAIL);
    expect(rows.map((r) => [r.action, r.reason])).toEqual([['signals.create', 'second factor not passed']]);
  });
});
