import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  until,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';

// Follow and mute an analyst per channel (docs/features/delivery-channels.md): the fan-out records
// a signal's deliveries on each channel as the subscriber's rules say; an unknown analyst is a 400
// naming the field, and changes nothing.

const kinds = await oneTestDbKind();

describe.each(kinds)('following and muting analysts on %s', (kind) => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let admin: TestClient;
  let analystA: TestClient;
  let analystB: TestClient;
  let sub: { client: TestClient; id: number };
  let prefs: Record<string, unknown>;

  const ok = <T = Record<string, unknown>>(res: { status: number; body: T }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  /** Publishes as this desk member; answers the channels the subscriber's deliveries of it were recorded on. */
  const channelsOf = async (c: TestClient) => {
    const { id } = ok(await c.post<{ id: number }>('/api/signals', VALID_SIGNAL));
    // The fan-out records every delivery of the event in one transaction: once the desk's is there, all are.
    await until(
      () => t.db.db.selectFrom('deliveries').select('id').where('signalId', '=', id).execute(),
      (rows) => rows.length > 0,
    );
    const rows = await t.db.db
      .selectFrom('deliveries')
      .select('channel')
      .where('signalId', '=', id)
      .where('userId', '=', sub.id)
      .where('event', '=', 'published')
      .execute();
    return rows.map((r) => r.channel).sort();
  };

  const save = (analysts: unknown) => sub.client.put('/api/user/delivery-preferences', { ...prefs, analysts });

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"1"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DISCORD_API_BASE: base,
      DISCORD_DESK_WEBHOOK_URL: `${base}/api/webhooks/999999999999/desk-token-abcdefghij`,
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    const ua = await signUp(t);
    const ub = await signUp(t);
    analystA = ua.client;
    analystB = ub.client;
    for (const [u, displayName] of [
      [ua, 'Analyst A'],
      [ub, 'Analyst B'],
    ] as const)
      ok(await admin.post(`/api/admin/users/${u.id}/analyst`, { displayName, rooms: ['main'] }));

    sub = await signUpSubscriber(t);
    ok(await sub.client.post('/api/user/webhooks', { url: `${base}/hook`, description: 'bot' }));
    const {
      channelStates: _states,
      analysts: _rules,
      ...current
    } = ok(await sub.client.get('/api/user/delivery-preferences'));
    prefs = { ...current, discordWebhookUrl: `${base}/api/webhooks/123456789012/abcdefghijklmnopqrstuvwxyz` };
    ok(await sub.client.put('/api/user/delivery-preferences', prefs));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  it('lists the analysts to choose from, by the name shown', async () => {
    const listed = ok(await sub.client.get<{ slug: string; displayName: string; active: boolean }[]>('/api/analysts'));
    expect(listed.map((a) => a.slug)).toEqual(['analyst-a', 'analyst-b']);
    expect(listed.every((a) => a.active && !('email' in a))).toBe(true);
  });

  it('delivers every signal on both channels before any rule', async () => {
    expect(await channelsOf(analystA)).toEqual(['discord', 'webhook']);
  });

  it("leaves a muted analyst's signal off that channel and delivers it on the other", async () => {
    const saved = ok(await save([{ channel: 'discord', analyst: 'analyst-a', rule: 'mute' }]));
    expect(saved.analysts).toEqual([{ channel: 'discord', analyst: 'analyst-a', rule: 'mute' }]);
    expect(await channelsOf(analystA)).toEqual(['webhook']);
    expect(await channelsOf(analystB)).toEqual(['discord', 'webhook']);
  });

  it('with an analyst followed on a channel, delivers only theirs there (the desk passes)', async () => {
    ok(await save([{ channel: 'webhook', analyst: 'analyst-b', rule: 'follow' }]));
    expect(await channelsOf(analystA)).toEqual(['discord']);
    expect(await channelsOf(analystB)).toEqual(['discord', 'webhook']);
    expect(await channelsOf(admin)).toEqual(['discord', 'webhook']);
  });

  it('keeps the rules when a save leaves them out', async () => {
    ok(await sub.client.put('/api/user/delivery-preferences', prefs));
    const read = ok(await sub.client.get('/api/user/delivery-preferences'));
    expect(read.analysts).toEqual([{ channel: 'webhook', analyst: 'analyst-b', rule: 'follow' }]);
  });

  it('refuses an unknown analyst, or one followed and muted on one channel, naming the field; nothing changes', async () => {
    const unknown = await save([
      { channel: 'discord', analyst: 'analyst-a', rule: 'mute' },
      { channel: 'email', analyst: 'nobody-here', rule: 'mute' },
    ]);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('analysts.1.analyst');
    const both = await save([
      { channel: 'discord', analyst: 'analyst-a', rule: 'mute' },
      { channel: 'discord', analyst: 'analyst-a', rule: 'follow' },
    ]);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('analysts.1.rule');
    const inApp = await save([{ channel: 'in_app', analyst: 'analyst-a', rule: 'mute' }]);
    expect(inApp.status).toBe(400);
    expect(JSON.stringify(inApp.body)).toContain('analysts');
    const read = ok(await sub.client.get('/api/user/delivery-preferences'));
    expect(read.analysts).toEqual([{ channel: 'webhook', analyst: 'analyst-b', rule: 'follow' }]);
  });
});
