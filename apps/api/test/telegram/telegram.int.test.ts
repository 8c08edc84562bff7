import { formatPrice, parseCopierBlock, REDELIVERY_NOTE } from '@t0/contracts';
import { recoverStalledDeliveries } from '@t0/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../src/adapters/delivery';
import { loadConfig } from '../../src/config';
import { ensureKeyFiles } from '../../src/config-keys';
import { commandEntities } from '../fakes/telegram-bot-api';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await testDbKinds();

const TOKEN = '7000000001:AAtest-token_for-the-fake-bot-api';
const SECRET = 'tg-webhook-secret_0123456789abcdef';
const DESK = '-1001234567890';
const BOT = 'T0TestSignalsBot';

// The Telegram Bot API (https://api.telegram.org, the default TELEGRAM_API_ROOT) is outside this
// machine: msw answers it and records every call.
interface Call {
  method: string;
  body: Record<string, unknown>;
  at: number;
}
const calls: Call[] = [];
/** Per chat id: answers to give before the normal 200 (first one first). */
const scripted = new Map<string, { status: number; body: Record<string, unknown> }[]>();
let messageId = 1;

const botApi = setupServer(
  http.post(/^https:\/\/api\.telegram\.org\/bot[^/]+\/\w+$/, async ({ request }) => {
    const url = new URL(request.url);
    const method = url.pathname.split('/').pop()!;
    if (url.pathname.split('/')[1] !== `bot${TOKEN}`)
      return HttpResponse.json({ ok: false, error_code: 401, description: 'Unauthorized' }, { status: 401 });
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    calls.push({ method, body, at: Date.now() });
    if (method === 'getMe')
      return HttpResponse.json({
        ok: true,
        result: { id: 7000000001, is_bot: true, first_name: 'T0 Signals', username: BOT },
      });
    if (method === 'sendMessage') {
      const queue = scripted.get(String(body.chat_id));
      const next = queue?.shift();
      if (next) return HttpResponse.json({ ok: false, ...next.body }, { status: next.status });
      return HttpResponse.json({
        ok: true,
        result: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'private' },
          text: body.text,
        },
      });
    }
    return HttpResponse.json({ ok: true, result: true });
  }),
);

const sentTo = (chatId: string | number) =>
  calls.filter((c) => c.method === 'sendMessage' && String(c.body.chat_id) === String(chatId));
let chatSeq = 500_000_000;
const newChat = () => chatSeq++;
let updateSeq = 1;

describe.each(kinds)('Telegram delivery on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;

  /** One update posted to the webhook route as Telegram would. */
  const postUpdate = (update: Record<string, unknown>, secret: string | null = SECRET) =>
    t
      .client()
      .request(
        'POST',
        '/api/webhooks/telegram',
        { update_id: updateSeq++, ...update },
        secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      );
  const message = (chatId: number, text: string, username = `trader${chatId}`) =>
    postUpdate({
      message: {
        message_id: updateSeq,
        date: 1,
        chat: { id: chatId, type: 'private', username },
        from: { id: chatId, is_bot: false, first_name: 'T', username },
        text,
        entities: commandEntities(text),
      },
    });

  /** The profile's LINK TELEGRAM: the deep link's code. */
  const linkCode = async (client: TestClient) => {
    const res = await client.post('/api/telegram/link');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT}`);
    return url.searchParams.get('start')!;
  };

  /** A subscriber whose account is linked to a fresh chat. */
  const linkedSubscriber = async () => {
    const s = await signUpSubscriber(t);
    const chatId = newChat();
    const res = await message(chatId, `/start ${await linkCode(s.client)}`);
    expect(res.body).toMatchObject({ ok: true, outcome: 'linked' });
    return { ...s, chatId };
  };

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

  beforeAll(async () => {
    botApi.listen({ onUnhandledRequest: 'bypass' });
    calls.length = 0;
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_CHANNEL_ID: DESK,
      TELEGRAM_SET_WEBHOOK: 'true',
      DELIVERY_RETRY_SCHEDULE_MS: '300,600',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    botApi.close();
  });

  it('sets its webhook at start-up with PUBLIC_URL and the secret (TELEGRAM_SET_WEBHOOK)', async () => {
    const [set] = await until(
      () => calls.filter((c) => c.method === 'setWebhook'),
      (l) => l.length === 1,
      5_000,
      25,
    );
    expect(set!.body).toMatchObject({
      url: 'http://t0.test/api/webhooks/telegram',
      secret_token: SECRET,
      // And the paid chats' updates: any room may be given a chat in the console.
      allowed_updates: ['message', 'callback_query', 'my_chat_member', 'chat_member', 'chat_join_request'],
    });
  });

  it('links a chat end to end: profile link → /start <code> on the webhook → linked, with the secret checked and the code used once', async () => {
    const s = await signUpSubscriber(t);
    expect((await s.client.get('/api/telegram/status')).body).toEqual({
      configured: true,
      linked: false,
      username: null,
      linkedAt: null,
    });
    const prefs = await s.client.get('/api/user/delivery-preferences');
    expect(prefs.body.channelStates.telegram).toBe('ready');

    const first = await linkCode(s.client);
    const code = await linkCode(s.client);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The bot's username is asked once (TELEGRAM_BOT_USERNAME unset).
    expect(calls.filter((c) => c.method === 'getMe')).toHaveLength(1);
    // Only the hash is stored.
    const stored = await t.db.db.selectFrom('telegramLinkCodes').selectAll().where('userId', '=', s.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.codeHash).not.toContain(code);

    const chatId = newChat();
    const start = {
      message: {
        message_id: 1,
        date: 1,
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'T', username: 'bob_fx' },
        text: `/start ${code}`,
        entities: commandEntities(`/start ${code}`),
      },
    };
    // The secret header is required and must match: nothing is read without it.
    expect((await postUpdate(start, 'wrong-secret-wrong-secret-wrong')).status).toBe(401);
    expect((await postUpdate(start, null)).status).toBe(401);
    expect((await postUpdate(start, `${SECRET}x`)).status).toBe(401);
    expect((await s.client.get('/api/telegram/status')).body.linked).toBe(false);
    const notAnUpdate = await t
      .client()
      .request('POST', '/api/webhooks/telegram', { nonsense: true }, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(notAnUpdate.status).toBe(400);

    const linked = await postUpdate(start);
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ ok: true, outcome: 'linked' });
    expect(sentTo(chatId).at(-1)!.body.text).toMatch(/^Linked to T0 Terminal/);
    expect((await s.client.get('/api/telegram/status')).body).toMatchObject({
      configured: true,
      linked: true,
      username: 'bob_fx',
    });
    // The earlier code was replaced by the newer one.
    expect((await message(newChat(), `/start ${first}`)).body.outcome).toBe('link_refused');
  });

  it('links with a fresh code, confirms in the chat, and refuses a reused, replaced or expired code', async () => {
    const s = await signUpSubscriber(t);
    const replaced = await linkCode(s.client);
    const code = await linkCode(s.client);
    const chatId = newChat();

    const refusedOld = await message(chatId, `/start ${replaced}`);
    expect(refusedOld.body.outcome).toBe('link_refused');

    const linked = await message(chatId, `/start ${code}`, 'alice_trades');
    expect(linked.status).toBe(200);
    expect(linked.body.outcome).toBe('linked');
    const replies = sentTo(chatId);
    expect(replies.at(-1)!.body.text).toMatch(/Linked to T0 Terminal/);
    expect(replies.at(-2)!.body.text).toMatch(/expired or was already used/);
    const status = (await s.client.get('/api/telegram/status')).body;
    expect(status).toMatchObject({ configured: true, linked: true, username: 'alice_trades' });
    expect(Date.parse(status.linkedAt)).toBeGreaterThan(Date.now() - 60_000);

    // The same code from another chat: refused, the link stays where it is.
    const other = newChat();
    expect((await message(other, `/start ${code}`)).body.outcome).toBe('link_refused');
    expect(sentTo(other).at(-1)!.body.text).toMatch(/LINK TELEGRAM/);
    const link = await t.db.db
      .selectFrom('telegramLinks')
      .selectAll()
      .where('userId', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(link.chatId).toBe(String(chatId));

    // An expired code is refused too.
    const late = await linkCode(s.client);
    await t.db.db
      .updateTable('telegramLinkCodes')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', s.id)
      .execute();
    expect((await message(other, `/start ${late}`)).body.outcome).toBe('link_refused');

    // /start alone answers how to link.
    expect((await message(other, '/start')).body.outcome).toBe('help');
    expect(sentTo(other).at(-1)!.body.text).toContain('http://t0.test/profile');
  });

  it('sends a published signal to the linked chat within 2 s, with its levels in HTML, and posts it to the desk channel', async () => {
    const sub = await linkedSubscriber();
    // A linked account without a subscription: its chat must never see the levels or the copier block.
    const free = await signUp(t);
    const freeChat = newChat();
    expect((await message(freeChat, `/start ${await linkCode(free.client)}`)).body).toMatchObject({
      ok: true,
      outcome: 'linked',
    });
    const before = sentTo(DESK).length;
    const signal = await publish();
    const started = Date.now();
    const [published, activated] = await until(
      () => sentTo(sub.chatId),
      (l) => l.length >= 3,
      5_000,
      25,
    ).then((l) => l.slice(1));
    expect(published!.at - started).toBeLessThan(2_000);
    expect(published!.body.parse_mode).toBe('HTML');
    const text = published!.body.text as string;
    expect(text).toContain('<b>GBPJPY LONG PUBLISHED</b>');
    for (const [label, price] of [
      ['Entry', 196.45],
      ['Stop', 195.6],
      ['T0', 197.2],
      ['T1', 198.3],
    ] as const) {
      expect(text).toContain(`${label} <code>${formatPrice('GBPJPY', price)}</code>`);
    }
    expect(text).toMatch(/Status [A-Z]+/);
    expect(text).toContain('<a href="http://t0.test/dashboard">Open T0 Terminal</a>');
    // It ends with the copier block, which reads back into the signal's levels.
    expect(text.endsWith('TP2: 198.300 (50%)')).toBe(true);
    expect(parseCopierBlock(text)).toEqual({
      instrument: 'GBPJPY',
      direction: 'long',
      orderType: 'market',
      entryPrice: 196.45,
      slPrice: 195.6,
      t0Price: 197.2,
      t1Price: 198.3,
      t0Share: 50,
    });
    // Published at market: activated follows, in order.
    expect(activated!.body.text).toContain('ACTIVATED');

    // The desk channel: one post per event, recorded without a user. The day's signed checkpoint
    // may reach the channel in between (its job's first run at start can come late on a busy machine).
    const signalPosts = () =>
      sentTo(DESK)
        .slice(before)
        .filter((m) => !String(m.body.text).includes('Signed record checkpoint'));
    const desk = await until(signalPosts, (l) => l.length >= 2, 5_000, 25);
    expect(desk[0]!.body.text).toContain('GBPJPY LONG PUBLISHED');
    const deskRows = await t.db.db
      .selectFrom('deliveries')
      .select(['userId', 'status'])
      .where('channel', '=', 'telegram')
      .where('signalId', '=', signal.id)
      .where('userId', 'is', null)
      .execute();
    expect(deskRows).toHaveLength(2);
    const mine = await until(
      async () => (await sub.client.get('/api/user/deliveries')).body as { channel: string; status: string }[],
      (l) => l.filter((d) => d.channel === 'telegram' && d.status === 'sent').length === 2,
      5_000,
    );
    expect(mine.every((d) => d.channel === 'telegram')).toBe(true);
    const stats = (await admin.get('/api/admin/deliveries')).body as {
      channel: string;
      configured: boolean;
      sent: number;
    }[];
    expect(stats.find((s) => s.channel === 'telegram')).toMatchObject({ configured: true });
    expect(stats.find((s) => s.channel === 'telegram')!.sent).toBeGreaterThanOrEqual(4);
    expect(sentTo(freeChat).map((m) => m.body.text as string)).toEqual([
      expect.stringMatching(/^Linked to T0 Terminal/),
    ]);
    expect(sentTo(freeChat).some((m) => parseCopierBlock(String(m.body.text)) !== null)).toBe(false);
  });

  it('escapes text from the desk: an announcement with < and & arrives as HTML that Telegram can parse', async () => {
    const sub = await linkedSubscriber();
    const n = await admin.post('/api/notifications', {
      title: 'Rates <b>up</b> & away',
      message: 'EUR < USD & "more"',
      type: 'info',
      priority: 'high',
      isGlobal: true,
    });
    expect(n.status, JSON.stringify(n.body)).toBe(200);
    const [, got] = await until(
      () => sentTo(sub.chatId),
      (l) => l.length >= 2,
      5_000,
      25,
    );
    expect(got!.body.text).toContain('<b>Rates &lt;b&gt;up&lt;/b&gt; &amp; away</b>');
    expect(got!.body.text).toContain('EUR &lt; USD &amp; &quot;more&quot;');
  });

  it('honours a 429 retry_after: waits, then sends', async () => {
    const sub = await linkedSubscriber();
    scripted.set(String(sub.chatId), [
      {
        status: 429,
        body: { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } },
      },
    ]);
    const signal = await publish({
      instrument: 'AUDUSD',
      entryPrice: 0.652,
      slPrice: 0.649,
      t0Price: 0.655,
      t1Price: 0.658,
    });
    const tries = await until(
      () => sentTo(sub.chatId).slice(1),
      (l) => l.length >= 3,
      8_000,
      25,
    );
    // The first try was refused; the next waited the second Telegram asked for.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    expect(tries[1]!.body.text).toBe(tries[0]!.body.text);
    const rows = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['status', 'attempts', 'event'])
          .where('userId', '=', sub.id)
          .where('signalId', '=', signal.id)
          .orderBy('id')
          .execute(),
      (l) => l.length === 2 && l.every((r) => r.status === 'sent'),
      8_000,
    );
    expect(rows[0]).toMatchObject({ event: 'published', attempts: 2 });
  });

  it('unlinks a chat that blocked the bot (403) and does not retry it', async () => {
    const sub = await linkedSubscriber();
    const blocked = { status: 403, body: { error_code: 403, description: 'Forbidden: bot was blocked by the user' } };
    scripted.set(String(sub.chatId), [blocked, blocked, blocked]);
    await publish({ instrument: 'GBPUSD', entryPrice: 1.27, slPrice: 1.265, t0Price: 1.275, t1Price: 1.28 });
    await until(
      () => sub.client.get('/api/telegram/status'),
      (r) => r.body.linked === false,
      5_000,
    );
    const rows = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['status', 'attempts', 'error'])
          .where('userId', '=', sub.id)
          .orderBy('id')
          .execute(),
      (l) => l.length === 2 && l.every((r) => r.status !== 'queued' && r.status !== 'sending'),
      5_000,
    );
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows[0]!.error).toMatch(/403.*blocked/);
    // The event after it finds no linked chat.
    expect(rows[1]).toMatchObject({ status: 'skipped', error: 'Telegram not linked' });
    await new Promise((r) => setTimeout(r, 800));
    // The link reply, then the one refused message: nothing retried.
    expect(sentTo(sub.chatId)).toHaveLength(2);
  });

  it("/stop and the profile's UNLINK unlink; so does blocking the bot", async () => {
    const a = await linkedSubscriber();
    const stop = await message(a.chatId, '/stop');
    expect(stop.body.outcome).toBe('unlinked');
    expect(sentTo(a.chatId).at(-1)!.body.text).toMatch(/^Unlinked/);
    expect((await a.client.get('/api/telegram/status')).body.linked).toBe(false);
    expect((await message(a.chatId, '/stop')).body.outcome).toBe('not_linked');

    const b = await linkedSubscriber();
    const unlinked = await b.client.post('/api/telegram/unlink');
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ configured: true, linked: false, username: null, linkedAt: null });
    await until(
      () => sentTo(b.chatId),
      (l) => l.at(-1)?.body.text === 'Unlinked from your T0 Terminal profile: nothing more will be sent to this chat.',
      5_000,
      25,
    );

    const c = await linkedSubscriber();
    const kicked = await postUpdate({
      my_chat_member: {
        chat: { id: c.chatId, type: 'private' },
        from: { id: c.chatId },
        date: 1,
        old_chat_member: { status: 'member' },
        new_chat_member: { status: 'kicked' },
      },
    });
    expect(kicked.body.outcome).toBe('blocked');
    expect((await c.client.get('/api/telegram/status')).body.linked).toBe(false);

    // Nothing reaches the unlinked chats.
    const before = [a, b, c].map((x) => sentTo(x.chatId).length);
    const live = await linkedSubscriber();
    await publish({ instrument: 'US30', entryPrice: 42000, slPrice: 41800, t0Price: 42300, t1Price: 42600 });
    await until(
      () => sentTo(live.chatId),
      (l) => l.length >= 3,
      5_000,
      25,
    );
    expect([a, b, c].map((x) => sentTo(x.chatId).length)).toEqual(before);
  });

  it('lets any signed-in account ask for a link, and refuses anonymous calls', async () => {
    expect((await t.client().get('/api/telegram/status')).status).toBe(401);
    expect((await t.client().post('/api/telegram/link')).status).toBe(401);
    const user = await signUp(t);
    expect((await user.client.post('/api/telegram/link')).status).toBe(200);
  });
  it('a message sent again after an interrupted attempt says it is a repeat and arrives without a sound', async () => {
    const sub = await linkedSubscriber();
    const signal = await publish({ status: 'limit', entryPrice: 196.1 });
    const [, first] = await until(
      () => sentTo(sub.chatId),
      (l) => l.length >= 2,
      5_000,
      25,
    );
    expect(first!.body.disable_notification).toBeUndefined();
    expect(first!.body.text).not.toContain(REDELIVERY_NOTE);
    // As a process killed between Telegram's answer and recording it leaves the delivery.
    const row = await until(
      () =>
        t.db.db
          .selectFrom('deliveries')
          .select(['id', 'status'])
          .where('signalId', '=', signal.id)
          .where('userId', '=', sub.id)
          .where('channel', '=', 'telegram')
          .executeTakeFirst(),
      (r) => r?.status === 'sent',
      5_000,
    );
    await t.db.db
      .updateTable('deliveries')
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 600_000) })
      .where('id', '=', row!.id)
      .execute();
    expect(
      await recoverStalledDeliveries(
        { db: t.db.db, jobs: t.app.ports.jobs, log: { info() {}, warn() {}, error() {} } },
        120_000,
      ),
    ).toBe(1);
    const [, , again] = await until(
      () => sentTo(sub.chatId),
      (l) => l.length >= 3,
      5_000,
      25,
    );
    expect(again!.body.disable_notification).toBe(true);
    expect(again!.body.text).toContain(`<i>${REDELIVERY_NOTE}</i>`);
    expect(String(again!.body.text).replace(`\n<i>${REDELIVERY_NOTE}</i>`, '')).toBe(first!.body.text);
    expect(
      await until(
        () => t.db.db.selectFrom('deliveries').select('status').where('id', '=', row!.id).executeTakeFirstOrThrow(),
        (r) => r.status === 'sent',
        5_000,
      ),
    ).toEqual({ status: 'sent' });
  });
});

describe.each(kinds)('Telegram not configured on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A desk Discord webhook that refuses connections: its delivery row shows the fan-out ran.
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      TELEGRAM_CHANNEL_ID: DESK,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DISCORD_API_BASE: 'http://127.0.0.1:9',
      DISCORD_DESK_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/123456789012/desk-token-abcdefghij',
      DELIVERY_RETRY_SCHEDULE_MS: '60000',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
  });
  afterAll(async () => t?.close());

  it('says "not configured", refuses to link, answers 404 to updates and queues nothing', async () => {
    const s = await signUpSubscriber(t);
    expect((await s.client.get('/api/telegram/status')).body).toEqual({
      configured: false,
      linked: false,
      username: null,
      linkedAt: null,
    });
    expect((await s.client.get('/api/user/delivery-preferences')).body.channelStates.telegram).toBe('not_configured');
    const link = await s.client.post('/api/telegram/link');
    expect(link.status).toBe(400);
    expect(link.body.message).toBe('Telegram is not configured on this server');
    const update = await t
      .client()
      .request('POST', '/api/webhooks/telegram', { update_id: 1 }, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(update.status).toBe(404);

    // Even a chat left linked from before (a token since removed) is not sent to.
    await t.db.db.insertInto('telegramLinks').values({ userId: s.id, chatId: '42', username: null }).execute();
    const admin = (await signUpAdmin(t)).client;
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.45,
      slPrice: 195.6,
      t0Price: 197.2,
      t1Price: 198.3,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(res.status).toBe(200);
    // Both events fanned out (the desk Discord rows), and not one Telegram delivery among them.
    const rows = await until(
      () => t.db.db.selectFrom('deliveries').select(['channel']).execute(),
      (l) => l.filter((d) => d.channel === 'discord').length >= 2,
      5_000,
    );
    expect(rows.filter((d) => d.channel === 'telegram')).toHaveLength(0);
    const stats = (await admin.get('/api/admin/deliveries')).body as { channel: string; configured: boolean }[];
    expect(stats.find((x) => x.channel === 'telegram')).toMatchObject({ configured: false, sent: 0 });
  });

  it('a token without the webhook secret stays not configured', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0000', DATA_DIR: t.dataDir };
    expect(
      createDelivery(ensureKeyFiles(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN }))).channels.telegram,
    ).toBeUndefined();
    expect(
      createDelivery(
        ensureKeyFiles(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET })),
      ).channels.telegram,
    ).toBeDefined();
    expect(() => loadConfig({ ...base, TELEGRAM_WEBHOOK_SECRET: 'short' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, TELEGRAM_CHANNEL_ID: 'not a chat' })).toThrow(/TELEGRAM_CHANNEL_ID/);
  });
});
