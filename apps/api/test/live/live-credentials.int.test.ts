import net from 'node:net';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS, type User } from '@t0/contracts';
import { appRouter, createCallerFactory, createInnerContext, sweepBilling } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../src/app';
import { appSettings } from '../../src/deps';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  STRONG_PASSWORD,
  testDbKinds,
  type TestApp,
  type TestClient,
  uniqueEmail,
  VALID_SIGNAL,
} from '../harness';
import { open, type StreamReader } from '../live-reader';

const kinds = await testDbKinds();

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored sessions of a user (sid and its JSON). */
async function sessionsOf(t: TestApp, userId: number) {
  const rows = await t.db.db.selectFrom('sessions').select(['sid', 'sess']).execute();
  return rows
    .map((r) => ({
      sid: r.sid,
      sess: (typeof r.sess === 'string' ? JSON.parse(r.sess) : r.sess) as Record<string, number>,
    }))
    .filter((r) => r.sess.userId === userId);
}

/** Rewrites fields of a user's stored sessions (as time passing would), announcing nothing. */
async function ageSessions(t: TestApp, userId: number, fields: Record<string, number>) {
  for (const s of await sessionsOf(t, userId)) {
    await t.db.db
      .updateTable('sessions')
      .set({ sess: JSON.stringify({ ...s.sess, ...fields }) })
      .where('sid', '=', s.sid)
      .execute();
  }
}

/** A signal published by a fully signed-in administrator (through the procedure itself). */
async function publish(t: TestApp, memo: string): Promise<number> {
  // The audit log names a real user as the actor.
  const actor = await t.db.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const admin: User = {
    id: actor.id,
    email: 'desk@t0.test',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    isAdmin: true,
    hasActiveSubscription: true,
    access: {},
    subscriptionStatus: 'active',
    secondFactor: 'passed',
  };
  const ctx = createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config), user: admin });
  const created = await createCallerFactory(appRouter)(ctx).signals.create({ ...VALID_SIGNAL, memo } as never);
  return (created as { id: number }).id;
}

let markers = 0;
/**
 * The stream said nothing of signal `id` (a viewer for whom it is locked hears nothing of an open
 * signal): an event written after it, for everyone, arrives; the signal does not.
 */
async function heardNothingOf(t: TestApp, r: StreamReader, id: number) {
  const kind = `marker-${++markers}`;
  await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind })})`.execute(
    t.db.db,
  );
  await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain(kind), {
    timeout: 2000,
    interval: 20,
  });
  expect(r.of('signal.created').some((f) => f.data.id === id)).toBe(false);
}

/** The signal frame of `id` a stream got, once it came. */
async function signalFrame(r: StreamReader, id: number, timeout = 2000) {
  let frame: any;
  await vi.waitFor(
    () => {
      frame = r.of('signal.created').find((f) => f.data.id === id);
      expect(frame).toBeDefined();
    },
    { timeout, interval: 20 },
  );
  return frame;
}

describe.each(kinds)('live streams and their credentials on %s', (kind) => {
  // Checks every 300 ms, a short wait for clients that do not read, four streams per address.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      { config: { liveCheckEveryMs: 300, liveDrainTimeoutMs: 500, liveMaxStreamsPerAddress: 4 } },
    );
  });
  afterAll(async () => t?.close());

  it('ends a stream at the next check when its session is deleted without any event', async () => {
    const u = await signUp(t);
    const r = await open(t, u.client);
    const reads = t.app.server.liveHub.counts.credentialReads;
    await sql`delete from sessions where (sess->>'userId')::int = ${u.id}`.execute(t.db.db);
    const at = Date.now();
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(Date.now() - at).toBeLessThan(1000);
    expect(r.of('session.ended')).toHaveLength(1);
    expect(t.app.server.liveHub.counts.credentialReads).toBeGreaterThan(reads);
  });

  it('ends a stream whose session went idle past its limit while it was open', async () => {
    const u = await signUp(t);
    const r = await open(t, u.client);
    await new Promise((res) => setTimeout(res, 600));
    expect(r.ended).toBe(false);
    await ageSessions(t, u.id, { seenAt: Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000 });
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(r.of('session.ended').map((f) => f.data.reason)).toEqual(['expired']);
  });

  it('ends a stream opened with an API token once the token is revoked, with no event written', async () => {
    const u = await signUp(t);
    const minted = await u.client.post('/api/user/api-tokens', { name: 'stream', scope: 'read' });
    expect(minted.status).toBe(200);
    const r = await open(t, null, undefined, { authorization: `Bearer ${minted.body.token}` });
    await new Promise((res) => setTimeout(res, 600));
    expect(r.ended).toBe(false);
    await t.db.db
      .updateTable('apiTokens')
      .set({ revokedAt: new Date() })
      .where('id', '=', minted.body.apiToken.id)
      .execute();
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(r.of('session.ended')).toHaveLength(1);
  });

  it('checks every open stream in one read per tick, whatever their number', async () => {
    const users = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const streams = await Promise.all(users.map((u) => open(t, u.client)));
    const hub = t.app.server.liveHub;
    // Wait for a quiet moment, then count the reads over five ticks (one a tick, not one a stream).
    await new Promise((res) => setTimeout(res, 400));
    const before = hub.counts.credentialReads;
    await new Promise((res) => setTimeout(res, 1500));
    const reads = hub.counts.credentialReads - before;
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(6);
    expect(streams.every((s) => !s.ended)).toBe(true);
    streams.forEach((s) => s.close());
    await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 2000 });
  });

  it('closes a stream whose client does not read within the drain limit, its unsent bytes bounded', async () => {
    const hub = t.app.server.liveHub;
    await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 2000 });
    const u = await signUp(t);
    const port = Number(new URL(t.url).port);
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise<void>((res) => socket.once('connect', () => res()));
    socket.write(
      `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${u.client.cookieHeader}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    // Never read: nothing is taken from the socket from now on.
    socket.pause();
    await vi.waitFor(() => expect(hub.size).toBe(1), { timeout: 2000 });
    let maxUnsent = 0;
    const sample = setInterval(() => {
      for (const n of t.app.server.liveStreamBuffers()) maxUnsent = Math.max(maxUnsent, n);
    }, 5);
    try {
      // 24 MB of events: far more than the socket buffers on both sides hold.
      const blob = 'x'.repeat(512 * 1024);
      for (let i = 0; i < 48; i++) {
        await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: 'blog', blob, i })})`.execute(
          t.db.db,
        );
      }
      const published = Date.now();
      await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 8000, interval: 20 });
      // Closed about the drain limit (500 ms here) after the socket filled, not left to grow.
      expect(Date.now() - published).toBeLessThan(5000);
      expect(maxUnsent).toBeGreaterThan(0);
      expect(maxUnsent).toBeLessThan(2 * 1024 * 1024);
    } finally {
      clearInterval(sample);
      socket.destroy();
    }
  });

  it('refuses a stream past the cap per client address with 429 and a clear message', async () => {
    const hub = t.app.server.liveHub;
    await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 5000 });
    const users = await Promise.all([signUp(t), signUp(t)]);
    const streams: StreamReader[] = [];
    for (let i = 0; i < 4; i++) streams.push(await open(t, users[i % 2]!.client));
    const res = await fetch(t.url + '/api/stream', { headers: { cookie: users[0]!.client.cookieHeader } });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toMatch(/Too many open live streams from this address \(at most 4\)/);
    // One closed: there is room again.
    streams.shift()!.close();
    await vi.waitFor(() => expect(hub.size).toBe(3), { timeout: 2000 });
    streams.push(await open(t, users[1]!.client));
    streams.forEach((s) => s.close());
  });
});

describe.each(kinds)('live streams at expiry and role changes on %s', (kind) => {
  // The default check interval (LIVE_PING_MS, 10 s): an expiry is met on time by its own timer.
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => t?.close());

  it('ends a stream within 2 s of its session reaching the absolute limit, not at the next ping', async () => {
    const u = await signUp(t);
    const expiresAt = Date.now() + 1500;
    await ageSessions(t, u.id, { createdAt: expiresAt - SESSION_ABSOLUTE_TIMEOUT_MS });
    const r = await open(t, u.client);
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 4000, interval: 20 });
    const ended = r.of('session.ended')[0]!;
    expect(ended.at - expiresAt).toBeGreaterThanOrEqual(0);
    expect(ended.at - expiresAt).toBeLessThan(2000);
  });

  it('re-projects a stream within 2 s of end-access-now: a new signal comes without levels', async () => {
    const u = await signUp(t);
    expect((await admin.post(`/api/admin/users/${u.id}/grant-days`, { days: 30 })).status).toBe(200);
    const r = await open(t, u.client);
    const before = await publish(t, 'still paid');
    expect((await signalFrame(r, before)).data).toMatchObject({ locked: false, memo: 'still paid' });
    expect((await admin.post(`/api/admin/users/${u.id}/end-access`, {})).status).toBe(200);
    const endedAt = Date.now();
    await vi.waitFor(
      () => expect(r.of('account.changed').at(-1)?.data).toMatchObject({ hasActiveSubscription: false }),
      {
        timeout: 2000,
        interval: 20,
      },
    );
    expect(r.of('account.changed').at(-1)!.at - endedAt).toBeLessThan(2000);
    const after = await publish(t, 'after the end');
    await heardNothingOf(t, r, after);
    r.close();
  });

  it('re-projects a stream within 2 s of the billing sweep ending free access', async () => {
    const u = await signUp(t);
    const granted = await admin.post(`/api/admin/users/${u.id}/grant-days`, { days: 1 });
    expect(granted.status).toBe(200);
    const r = await open(t, u.client);
    const ctx = createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
    const report = await sweepBilling(ctx, new Date(Date.now() + 2 * DAY_MS));
    expect(report.freeAccessEnded).toBeGreaterThanOrEqual(1);
    const endedAt = Date.now();
    await vi.waitFor(
      () => expect(r.of('account.changed').at(-1)?.data).toMatchObject({ hasActiveSubscription: false }),
      {
        timeout: 2000,
        interval: 20,
      },
    );
    expect(r.of('account.changed').at(-1)!.at - endedAt).toBeLessThan(2000);
    const after = await publish(t, 'after the sweep');
    await heardNothingOf(t, r, after);
    r.close();
  });

  it('an administrator whose role is removed stops getting levels and admin events within 2 s', async () => {
    const u = await signUp(t);
    expect((await admin.post(`/api/admin/users/${u.id}/admin`, { admin: true })).status).toBe(200);
    const r = await open(t, u.client);
    const before = await publish(t, 'for admins');
    expect((await signalFrame(r, before)).data).toMatchObject({ locked: false });
    await sql`insert into events (type, audience, payload) values ('content.changed', 'admins', ${JSON.stringify({ kind: 'admin-only-1' })})`.execute(
      t.db.db,
    );
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain('admin-only-1'), {
      timeout: 2000,
    });
    expect((await admin.post(`/api/admin/users/${u.id}/admin`, { admin: false })).status).toBe(200);
    const removedAt = Date.now();
    await vi.waitFor(() => expect(r.of('account.changed').at(-1)?.data).toMatchObject({ isAdmin: false }), {
      timeout: 2000,
      interval: 20,
    });
    expect(r.of('account.changed').at(-1)!.at - removedAt).toBeLessThan(2000);
    const after = await publish(t, 'not for ex-admins');
    await heardNothingOf(t, r, after);
    await sql`insert into events (type, audience, payload) values ('content.changed', 'admins', ${JSON.stringify({ kind: 'admin-only-2' })})`.execute(
      t.db.db,
    );
    await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: 'everyone' })})`.execute(
      t.db.db,
    );
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain('everyone'), {
      timeout: 2000,
    });
    expect(r.of('content.changed').map((f) => f.data.kind)).not.toContain('admin-only-2');
    r.close();
  });
});

describe.each(kinds)('the second-factor gate on the stream, objects and the viewer reload on %s', (kind) => {
  // ADMIN_REQUIRE_2FA on: an administrator without a second factor must enrol first.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_REQUIRE_2FA: 'true' });
    await t.app.ports.storage.put('images/2026/11/premium.png', Buffer.from('premium chart'), 'image/png');
    // Shown by a memo of the default room, whose holders (subscribers) may read it.
    await sql`insert into chart_memos (instrument, memo_image_urls) values ('GBPUSD', ${['/objects/images/2026/11/premium.png']})`.execute(
      t.db.db,
    );
  });
  afterAll(async () => t?.close());

  /** An administrator (the isAdmin flag) with a second factor enrolled, signed in with the password alone. */
  async function passwordOnlyAdmin() {
    const email = uniqueEmail('admin2fa');
    const u = await signUp(t, email);
    await t.db.db.updateTable('users').set({ isAdmin: true }).where('id', '=', u.id).execute();
    await t.db.db
      .insertInto('adminSecondFactors')
      .values({ userId: u.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date(), lastTimeStep: null })
      .execute();
    const client = t.client();
    expect((await client.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ isAdmin: false, secondFactor: 'code_required' });
    return { id: u.id, client };
  }

  it('a password-only administrator session gets the locked view on GET /api/stream and 403 for premium images', async () => {
    const a = await passwordOnlyAdmin();
    const r = await open(t, a.client);
    const id = await publish(t, 'for real admins');
    await heardNothingOf(t, r, id);
    const img = await a.client.get('/objects/images/2026/11/premium.png');
    expect(img.status).toBe(403);
    expect(img.body.message).toMatch(/subscription/i);
    r.close();
    // A subscriber gets the image (the object is there).
    const sub = await signUpSubscriber(t);
    expect((await sub.client.get('/objects/images/2026/11/premium.png')).status).toBe(200);
  });

  it('an administrator without the required enrolment gets the locked view and 403 there too', async () => {
    const a = await signUpAdmin(t);
    expect((await a.client.get('/api/auth/user')).body).toMatchObject({ secondFactor: 'enrolment_required' });
    const r = await open(t, a.client);
    const id = await publish(t, 'enrol first');
    await heardNothingOf(t, r, id);
    expect((await a.client.get('/objects/images/2026/11/premium.png')).status).toBe(403);
    r.close();
  });

  it('the viewer reload after account.changed keeps a password-only administrator session locked', async () => {
    const a = await passwordOnlyAdmin();
    const r = await open(t, a.client);
    await sql`insert into events (type, audience, payload) values ('account.changed', ${`user:${a.id}`}, ${JSON.stringify({ hasActiveSubscription: false, isAdmin: true })})`.execute(
      t.db.db,
    );
    await vi.waitFor(() => expect(r.of('account.changed')).toHaveLength(1), { timeout: 2000 });
    const id = await publish(t, 'after the reload');
    await heardNothingOf(t, r, id);
    await sql`insert into events (type, audience, payload) values ('content.changed', 'admins', ${JSON.stringify({ kind: 'admin-only' })})`.execute(
      t.db.db,
    );
    await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: 'everyone' })})`.execute(
      t.db.db,
    );
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain('everyone'), {
      timeout: 2000,
    });
    expect(r.of('content.changed').map((f) => f.data.kind)).not.toContain('admin-only');
    r.close();
  });
});

describe.runIf(kinds.includes('pg'))('live stream credentials across API processes', () => {
  let t: TestApp;
  let second: App;
  let secondUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pg');
    second = await createApp({ ...t.config, liveCheckEveryMs: 300 }, { db: t.db, logger: false });
    secondUrl = await second.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a session deleted on one process ends its stream on another at the next check', async () => {
    const u = await signUp(t);
    const r = await open({ url: secondUrl }, u.client);
    await sql`delete from sessions where (sess->>'userId')::int = ${u.id}`.execute(t.db.db);
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(r.of('session.ended')).toHaveLength(1);
  });
});
