import { judgePriceAlerts } from '@t0/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys, pushService } from '../fakes/push-service';
import { scriptedMarket } from '../fakes/market';
import { FakeTelegramBotApi } from '../fakes/telegram-bot-api';
import { signUpSubscriber, startTestApp, testDbKinds, until, type Answer, type TestApp } from '../harness';

// A subscriber's price alerts (docs/features/price-alerts.md): set on an instrument of their plan, judged by the server on
// a scripted price path, fired once however long the price hovers at the level, and delivered by
// their channels (Telegram and web push here), quiet hours holding all but the in-app copy.
const kinds = await testDbKinds();
const TOKEN = '7000000077:AAprice-alerts_for-the-fake-bot-api';
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe.each(kinds)('price alerts on %s', (kind) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof pushService>>;
  const tg = new FakeTelegramBotApi(TOKEN, { id: 7000000077, username: 'T0AlertsBot' });
  let sub: Awaited<ReturnType<typeof signUpSubscriber>>;
  let quiet: Awaited<ReturnType<typeof signUpSubscriber>>;
  const CHAT = 880_000_001;
  const QUIET_CHAT = 880_000_002;

  const ok = <T>(res: Answer<T>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** One price refresh of the watch, as the price step runs it. */
  const tick = (price: number) =>
    judgePriceAlerts(t.db.db, { GBPJPY: price }, new Date(), {
      jobs: t.app.ports.jobs,
      log: pino({ level: 'silent' }),
    });
  const telegramTo = (chat: number) =>
    tg.calls.filter((c) => c.method === 'sendMessage' && String(c.body.chat_id) === String(chat));

  /** A subscriber reachable on Telegram (a linked chat) and web push (a browser). */
  async function reachable(chat: number, name: string) {
    const s = await signUpSubscriber(t);
    await t.db.db
      .insertInto('telegramLinks')
      .values({ userId: s.id, chatId: String(chat), username: name })
      .execute();
    ok(
      await s.client.post('/api/push/subscriptions', {
        endpoint: `${push.base}/push/${name}`,
        expirationTime: null,
        keys: browserKeys().keys,
        label: name,
      }),
    );
    return s;
  }

  beforeAll(async () => {
    push = await pushService();
    // The app's own price watch (its first run can come late on a busy machine) quotes no GBPJPY:
    // only the test's ticks judge the alerts here, none locked or moved by a run of the app's.
    const market = scriptedMarket({ US30: 41_300 });
    t = await startTestApp(
      kind,
      {
        PRICE_REFRESH_MS: '3600000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: 'price-alerts-webhook-secret_0123456789',
        TELEGRAM_API_ROOT: await tg.start(),
        LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
      },
      { ports: { prices: market.feed } },
    );
    sub = await reachable(CHAT, 'alerts');
    quiet = await reachable(QUIET_CHAT, 'quiet');
    const now = new Date();
    const prefs = ok(await quiet.client.get('/api/user/delivery-preferences')) as Record<string, unknown>;
    ok(
      await quiet.client.put('/api/user/delivery-preferences', {
        ...prefs,
        channelStates: undefined,
        quietHours: {
          start: hhmm(new Date(now.getTime() - 3_600_000)),
          end: hhmm(new Date(now.getTime() + 3_600_000)),
          urgentStillComes: true,
        },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await tg.stop();
  });

  it('refuses bad input naming the field, an instrument outside the plan, and a 51st alert', async () => {
    const zero = await sub.client.post('/api/user/price-alerts', {
      instrument: 'GBPJPY',
      condition: 'above',
      level: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.fields[0].path).toBe('level');
    const outside = await sub.client.post('/api/user/price-alerts', {
      instrument: 'XAUUSD',
      condition: 'above',
      level: 4000,
    });
    expect(outside.status).toBe(400);
    expect(outside.body.fields[0].path).toBe('instrument');
    const condition = await sub.client.post('/api/user/price-alerts', {
      instrument: 'GBPJPY',
      condition: 'near',
      level: 1,
    });
    expect(condition.body.fields[0].path).toBe('condition');
    expect(ok(await sub.client.get('/api/user/price-alerts'))).toEqual([]);
    const other = await signUpSubscriber(t);
    for (let i = 0; i < 50; i++)
      ok(
        await other.client.post('/api/user/price-alerts', {
          instrument: 'US30',
          condition: 'above',
          level: 50_000 + i,
        }),
      );
    expect(
      (await other.client.post('/api/user/price-alerts', { instrument: 'US30', condition: 'above', level: 1 })).status,
    ).toBe(409);
  });

  it('fires once when the price crosses, not again while it hovers, and reaches Telegram and push', async () => {
    for (const s of [sub, quiet])
      ok(
        await s.client.post('/api/user/price-alerts', {
          instrument: 'GBPJPY',
          condition: 'crossing',
          level: '196.500',
          repeat: 'every',
          note: 'Weekly pivot',
        }),
      );
    // Below the band, then across and hovering within 2 pips of the level: one firing each.
    for (const price of [196.3, 196.4, 196.52, 196.49, 196.51, 196.5]) await tick(price);
    const mine = ok(await sub.client.get<Array<{ firedCount: number; active: boolean }>>('/api/user/price-alerts'));
    expect(mine).toMatchObject([{ firedCount: 1, active: true }]);
    const telegram = await until(
      () => telegramTo(CHAT),
      (l) => l.length >= 1,
      10_000,
      50,
    );
    expect(String(telegram[0]!.body.text)).toContain('GBPJPY crossed 196.500');
    expect(String(telegram[0]!.body.text)).toContain('Weekly pivot');
    await until(
      () => push.on('/push/alerts'),
      (l) => l.length >= 1,
      10_000,
      50,
    );
    // The owner's open tabs hear it; nobody else's.
    const live = await t.db.db.selectFrom('events').selectAll().where('type', '=', 'price_alert.fired').execute();
    expect(live.map((e) => e.audience).sort()).toEqual([`user:${quiet.id}`, `user:${sub.id}`].sort());
    // Only a move back out of the band and across again fires it again.
    await tick(196.7);
    await tick(196.5);
    expect(ok(await sub.client.get<Array<{ firedCount: number }>>('/api/user/price-alerts'))[0]!.firedCount).toBe(2);
    await until(
      () => telegramTo(CHAT),
      (l) => l.length === 2,
      10_000,
      50,
    );
    expect(telegramTo(CHAT)).toHaveLength(2);
  });

  it('holds a quiet-hours subscriber’s channels: only the in-app copy comes now', async () => {
    const held = await until(
      async () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['channel', 'dueAt', 'status'])
          .where('userId', '=', quiet.id)
          .where('event', '=', 'price_alert')
          .execute(),
      (rows) => rows.length >= 2,
      10_000,
      50,
    );
    for (const d of held) expect(d.dueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(telegramTo(QUIET_CHAT)).toEqual([]);
    expect(push.on('/push/quiet')).toEqual([]);
  });

  it('turns off with the profile’s price alerts switch and pauses with active: false', async () => {
    const [alert] = ok(await sub.client.get<Array<{ id: number; firedCount: number }>>('/api/user/price-alerts'));
    const settings = ok(await sub.client.get<Record<string, unknown>>('/api/auth/notification-settings'));
    ok(await sub.client.post('/api/auth/notification-settings', { ...settings, priceAlerts: false }));
    await tick(196.3);
    await tick(196.6);
    expect(ok(await sub.client.get<Array<{ firedCount: number }>>('/api/user/price-alerts'))[0]!.firedCount).toBe(2);
    ok(await sub.client.post('/api/auth/notification-settings', { ...settings, priceAlerts: true }));
    const paused = ok(await sub.client.patch(`/api/user/price-alerts/${alert!.id}`, { active: false }));
    expect(paused).toMatchObject({ active: false });
    await tick(196.3);
    await tick(196.6);
    expect(ok(await sub.client.get<Array<{ firedCount: number }>>('/api/user/price-alerts'))[0]!.firedCount).toBe(2);
    expect((await sub.client.request('DELETE', `/api/user/price-alerts/${alert!.id}`)).status).toBe(200);
    expect((await sub.client.request('DELETE', `/api/user/price-alerts/${alert!.id}`)).status).toBe(404);
  });

  it('goes by e-mail too when the MY PRICE ALERTS row allows e-mail', async () => {
    const fresh = await signUpSubscriber(t);
    const mine = () => t.mailed().filter((m) => m.to === fresh.email);
    const alert = (level: string) =>
      fresh.client.post('/api/user/price-alerts', {
        instrument: 'GBPJPY',
        condition: 'above',
        level,
        note: 'Range top',
      });
    const prefs = ok(await fresh.client.get<Record<string, any>>('/api/user/delivery-preferences'));
    ok(
      await fresh.client.put('/api/user/delivery-preferences', {
        ...prefs,
        channelStates: undefined,
        channels: { ...prefs.channels, price_alert: { ...prefs.channels.price_alert, email: true } },
      }),
    );
    ok(await alert('197.500'));
    await tick(197.6);
    const [mail] = await until(
      async () => mine(),
      (l) => l.length >= 1,
      10_000,
      50,
    );
    expect(mine()).toHaveLength(1);
    expect(mail).toMatchObject({
      kind: 'price_alert',
      subject: 'T0 Terminal: PRICE ALERT: GBPJPY above 197.500 (mid)',
    });
    expect(mail!.text).toContain('GBPJPY at 197.600. Range top');
    expect(mail!.text).toContain('/profile?section=alerts');
    // One delivery, recorded as the other channels' are (the console's figures count it).
    const sent = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['channel', 'status'])
          .where('userId', '=', fresh.id)
          .where('channel', '=', 'email')
          .execute(),
      (rows) => rows[0]?.status === 'sent',
      10_000,
      50,
    );
    expect(sent).toEqual([{ channel: 'email', status: 'sent' }]);
  });
});
