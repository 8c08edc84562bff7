import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, signUpSubscriber, startTestApp, testDbKinds, until, type TestApp } from '../harness';

/** Polls until `check` holds (the change notice travels through the database): the harness's `vi.waitFor`. */
const eventually = (check: () => Promise<boolean>, ms = 3_000) => until(check, (ok) => ok, ms, 20);

const kinds = await testDbKinds();

describe.each(kinds)('what is kept in memory, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers repeated requests from the cache', async () => {
    const u = await signUp(t);
    const cache = t.app.server.sessionCache;
    // Signing in changed the user row; its notice empties the entry when it arrives (later on a
    // busy machine). Wait until the session has been answered from memory five times in a row.
    let inARow = 0;
    const quietBy = Date.now() + 5_000;
    while (inARow < 5 && Date.now() < quietBy) {
      const before = cache.counts.hits;
      expect((await u.client.get('/api/auth/user')).status).toBe(200);
      inARow = cache.counts.hits > before ? inARow + 1 : 0;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(inARow).toBe(5);
    expect(cache.isLive).toBe(true);
    // Twenty requests in a row answered from memory, with the entry still held after them. A notice
    // of the sign-in's own writes (the user row, the login record) that is still travelling on a busy
    // machine may empty the entry once: then the next round must be clean.
    const cleanRound = async () => {
      const { hits, misses } = { ...cache.counts };
      for (let i = 0; i < 20; i++)
        expect((await u.client.get('/api/user/notifications/unread-count')).status).toBe(200);
      return cache.counts.hits - hits === 20 && cache.counts.misses - misses === 0 && cache.size > 0;
    };
    let clean = await cleanRound();
    for (let i = 0; i < 2 && !clean; i++) clean = await cleanRound();
    expect(clean).toBe(true);
  });

  it('sees a change to the user made outside the process (subscription, admin flag)', async () => {
    const u = await signUp(t);
    expect((await u.client.get('/api/auth/user')).body.hasActiveSubscription).toBe(false);
    // Written straight to the database, as a script or another API process would.
    await sql`update users set has_active_subscription = true, subscription_status = 'active' where id = ${u.id}`.execute(
      t.db.db,
    );
    expect(
      await eventually(async () => (await u.client.get('/api/auth/user')).body.hasActiveSubscription === true),
    ).toBe(true);
    // The admin flag, granted and taken back outside the process, opens and closes the console API.
    expect((await u.client.get('/api/admin/users')).status).toBe(403);
    await sql`update users set is_admin = true where id = ${u.id}`.execute(t.db.db);
    expect(await eventually(async () => (await u.client.get('/api/admin/users')).status === 200)).toBe(true);
    await sql`update users set is_admin = false where id = ${u.id}`.execute(t.db.db);
    expect(await eventually(async () => (await u.client.get('/api/admin/users')).status === 403)).toBe(true);
    await sql`update users set has_active_subscription = false where id = ${u.id}`.execute(t.db.db);
    expect(
      await eventually(async () => (await u.client.get('/api/auth/user')).body.hasActiveSubscription === false),
    ).toBe(true);
  });

  it('refuses a session deleted outside the process, and a deleted user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await a.client.get('/api/auth/user')).status).toBe(200);
    expect((await b.client.get('/api/auth/user')).status).toBe(200);
    await sql`delete from sessions where (sess::jsonb ->> 'userId')::int = ${a.id}`.execute(t.db.db);
    expect(await eventually(async () => (await a.client.get('/api/auth/user')).status === 401)).toBe(true);
    await sql`delete from users where id = ${b.id}`.execute(t.db.db);
    expect(await eventually(async () => (await b.client.get('/api/auth/user')).status === 401)).toBe(true);
  });

  it('signs out at once after logout and after a password change elsewhere', async () => {
    const u = await signUp(t);
    const other = t.client();
    expect((await other.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(200);
    const change = await u.client.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'An0ther!Pass',
    });
    expect(change.status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    expect((await u.client.get('/api/logout')).status).toBeLessThan(400);
    expect((await u.client.get('/api/auth/user')).status).toBe(401);
  });

  it.runIf(kind === 'pg')('stops answering from the cache while change notices are lost, and recovers', async () => {
    const u = await signUp(t);
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    const cache = t.app.server.sessionCache;
    expect(cache.isLive).toBe(true);
    expect(t.app.server.hotReads.isLive).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(
      t.db.db,
    );
    expect(await eventually(async () => !cache.isLive, 2_000)).toBe(true);
    expect(cache.size).toBe(0);
    expect(t.app.server.hotReads.isLive).toBe(false);
    // Still served, from the database.
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    expect(cache.size).toBe(0);
    await sql`update users set first_name = 'Changed' where id = ${u.id}`.execute(t.db.db);
    expect((await u.client.get('/api/auth/user')).body.firstName).toBe('Changed');
    // Listening again within a few seconds; the cache answers again.
    expect(await eventually(async () => cache.isLive, 5_000)).toBe(true);
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('keeps the signal list until a signal changes, here or elsewhere', async () => {
    const sub = await signUpSubscriber(t);
    const admin = await signUpAdmin(t);
    const reads = t.app.server.hotReads;
    const ids = async () => ((await sub.client.get('/api/signals')).body as Array<{ id: number }>).map((s) => s.id);
    await ids();
    const { hits } = { ...reads.counts };
    expect(await ids()).toEqual([]);
    expect(reads.counts.hits).toBeGreaterThan(hits);
    // Published through the API: the next poll has it (this process forgot the list at once).
    const made = await admin.client.post('/api/signals', {
      instrument: 'GBPUSD',
      direction: 'long',
      entryPrice: 1.25,
      slPrice: 1.2,
      t0Price: 1.3,
      t1Price: 1.35,
      monthlyBias: 'Bullish',
    });
    expect(made.status).toBe(200);
    expect(await ids()).toContain(made.body.id);
    // Written straight to the database: seen once the notice arrives.
    const row = await sql<{
      id: number;
    }>`insert into signals (room, instrument, direction, entry_price, sl_price, t0_price, t1_price, monthly_bias)
      values ('main', 'US30', 'short', 40000, 40100, 39900, 39800, 'Bearish') returning id`.execute(t.db.db);
    const outside = row.rows[0]!.id;
    expect(await eventually(async () => (await ids()).includes(outside))).toBe(true);
    await sql`delete from signals where id = ${outside}`.execute(t.db.db);
    expect(await eventually(async () => !(await ids()).includes(outside))).toBe(true);
  });

  it("keeps each unread count until that user's notifications change", async () => {
    const u = await signUp(t);
    const admin = await signUpAdmin(t);
    const count = async () => (await u.client.get('/api/user/notifications/unread-count')).body.count as number;
    const before = await count();
    expect(await count()).toBe(before);
    // A broadcast through the API reaches the count at once.
    expect(
      (await admin.client.post('/api/notifications', { title: 'Kept counts', message: 'Fresh after a broadcast' }))
        .status,
    ).toBe(200);
    expect(await count()).toBe(before + 1);
    // Marked read straight in the database: seen once the notice arrives.
    // (Broadcasts are stored once: reading one writes a notification_reads row.)
    await sql`update user_notifications set is_read = true where user_id = ${u.id}`.execute(t.db.db);
    await sql`insert into notification_reads (user_id, notification_id) select ${u.id}, id from notifications where item_id is not null`.execute(
      t.db.db,
    );
    expect(await eventually(async () => (await count()) === 0)).toBe(true);
    await sql`update user_notifications set is_read = false where user_id = ${u.id}`.execute(t.db.db);
    await sql`delete from notification_reads where user_id = ${u.id}`.execute(t.db.db);
    expect(await eventually(async () => (await count()) === before + 1)).toBe(true);
    // A broadcast delivered straight in the database reaches every kept count too.
    await sql`insert into notifications (title, message, is_global, delivered_at, item_id)
      values ('Outside', 'Written by a script', true, now(), nextval(pg_get_serial_sequence('user_notifications', 'id')))`.execute(
      t.db.db,
    );
    expect(await eventually(async () => (await count()) === before + 2)).toBe(true);
    await sql`delete from notifications where title = 'Outside'`.execute(t.db.db);
    expect(await eventually(async () => (await count()) === before + 1)).toBe(true);
    // Mark all read through the API: at once.
    expect((await u.client.post('/api/user/notifications/mark-all-read', {})).status).toBe(200);
    expect(await count()).toBe(0);
  });
});
