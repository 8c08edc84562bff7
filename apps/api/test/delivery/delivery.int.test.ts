import { listRecipients, recoverStalledDeliveries } from '@t0/server';
import { parseCopierBlock } from '@t0/contracts';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  endAllAccess,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';
import { receiver } from '../fakes/http-receiver';

const kinds = await testDbKinds();

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe.each(kinds)('delivery router on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let discord: Awaited<ReturnType<typeof receiver>>;
  const DISCORD_HOOK = '/api/webhooks/123456789012/abcdefghijklmnopqrstuvwxyz';
  const DESK_HOOK = '/api/webhooks/999999999999/desk-token-abcdefghij';

  const publish = async (body: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.45,
      slPrice: 195.6,
      t0Price: 197.2,
      t1Price: 198.3,
      monthlyBias: 'Bullish',
      confidence: 80,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number };
  };

  /** A subscriber with a webhook endpoint at `path` on the receiver; answers the client and the secret. */
  const subscriberWithHook = async (path: string) => {
    const s = await signUpSubscriber(t);
    const created = await s.client.post('/api/user/webhooks', { url: hooks.base + path, description: 'bot' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { ...s, secret: created.body.secret as string, endpointId: created.body.id as number };
  };

  beforeAll(async () => {
    hooks = await receiver((path) =>
      path === '/fail'
        ? { status: 500 }
        : path === '/busy'
          ? { status: 503, headers: { 'retry-after': '2' } }
          : { status: 200 },
    );
    // The fake Discord: the first message to the rate-limited webhook gets a 429 with retry_after.
    discord = await receiver((path, n) =>
      path.endsWith('/limited-token-abcdefghij') && n === 1
        ? {
            status: 429,
            body: { message: 'You are being rate limited.', retry_after: 0.3, global: false },
            headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '0.3' },
          }
        : { status: 200, body: { id: '1' } },
    );
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DISCORD_API_BASE: discord.base,
      DISCORD_DESK_WEBHOOK_URL: discord.base + DESK_HOOK,
      DELIVERY_RETRY_SCHEDULE_MS: '300,600',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await hooks?.close();
    await discord?.close();
  });

  it("delivers a published signal to a verified webhook receiver, the subscriber's Discord and the desk within 2 s", async () => {
    const sub = await subscriberWithHook('/a');
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const prefs = await sub.client.get('/api/user/delivery-preferences');
    expect(prefs.status).toBe(200);
    expect(prefs.body.channelStates).toMatchObject({
      webhook: 'ready',
      discord: 'ready',
      web_push: 'ready',
      telegram: 'not_configured',
    });
    const saved = await sub.client.put('/api/user/delivery-preferences', {
      ...prefs.body,
      channelStates: undefined,
      discordWebhookUrl: discord.base + DISCORD_HOOK,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const signal = await publish();
    // Published: the signal is committed when its answer arrives.
    const started = Date.now();
    const [hook, second] = await until(
      () => hooks.on('/a'),
      (g) => g.length >= 2,
      5_000,
      50,
    );
    const [embed] = await until(
      () => discord.on(DISCORD_HOOK),
      (g) => g.length > 0,
      5_000,
      50,
    );
    await until(
      () => discord.on(DESK_HOOK),
      (g) => g.length > 0,
      5_000,
      50,
    );
    expect(hook!.at - started).toBeLessThan(2_000);
    expect(embed!.at - started).toBeLessThan(2_000);

    // The receiver verifies the Standard Webhooks signature with the library of the convention.
    const verified = new Webhook(sub.secret).verify(hook!.body, hook!.headers as Record<string, string>) as {
      type: string;
      data: { signal: { id: number; entryPrice: number } };
    };
    expect(verified.type).toBe('signal.published');
    // Published at market: activated follows, in order.
    expect(JSON.parse(second!.body).type).toBe('signal.activated');
    expect(verified.data.signal).toMatchObject({ id: signal.id, entryPrice: 196.45 });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret, 32 bytes long!!!').toString('base64')}`).verify(
        hook!.body,
        hook!.headers as Record<string, string>,
      ),
    ).toThrow();

    const card = JSON.parse(embed!.body) as {
      content: string;
      embeds: { title: string; fields: { name: string; value: string }[] }[];
    };
    expect(card.embeds[0]!.title).toContain('GBPJPY LONG');
    // The message's text is the copier block, which reads back into the signal's levels; the webhook carries the same fields.
    const levels = {
      instrument: 'GBPJPY',
      direction: 'long',
      orderType: 'market',
      entryPrice: 196.45,
      slPrice: 195.6,
      t0Price: 197.2,
      t1Price: 198.3,
      t0Share: 50,
    };
    expect(parseCopierBlock(card.content)).toEqual(levels);
    expect(verified.data.signal).toMatchObject({ ...levels, direction: 'long' });
    expect(card.embeds[0]!.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Entry', 'Stop', 'T0', 'T1']));

    // The subscriber sees their deliveries; the console counts them per channel.
    const mine = await until(
      async () =>
        (await sub.client.get('/api/user/deliveries')).body as { channel: string; status: string; latencyMs: number }[],
      (l) => l.filter((d) => d.status === 'sent').length >= 2,
      5_000,
    );
    expect(mine.map((d) => d.channel)).toEqual(expect.arrayContaining(['webhook', 'discord']));
    const stats = await admin.get('/api/admin/deliveries');
    expect(stats.status).toBe(200);
    expect(stats.body.find((s: { channel: string }) => s.channel === 'webhook')).toMatchObject({
      configured: true,
      desk: null,
    });
    // The desk's Discord is named by its webhook id, never with its token.
    const desk = stats.body.find((s: { channel: string }) => s.channel === 'discord').desk as string;
    expect(desk).toContain('999999999999');
    expect(desk).not.toContain('desk-token');
    expect(stats.body.find((s: { channel: string }) => s.channel === 'telegram')).toMatchObject({
      configured: false,
      sent: 0,
    });
    expect((await sub.client.get('/api/admin/deliveries')).status).toBe(403);
  });

  it('reads for the record-keeping channels only the subscribers with an address there', async () => {
    const withHook = await subscriberWithHook('/reach');
    const without = await signUpSubscriber(t);
    const all = await listRecipients(t.db.db, []);
    const reachable = await listRecipients(t.db.db, [], { withAddress: true });
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([withHook.id, without.id]));
    expect(reachable.map((r) => r.id)).toContain(withHook.id);
    expect(reachable.map((r) => r.id)).not.toContain(without.id);
    // Each reachable subscriber comes with their own endpoints, and only theirs.
    const mine = reachable.find((r) => r.id === withHook.id)!;
    expect(mine.endpoints.map((e) => e.id)).toEqual([withHook.endpointId]);
    for (const r of reachable) {
      const owned = await t.db.db
        .selectFrom('webhookEndpoints')
        .select('id')
        .where('userId', '=', r.id)
        .where('enabled', '=', true)
        .execute();
      expect(r.endpoints.map((e) => e.id).sort()).toEqual(owned.map((o) => o.id).sort());
    }
  });

  it('routes a scheduled announcement to the channels when its time comes, not before', async () => {
    const at = new Date(Date.now() + 2_000).toISOString();
    const title = `Desk brief ${Date.now()}`;
    const created = await admin.post('/api/notifications', {
      title,
      message: 'London open in 10 minutes',
      scheduledFor: at,
      type: 'announcement',
      priority: 'high',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const mentions = () => discord.on(DESK_HOOK).filter((g) => g.body.includes(title));
    expect(mentions()).toHaveLength(0);
    const [got] = await until(mentions, (g) => g.length > 0, 10_000, 50);
    expect(got!.at).toBeGreaterThanOrEqual(Date.parse(at) - 1_000);
    // Routed once, however often the sweep runs.
    await new Promise((r) => setTimeout(r, 500));
    expect(mentions()).toHaveLength(1);
  });

  it('sends again a delivery a stopped process left in the middle of sending, and leaves a running one alone', async () => {
    const sub = await subscriberWithHook('/stalled');
    const row = (key: string, minutesAgo: number) => ({
      key,
      userId: sub.id,
      channel: 'webhook',
      event: 'test',
      signalId: null,
      endpointId: sub.endpointId,
      payload: JSON.stringify({
        id: `msg_${key}`,
        event: 'test',
        urgent: false,
        title: key,
        text: 'x',
        occurredAt: new Date().toISOString(),
      }),
      status: 'sending',
      attempts: 1,
      dueAt: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
      claimedAt: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
    });
    const stalled = await t.db.db
      .insertInto('deliveries')
      .values(row(`stalled-${kind}`, 5))
      .returning('id')
      .executeTakeFirstOrThrow();
    const running = await t.db.db
      .insertInto('deliveries')
      .values(row(`running-${kind}`, 0))
      .returning('id')
      .executeTakeFirstOrThrow();
    const quiet = { info() {}, warn() {}, error() {} };
    expect(await recoverStalledDeliveries({ db: t.db.db, jobs: t.app.ports.jobs, log: quiet }, 120_000)).toBe(1);
    const [got] = await until(
      () => hooks.on('/stalled'),
      (g) => g.length > 0,
      5_000,
      50,
    );
    // Sent again under the same message id, so the receiver can tell it is the same message.
    expect(got!.headers['webhook-id']).toBe(`msg_stalled-${kind}`);
    const status = (id: number) =>
      t.db.db.selectFrom('deliveries').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(
      await until(
        () => status(stalled.id),
        (r) => r.status === 'sent',
        5_000,
      ),
    ).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await status(running.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(hooks.on('/stalled')).toHaveLength(1);
  });

  it('honours Discord 429 retry_after and sends again', async () => {
    const s = await signUpSubscriber(t);
    const url = `${discord.base}/api/webhooks/222222222222/limited-token-abcdefghij`;
    const prefs = (await s.client.get('/api/user/delivery-preferences')).body;
    expect(
      (
        await s.client.put('/api/user/delivery-preferences', {
          ...prefs,
          channelStates: undefined,
          discordWebhookUrl: url,
        })
      ).status,
    ).toBe(200);
    await publish();
    const got = await until(
      () => discord.on('/api/webhooks/222222222222/limited-token-abcdefghij'),
      (g) => g.length >= 2,
      10_000,
      50,
    );
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(280);
  });

  it('refuses a Discord address that is not a Discord webhook, naming the field', async () => {
    const s = await signUpSubscriber(t);
    const prefs = (await s.client.get('/api/user/delivery-preferences')).body;
    const bad = await s.client.put('/api/user/delivery-preferences', {
      ...prefs,
      channelStates: undefined,
      discordWebhookUrl: 'https://example.com/hook',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/discordWebhookUrl/);
    const badTime = await s.client.put('/api/user/delivery-preferences', {
      ...prefs,
      channelStates: undefined,
      quietHours: { start: '25:00', end: '07:00', urgentStillComes: true },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toMatch(/quietHours.start/);
  });

  it('holds a normal event in quiet hours and lets an urgent one through', async () => {
    const sub = await subscriberWithHook('/quiet');
    const now = new Date();
    const prefs = (await sub.client.get('/api/user/delivery-preferences')).body;
    const quiet = {
      start: hhmm(new Date(now.getTime() - 3_600_000)),
      end: hhmm(new Date(now.getTime() + 3_600_000)),
      urgentStillComes: true,
    };
    expect(
      (
        await sub.client.put('/api/user/delivery-preferences', {
          ...prefs,
          channelStates: undefined,
          quietHours: quiet,
        })
      ).status,
    ).toBe(200);

    const signal = await publish({
      instrument: 'US30',
      entryPrice: 42000,
      slPrice: 41800,
      t0Price: 42300,
      t1Price: 42600,
    });
    // Published and activated are normal: held until the quiet hours end.
    const held = await until(
      async () => (await sub.client.get('/api/user/deliveries')).body as { event: string; status: string }[],
      (l) => l.length >= 2,
      5_000,
    );
    expect(held.every((d) => d.status === 'held')).toBe(true);
    // Closed at market: the feed is at the exit.
    t.pinPrices({ US30: 42150 });
    const closed = await admin.post(`/api/signals/${signal.id}/close`, { exitPrice: 42150 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const [got] = await until(
      () => hooks.on('/quiet'),
      (g) => g.length > 0,
      5_000,
      50,
    );
    expect(JSON.parse(got!.body).type).toBe('signal.closed');
    await new Promise((r) => setTimeout(r, 500));
    expect(hooks.on('/quiet')).toHaveLength(1);
  });

  it('retries a failing endpoint with backoff, then disables it and tells the owner by e-mail', async () => {
    const sub = await subscriberWithHook('/fail');
    const test = await sub.client.post(`/api/user/webhooks/${sub.endpointId}/test`);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    const tries = await until(
      () => hooks.on('/fail'),
      (g) => g.length >= 3,
      10_000,
      50,
    );
    // Schedule 300 ms then 600 ms: each wait longer than the one before.
    const gaps = [tries[1]!.at - tries[0]!.at, tries[2]!.at - tries[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(280);
    expect(gaps[1]).toBeGreaterThanOrEqual(580);
    const endpoints = await until(
      async () =>
        (await sub.client.get('/api/user/webhooks')).body as { enabled: boolean; disabledReason: string | null }[],
      (l) => l[0]?.enabled === false,
      5_000,
    );
    expect(endpoints[0]!.disabledReason).toMatch(/HTTP 500/);
    const delivery = (await sub.client.get('/api/user/deliveries')).body.find(
      (d: { id: number }) => d.id === test.body.deliveryId,
    );
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, error: 'HTTP 500' });
    await until(
      () => t.mails().filter((m) => m.includes(sub.email) && m.includes('webhook endpoint was disabled')),
      (l) => l.length === 1,
      5_000,
    );
    // A disabled endpoint gets nothing more, and can be enabled again.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(hooks.on('/fail')).toHaveLength(3);
    expect((await sub.client.post(`/api/user/webhooks/${sub.endpointId}/enable`)).body.enabled).toBe(true);
  });

  it('sends nothing once a subscription ended, and keeps endpoints to subscribers with at most 5', async () => {
    const sub = await subscriberWithHook('/ended');
    await endAllAccess(t, sub.id);
    const other = await subscriberWithHook('/still');
    await publish();
    await until(
      () => hooks.on('/still'),
      (g) => g.length > 0,
      5_000,
      50,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(hooks.on('/ended')).toHaveLength(0);
    expect((await sub.client.post('/api/user/webhooks', { url: hooks.base + '/x' })).status).toBe(403);
    // Checked again at send time: a delivery waiting for its retry when the subscription ends is skipped.
    const busy = await subscriberWithHook('/busy');
    await publish({ instrument: 'AUDUSD', entryPrice: 0.652, slPrice: 0.649, t0Price: 0.655, t1Price: 0.658 });
    await until(
      () => hooks.on('/busy'),
      (g) => g.length > 0,
      5_000,
      50,
    );
    await endAllAccess(t, busy.id);
    const rows = await until(
      () => t.db.db.selectFrom('deliveries').select(['status', 'error']).where('userId', '=', busy.id).execute(),
      (l) => l.length > 0 && l.every((d) => d.status === 'skipped'),
      8_000,
    );
    expect(rows.every((d) => d.error === 'subscription ended')).toBe(true);
    expect(hooks.on('/busy')).toHaveLength(1);
    for (let i = 0; i < 4; i++)
      expect((await other.client.post('/api/user/webhooks', { url: `${hooks.base}/more${i}` })).status).toBe(200);
    const sixth = await other.client.post('/api/user/webhooks', { url: hooks.base + '/six' });
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toMatch(/At most 5/);
    const user = await signUp(t);
    expect((await user.client.get('/api/user/webhooks')).status).toBe(403);
  });
});

describe.each(kinds)('webhook address guard on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' });
  });
  afterAll(async () => t?.close());

  it('refuses 127.0.0.1, other private addresses and plain http without WEBHOOKS_ALLOW_PRIVATE', async () => {
    const s = await signUpSubscriber(t);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.8/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/x',
    ]) {
      const res = await s.client.post('/api/user/webhooks', { url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/^url /);
    }
    // IPv6 forms that carry a private IPv4 address.
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[64:ff9b::127.0.0.1]/hook',
      'https://[2002:7f00:1::1]/hook',
    ]) {
      const res = await s.client.post('/api/user/webhooks', { url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/^url .*private/);
    }
    const http = await s.client.post('/api/user/webhooks', { url: 'http://example.com/hook' });
    expect(http.status).toBe(400);
    expect(http.body.message).toMatch(/https/);
    expect((await s.client.get('/api/user/webhooks')).body).toEqual([]);
  });
});
