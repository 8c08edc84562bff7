import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { PUSH_DEAD_AFTER_DAYS, PUSH_ENDPOINT_TAKEN, PUSH_MAX_FAILURES } from '@t0/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';
import { browserKeys, decryptPush, pushService } from '../fakes/push-service';

const kinds = await testDbKinds();

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key, the ES256 signature, audience, expiry, subject. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(m, header).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  expect(
    verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url')),
  ).toBe(true);
  expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  expect(claims.sub).toMatch(/^mailto:/);
}

describe.each(kinds)('web push on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let push: Awaited<ReturnType<typeof pushService>>;
  let publicKey: string;

  const publish = async (body: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/signals', { ...VALID_SIGNAL, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number };
  };

  /** A subscriber whose browser subscribed with its push service address at `p`. */
  const subscriberWithBrowser = async (p: string, label = 'Test browser') => {
    const s = await signUpSubscriber(t);
    const b = browserKeys();
    const res = await s.client.post('/api/push/subscriptions', {
      endpoint: push.base + p,
      expirationTime: null,
      keys: b.keys,
      label,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...s, ...b, subscriptionId: res.body.id as number };
  };

  beforeAll(async () => {
    // `/push/flaky…` fails its first request with 503; `/push/dead…` always answers 500.
    const seen = new Set<string>();
    push = await pushService((p) => {
      if (p.startsWith('/push/gone')) return { status: 410 };
      if (p.startsWith('/push/busy')) return { status: 429, headers: { 'retry-after': '1' } };
      if (p.startsWith('/push/dead')) return { status: 500 };
      if (p.startsWith('/push/flaky') && !seen.has(p)) {
        seen.add(p);
        return { status: 503 };
      }
      return { status: 201 };
    });
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      // The fake push service listens on 127.0.0.1 over plain http.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DELIVERY_RETRY_SCHEDULE_MS: '300,600',
      SUPPORT_EMAIL: 'desk@t0.test',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    const config = await t.client().get('/api/push/config');
    expect(config.status).toBe(200);
    publicKey = config.body.publicKey;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('keeps generated VAPID keys under DATA_DIR and answers the public key', async () => {
    expect(publicKey).toMatch(/^B[\w-]{86}$/);
    expect((await t.client().get('/api/push/config')).body).toEqual({ enabled: true, publicKey, maxDevices: 10 });
    expect(statSync(path.join(t.dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    const user = await signUp(t);
    expect((await user.client.get('/api/user/delivery-preferences')).body.channelStates.web_push).toBe('ready');
  });

  it("delivers a published signal to the subscriber's browser within 2 s: encrypted for it, VAPID-signed, urgent, with a topic", async () => {
    const sub = await subscriberWithBrowser('/push/a');
    const listed = await sub.client.get('/api/push/subscriptions');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: sub.subscriptionId,
        endpoint: `${push.base}/push/a`,
        service: new URL(push.base).host,
        label: 'Test browser',
        lastSuccessAt: null,
        failures: 0,
      }),
    ]);

    const signal = await publish();
    const started = Date.now();
    const [first] = await until(
      () => push.on('/push/a'),
      (g) => g.length >= 1,
      5_000,
      25,
    );
    expect(first!.at - started).toBeLessThan(2_000);

    const payload = JSON.parse(decryptPush(first!.body, sub.ecdh, sub.auth)) as {
      title: string;
      body: string;
      url: string;
      tag: string;
    };
    expect(payload.title).toContain('AUDUSD');
    expect(payload.body).toContain('0.65169');
    expect(payload).toMatchObject({ url: '/dashboard', tag: `t0-signal-${signal.id}` });
    expect(first!.body.length).toBeLessThan(1_024);

    const h = first!.headers;
    expect(h['content-encoding']).toBe('aes128gcm');
    expect(h['content-type']).toBe('application/octet-stream');
    expect(h.urgency).toBe('high');
    expect(h.topic).toBe(`signal-${signal.id}`);
    expect(h.topic!.length).toBeLessThanOrEqual(32);
    expect(h.ttl).toBe('86400');
    checkVapid(h.authorization, publicKey, push.base);

    // Published at market: the activation follows under the same topic, so a device that was
    // offline gets only the newer one.
    const [, second] = await until(
      () => push.on('/push/a'),
      (g) => g.length >= 2,
      5_000,
      25,
    );
    expect(second!.headers.topic).toBe(`signal-${signal.id}`);
    expect(JSON.parse(decryptPush(second!.body, sub.ecdh, sub.auth)).title).toContain('AUDUSD');

    const mine = await until(
      async () => (await sub.client.get('/api/user/deliveries')).body as { channel: string; status: string }[],
      (l) => l.filter((d) => d.channel === 'web_push' && d.status === 'sent').length >= 2,
      5_000,
    );
    expect(mine.filter((d) => d.channel === 'web_push')).toHaveLength(2);
    expect((await sub.client.get('/api/push/subscriptions')).body[0].lastSuccessAt).not.toBeNull();
    const stats = await admin.get('/api/admin/deliveries');
    expect(stats.body.find((s: { channel: string }) => s.channel === 'web_push')).toMatchObject({ configured: true });
  });

  it('removes a subscription the push service answers 410 for, and fails the delivery without retrying', async () => {
    const sub = await subscriberWithBrowser('/push/gone-1');
    await publish({ instrument: 'GBPUSD', entryPrice: 1.27, slPrice: 1.265, t0Price: 1.275, t1Price: 1.28 });
    await until(
      () => push.on('/push/gone-1'),
      (g) => g.length >= 1,
      5_000,
      25,
    );
    const rows = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['event', 'status', 'attempts', 'error'])
          .where('userId', '=', sub.id)
          .where('channel', '=', 'web_push')
          .orderBy('id')
          .execute(),
      (l) => l.length === 2 && l.every((d) => d.status !== 'queued' && d.status !== 'sending'),
      5_000,
    );
    expect(rows[0]).toMatchObject({ event: 'published', status: 'failed', attempts: 1 });
    expect(rows[0]!.error).toMatch(/410/);
    // The activation that followed found no browser left.
    expect(rows[1]).toMatchObject({ event: 'activated', status: 'skipped', error: 'no push subscription' });
    expect((await sub.client.get('/api/push/subscriptions')).body).toEqual([]);
    // The retry schedule is 300 ms then 600 ms: nothing more comes.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(push.on('/push/gone-1')).toHaveLength(1);
  });

  it('waits for Retry-After when the push service answers 429, and counts the failures', async () => {
    const sub = await subscriberWithBrowser('/push/busy-1');
    await publish({ instrument: 'US30', entryPrice: 42000, slPrice: 41800, t0Price: 42300, t1Price: 42600 });
    const tries = await until(
      () => push.on('/push/busy-1'),
      (g) => g.length >= 2,
      8_000,
      25,
    );
    // Retry-After: 1 s, longer than the schedule's first wait (300 ms).
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    const [device] = (await sub.client.get('/api/push/subscriptions')).body as { failures: number }[];
    expect(device!.failures).toBeGreaterThanOrEqual(1);
  });

  it('tries once more a browser whose push service failed while another browser accepted', async () => {
    const sub = await subscriberWithBrowser('/push/steady-1', 'Laptop');
    const phone = browserKeys();
    expect(
      (await sub.client.post('/api/push/subscriptions', { endpoint: `${push.base}/push/flaky-1`, keys: phone.keys }))
        .status,
    ).toBe(200);
    await publish({ instrument: 'GBPJPY', entryPrice: 196, slPrice: 195, t0Price: 197, t1Price: 198 });
    const tries = await until(
      () => push.on('/push/flaky-1'),
      (g) => g.length >= 2,
      5_000,
      25,
    );
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(450);
    expect(JSON.parse(decryptPush(tries[1]!.body, phone.ecdh, phone.auth))).toMatchObject({
      title: expect.stringContaining('GBPJPY'),
    });
    const rows = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['status', 'attempts'])
          .where('userId', '=', sub.id)
          .where('channel', '=', 'web_push')
          .where('event', '=', 'published')
          .execute(),
      (l) => l.length === 1 && l[0]!.status === 'sent',
      5_000,
    );
    expect(rows[0]!.attempts).toBe(1);
    const devices = (await sub.client.get('/api/push/subscriptions')).body as {
      endpoint: string;
      failures: number;
      lastSuccessAt: string | null;
    }[];
    expect(devices.map((d) => [d.endpoint.slice(push.base.length), d.failures, d.lastSuccessAt !== null])).toEqual([
      ['/push/steady-1', 0, true],
      ['/push/flaky-1', 0, true],
    ]);
  });

  it('removes a browser that has failed 20 times in a row with no success for 3 days, and keeps a newer one', async () => {
    const sub = await subscriberWithBrowser('/push/dead-old');
    const fresh = browserKeys();
    expect(
      (await sub.client.post('/api/push/subscriptions', { endpoint: `${push.base}/push/dead-new`, keys: fresh.keys }))
        .status,
    ).toBe(200);
    // 19 failures already, the old one subscribed 4 days ago; the new one today.
    await t.db.db
      .updateTable('pushSubscriptions')
      .set({ failures: PUSH_MAX_FAILURES - 1 })
      .where('userId', '=', sub.id)
      .execute();
    await t.db.db
      .updateTable('pushSubscriptions')
      .set({ createdAt: sql<Date>`now() - make_interval(days => ${PUSH_DEAD_AFTER_DAYS + 1})` })
      .where('endpoint', '=', `${push.base}/push/dead-old`)
      .execute();
    await publish({ instrument: 'US30', entryPrice: 42000, slPrice: 41800, t0Price: 42300, t1Price: 42600 });
    const left = await until(
      async () =>
        ((await sub.client.get('/api/push/subscriptions')).body as { endpoint: string; failures: number }[]).map(
          (d) => [d.endpoint.slice(push.base.length), d.failures],
        ),
      (l) => l.length === 1,
      5_000,
    );
    expect(left[0]![0]).toBe('/push/dead-new');
    expect(Number(left[0]![1])).toBeGreaterThanOrEqual(PUSH_MAX_FAILURES);
  });

  it('sends a test notification to every browser now and answers how many accepted; a gone one is removed', async () => {
    const sub = await subscriberWithBrowser('/push/t1', 'Laptop');
    const phone = browserKeys();
    const second = await sub.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/gone-t2`,
      keys: phone.keys,
    });
    expect(second.status).toBe(200);
    // Named from the caller's user agent (here Node's fetch).
    expect(second.body.label).toBe('Unknown browser');
    const res = await sub.client.post('/api/push/test');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ devices: 2, accepted: 1, removed: 1 });
    const [got] = push.on('/push/t1');
    const payload = JSON.parse(decryptPush(got!.body, sub.ecdh, sub.auth));
    expect(payload).toMatchObject({
      title: 'T0 TERMINAL TEST',
      url: '/profile?section=alerts',
      tag: 't0-test',
      id: expect.stringMatching(/^msg_test:/),
    });
    expect(got!.headers.urgency).toBe('normal');
    expect(got!.headers.topic).toBeUndefined();
    checkVapid(got!.headers.authorization, publicKey, push.base);
    expect(((await sub.client.get('/api/push/subscriptions')).body as { label: string }[]).map((d) => d.label)).toEqual(
      ['Laptop'],
    );

    // Disabled on this device (by its endpoint): nothing left to test.
    const off = await sub.client.post('/api/push/unsubscribe', { endpoint: `${push.base}/push/t1` });
    expect(off.body).toEqual({ removed: 1 });
    const none = await sub.client.post('/api/push/test');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/No device has web push enabled/);
  });

  it('limits test notifications to 3 a minute per user: the 4th is 429 with Retry-After and posts nothing', async () => {
    const sub = await subscriberWithBrowser('/push/throttle', 'Desk');
    for (let i = 0; i < 3; i++) expect((await sub.client.post('/api/push/test')).status).toBe(200);
    const sent = push.on('/push/throttle').length;
    expect(sent).toBe(3);
    const fourth = await sub.client.post('/api/push/test');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(fourth.body.message).toMatch(/At most 3 test notifications a minute/);
    expect(push.on('/push/throttle')).toHaveLength(sent);
    // Another user's budget is their own.
    const other = await subscriberWithBrowser('/push/throttle-other', 'Desk');
    expect((await other.client.post('/api/push/test')).status).toBe(200);
  });

  it('answers bad subscriptions with a 400 naming the field', async () => {
    const s = await signUpSubscriber(t);
    const { keys } = browserKeys();
    const endpoint = `${push.base}/push/bad`;
    const cases: [unknown, RegExp][] = [
      [{ endpoint: 'not an address', keys }, /^endpoint must be an https:\/\/ address/],
      [{ endpoint: 'ftp://push.example.com/x', keys }, /^endpoint must be an https:\/\/ address/],
      [{ keys }, /^endpoint must be the push service address/],
      [{ endpoint }, /^keys must hold p256dh and auth/],
      [
        { endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
        /^keys\.p256dh must be the browser's P-256 public key/,
      ],
      [{ endpoint, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } }, /^keys\.p256dh must be/],
      [
        { endpoint, keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } },
        /^keys\.p256dh is not a point on the P-256 curve/,
      ],
      [{ endpoint, keys: { ...keys, auth: 'c2hvcnQ' } }, /^keys\.auth must be the 16-byte auth secret/],
      [{ endpoint, keys: { ...keys, auth: 'not/base64url+at*all!!' } }, /^keys\.auth must be/],
      [{ endpoint, keys, label: 'x'.repeat(101) }, /^label must be at most 100 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await s.client.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    // Padding the browser may add is taken off.
    const padded = await s.client.post('/api/push/subscriptions', {
      endpoint,
      keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` },
    });
    expect(padded.status, JSON.stringify(padded.body)).toBe(200);
    expect(
      await t.db.db
        .selectFrom('pushSubscriptions')
        .select(['p256dh', 'auth'])
        .where('id', '=', padded.body.id)
        .executeTakeFirst(),
    ).toEqual(keys);
  });

  it('keeps each account to its own browsers, at most 10, and subscribing needs an active subscription', async () => {
    const a = await signUpSubscriber(t);
    const b = await subscriberWithBrowser('/push/b-own');
    for (let i = 0; i < 10; i++)
      expect(
        (
          await a.client.post('/api/push/subscriptions', {
            endpoint: `${push.base}/push/cap-${i}`,
            keys: browserKeys().keys,
          })
        ).status,
      ).toBe(200);
    const eleventh = await a.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/cap-10`,
      keys: browserKeys().keys,
    });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toMatch(/At most 10 devices/);
    // The same browser again updates its row instead of adding one.
    const again = await a.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/cap-3`,
      keys: browserKeys().keys,
    });
    expect(again.status).toBe(200);
    expect((await a.client.get('/api/push/subscriptions')).body).toHaveLength(10);

    // Another account's browser cannot be seen, removed or unsubscribed.
    expect((await a.client.delete(`/api/push/subscriptions/${b.subscriptionId}`)).status).toBe(404);
    expect((await a.client.post('/api/push/unsubscribe', { endpoint: `${push.base}/push/b-own` })).body).toEqual({
      removed: 0,
    });
    expect((await b.client.get('/api/push/subscriptions')).body).toHaveLength(1);
    expect((await b.client.delete(`/api/push/subscriptions/${b.subscriptionId}`)).body).toEqual({
      success: true,
      id: b.subscriptionId,
    });
    expect((await b.client.get('/api/push/subscriptions')).body).toEqual([]);

    const user = await signUp(t);
    expect(
      (
        await user.client.post('/api/push/subscriptions', {
          endpoint: `${push.base}/push/free`,
          keys: browserKeys().keys,
        })
      ).status,
    ).toBe(403);
    expect((await user.client.post('/api/push/test')).status).toBe(403);
    expect((await user.client.get('/api/push/subscriptions')).status).toBe(200);
    const anonymous = t.client();
    expect((await anonymous.get('/api/push/subscriptions')).status).toBe(401);
    expect((await anonymous.get('/api/push/config')).status).toBe(200);
  });

  it("refuses another account's push endpoint with 409 naming the field and changes nothing; its owner may register it again", async () => {
    const owner = await subscriberWithBrowser('/push/held', 'Owner laptop');
    const stored = async () =>
      t.db.db
        .selectFrom('pushSubscriptions')
        .select(['id', 'userId', 'p256dh', 'auth', 'label'])
        .where('endpoint', '=', `${push.base}/push/held`)
        .execute();
    const before = await stored();
    expect(before).toHaveLength(1);

    // Another subscriber, who learnt the endpoint, registers it with keys of their own.
    const intruder = await signUpSubscriber(t);
    const taken = await intruder.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/held`,
      keys: browserKeys().keys,
      label: 'Taken',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    expect(taken.body.message).toBe(PUSH_ENDPOINT_TAKEN);
    expect(await stored()).toEqual(before);
    expect((await intruder.client.get('/api/push/subscriptions')).body).toEqual([]);

    // The owner's browser still gets their pushes, readable with the owner's keys only.
    const test = await owner.client.post('/api/push/test');
    expect(test.body).toEqual({ devices: 1, accepted: 1, removed: 0 });
    const [got] = push.on('/push/held');
    expect(JSON.parse(decryptPush(got!.body, owner.ecdh, owner.auth))).toMatchObject({ title: 'T0 TERMINAL TEST' });

    // The owner registering the same browser again (new keys) updates their own row.
    const renewed = browserKeys();
    const again = await owner.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/held`,
      keys: renewed.keys,
      label: 'Owner laptop',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.id).toBe(owner.subscriptionId);
    expect(await stored()).toEqual([
      { ...before[0], p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, label: 'Owner laptop' },
    ]);

    // Once the owner removed it, the endpoint is free for another account.
    expect((await owner.client.post('/api/push/unsubscribe', { endpoint: `${push.base}/push/held` })).body).toEqual({
      removed: 1,
    });
    const freed = await intruder.client.post('/api/push/subscriptions', {
      endpoint: `${push.base}/push/held`,
      keys: browserKeys().keys,
    });
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
  });
});

/** A GET over real HTTP that leaves the answer as sent. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(kinds)('web push address guard, service worker and settings on %s', (kind) => {
  let guarded: TestApp;
  let off: TestApp;
  let dist: string;
  const worker = readFileSync(path.join(REPO_ROOT, 'apps/web/public/sw.js'), 'utf8');
  beforeAll(async () => {
    // A built web app as the build writes it: the service worker from apps/web/public with its compressed copies.
    dist = mkdtempSync(path.join(tmpdir(), 't0-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>T0</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(worker));
    guarded = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000', WEB_DIST: dist });
    off = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000', WEB_PUSH: 'false' });
  });
  afterAll(async () => {
    await guarded?.close();
    await off?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the service worker at /sw.js, never cached, allowed the whole site', async () => {
    for (const encoding of ['br', '']) {
      const res = await rawGet(`${guarded.url}/sw.js`, encoding ? { 'accept-encoding': encoding } : {});
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
      expect((encoding ? brotliDecompressSync(res.body) : res.body).toString()).toBe(worker);
    }
  });

  it('refuses plain http and private push service addresses unless private targets are allowed', async () => {
    const s = await signUpSubscriber(guarded);
    const { keys } = browserKeys();
    const http = await s.client.post('/api/push/subscriptions', { endpoint: 'http://push.example.com/push/1', keys });
    expect(http.status).toBe(400);
    expect(http.body.message).toMatch(/^endpoint must be an https:\/\/ address/);
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://10.0.0.8/push/1',
      'https://[::1]/push/1',
    ]) {
      const res = await s.client.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toMatch(/^endpoint points at a private/);
    }
    expect((await s.client.get('/api/push/subscriptions')).body).toEqual([]);
  });

  it('with WEB_PUSH=false shows the channel as not configured and breaks nothing', async () => {
    expect((await off.client().get('/api/push/config')).body).toEqual({
      enabled: false,
      publicKey: null,
      maxDevices: 10,
    });
    const admin = (await signUpAdmin(off)).client;
    const s = await signUpSubscriber(off);
    expect((await s.client.get('/api/user/delivery-preferences')).body.channelStates.web_push).toBe('not_configured');
    const res = await s.client.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.com/push/1',
      keys: browserKeys().keys,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not configured/);
    expect((await s.client.post('/api/push/test')).status).toBe(400);
    expect((await admin.post('/api/signals', VALID_SIGNAL)).status).toBe(200);
    expect(
      (await admin.get('/api/admin/deliveries')).body.find((c: { channel: string }) => c.channel === 'web_push'),
    ).toMatchObject({ configured: false });
    expect(() => statSync(path.join(off.dataDir, 'vapid-keys.json'))).toThrow();
  });
});
