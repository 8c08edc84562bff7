import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildOpenApiDocument, JOB_NAMES, type PriceMap } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEntities, FakeTelegramBotApi } from '../fakes/telegram-bot-api';
import {
  endAllAccess,
  firstRunsEnded,
  grantPlan,
  signUp,
  signUpAdmin,
  STRONG_PASSWORD,
  startTestApp,
  uniqueEmail,
  until,
  type TestApp,
  type TestClient,
} from '../harness';
import { scriptedMarket, tickMarket } from '../fakes/market';

// The attack on rooms: a signal of the Gold room (B) runs its life (published as a pending order,
// filled, T0 reached, stop moved) while people who may not read it try every door: each GET
// operation of the OpenAPI document, both stream doors, the tRPC timeline, the notifications, and
// every delivery channel (their records, a real webhook receiver, and the Telegram bot through its
// fake), and each room's paid chat (the default room's, TELEGRAM_PAID_CHAT_ID, and Gold's own).
// Nothing of B that moves with the trade may reach them: no direction, level, memo, salt, status
// change, event time or later event hash; nobody outside Gold gets into Gold's chat. A bundle holder
// reads it all (the test would see a leak). The test fails when any one door skips the entitlement
// decision.

interface Frame {
  text: string;
}

/** An open stream door (GET /api/stream or the tRPC subscription), kept as raw text. */
function rawStream(url: string, client: TestClient): { state: Frame; opened: Promise<number>; close: () => void } {
  const abort = new AbortController();
  const state = { text: '' };
  const opened = fetch(url, {
    headers: { cookie: client.cookieHeader, accept: 'text/event-stream' },
    signal: abort.signal,
  }).then((res) => {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          state.text += decoder.decode(chunk, { stream: true });
      } catch {
        /* closed */
      }
    })();
    return res.status;
  });
  return { state, opened, close: () => abort.abort() };
}

/** A webhook receiver: every body it was sent. */
async function receiver(): Promise<{ base: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

const B = {
  instrument: 'US30',
  direction: 'long',
  entryPrice: 41234.56,
  slPrice: 41111.11,
  t0Price: 41345.67,
  t1Price: 41456.78,
  memo: 'SECRET-GOLD-MEMO-7f3a',
  monthlyBias: 'Bullish',
  confidence: 81,
  status: 'limit',
  stopToEntry: true,
};
const CHART_MEMO = 'SECRET-GOLD-ANALYSIS-91c2';
const TG = { token: '7000000009:AAroom-doors-token_for-the-fake', secret: 'room-doors-webhook-secret_0123456789' };
/** The paid chats: the default room's (the setting) and the Gold room's own. */
const MAIN_CHAT = '-1003000000001';
const GOLD_CHAT = '-1003000000002';

const GOLD_CHART = '/objects/images/2026/11/gold-room-chart.png';

describe('one entitlement decision at every door', () => {
  const market = scriptedMarket({ US30: 41300, GBPJPY: 196.2 });
  let t: TestApp;
  let admin: TestClient;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let signalB = 0;
  const attackers: {
    name: string;
    id: number;
    client: TestClient;
    streams: ReturnType<typeof rawStream>[];
    /** Their linked Telegram chat (a private chat's id is its user's id). */
    chat?: number;
  }[] = [];
  let bundle: { id: number; client: TestClient; streams: ReturnType<typeof rawStream>[]; chat: number };
  const tg = new FakeTelegramBotApi(TG.token, { id: 7000000009, username: 'T0RoomDoorsBot' });
  let chatSeq = 710_000_000;
  let updateSeq = 1;
  /** What of B moves with the trade (admin's view): every one is a leak if a locked reader holds it. */
  let secrets: string[] = [];

  const tick = (next: PriceMap = {}) => tickMarket(t, market, next);
  const openStreams = async (client: TestClient) => {
    const streams = [
      rawStream(`${t.url}/api/stream`, client),
      rawStream(`${t.url}/trpc/live.events?input=${encodeURIComponent('{}')}`, client),
    ];
    for (const s of streams) expect(await s.opened).toBe(200);
    return streams;
  };
  const postUpdate = async (update: Record<string, unknown>) => {
    const res = await t
      .client()
      .request(
        'POST',
        '/api/webhooks/telegram',
        { update_id: updateSeq++, ...update },
        { 'x-telegram-bot-api-secret-token': TG.secret },
      );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.outcome as string;
  };
  /** Links Telegram as the profile does (/start with the link's code). */
  const linkTelegram = async (client: TestClient) => {
    const res = await client.post('/api/telegram/link', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const code = new URL(res.body.url as string).searchParams.get('start')!;
    const chatId = chatSeq++;
    const text = `/start ${code}`;
    const outcome = await postUpdate({
      message: {
        message_id: 1,
        date: 1,
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'T' },
        text,
        entities: commandEntities(text),
      },
    });
    expect(outcome).toBe('linked');
    return chatId;
  };
  /** What the bot sent to a chat. */
  const sentTo = (chatId: number | string) =>
    tg.callsOf('sendMessage').filter((c) => String(c.body.chat_id) === String(chatId));

  beforeAll(async () => {
    hooks = await receiver();
    const tgUrl = await tg.start();
    t = await startTestApp(
      'pg',
      {
        PRICE_REFRESH_MS: '3600000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        TELEGRAM_BOT_TOKEN: TG.token,
        TELEGRAM_WEBHOOK_SECRET: TG.secret,
        TELEGRAM_API_ROOT: tgUrl,
        TELEGRAM_PAID_CHAT_ID: MAIN_CHAT,
        COMMUNITY_TASKS_EVERY_MS: '1000',
      },
      { ports: { prices: market.feed } },
    );
    admin = (await signUpAdmin(t)).client;
    const room = await admin.post('/api/admin/rooms', {
      slug: 'gold',
      name: 'Gold room',
      instruments: ['US30'],
      telegramChatId: GOLD_CHAT,
    });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    for (const plan of [
      { key: 'gold', name: 'Gold', rooms: ['gold'] },
      { key: 'all-access', name: 'All access', rooms: ['main', 'gold'] },
    ]) {
      const res = await admin.post('/api/admin/plans', {
        ...plan,
        terms: 'recurring',
        interval: 'month',
        intervalCount: 1,
        amountCents: 9900,
        currency: 'usd',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // The Gold analysis shows an uploaded chart: the image follows its memo's room.
    await t.app.ports.storage.put(GOLD_CHART.slice('/objects/'.length), Buffer.from('gold chart'), 'image/png');
    const chartMemo = await admin.put('/api/chart-memos/US30', { memoText: CHART_MEMO, memoImageUrls: [GOLD_CHART] });
    expect(chartMemo.status, JSON.stringify(chartMemo.body)).toBe(200);

    // Room A's member, with a webhook endpoint and every channel it may have.
    const memberA = await signUp(t);
    const memberAChat = await linkTelegram(memberA.client);
    await grantPlan(t, memberA.id, 'monthly');
    const hook = await memberA.client.post('/api/user/webhooks', { url: `${hooks.base}/a`, description: 'bot' });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    // A subscriber of the Gold room whose access ended.
    const lapsed = await signUp(t);
    const lapsedChat = await linkTelegram(lapsed.client);
    await grantPlan(t, lapsed.id, 'gold');
    // Their personal link to Gold's chat came; then their access ended (the link is revoked).
    await until(
      () => sentTo(lapsedChat).filter((c) => /t\.me\/\+/.test(String(c.body.text))),
      (l) => l.length === 1,
      15_000,
      50,
    );
    await endAllAccess(t, lapsed.id);
    // An administrator with a second factor, signed in with the password alone.
    const email = uniqueEmail('admin2fa');
    const pw = await signUp(t, email);
    await t.db.db.updateTable('users').set({ isAdmin: true }).where('id', '=', pw.id).execute();
    await t.db.db
      .insertInto('adminSecondFactors')
      .values({ userId: pw.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date(), lastTimeStep: null })
      .execute();
    const pwClient = t.client();
    expect((await pwClient.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const free = await signUp(t);
    const freeChat = await linkTelegram(free.client);
    for (const [name, u, chat] of [
      ['room A member', memberA, memberAChat],
      ['lapsed Gold subscriber', lapsed, lapsedChat],
      ['password-only administrator', { id: pw.id, client: pwClient }, undefined],
      ['free account', free, freeChat],
    ] as const)
      attackers.push({ name, id: u.id, client: u.client, streams: await openStreams(u.client), chat });
    const holder = await signUp(t);
    const holderChat = await linkTelegram(holder.client);
    await grantPlan(t, holder.id, 'all-access');
    bundle = { id: holder.id, client: holder.client, streams: await openStreams(holder.client), chat: holderChat };

    // The app's own first runs (the price watch, the record's checkpoint) have ended before B's
    // life: a checkpoint signed late, in the same millisecond as one of B's moves, would carry that
    // time by coincidence (its head is the public one), and the walk cannot tell a coincidence from a leak.
    await firstRunsEnded(t, [JOB_NAMES.priceWatch, JOB_NAMES.recordCheckpoint]);

    // B's life: published pending, filled, T0 reached (stop to entry), all while its readers watch.
    const res = await admin.post('/api/signals', B);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.room).toBe('gold');
    signalB = res.body.id;
    await tick({ US30: 41234.5 });
    await tick({ US30: 41350 });
    const events = (await admin.get(`/api/signals/${signalB}/events`)).body as {
      type: string;
      at: string;
      salt: string;
      hash: string;
    }[];
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['created', 'activated', 't0_hit']));
    secrets = [
      B.memo,
      CHART_MEMO,
      ...[B.entryPrice, B.slPrice, B.t0Price, B.t1Price].map(String),
      ...events.map((e) => e.salt),
      ...events.filter((e) => e.type !== 'created').flatMap((e) => [e.at, e.hash]),
    ];
    // Let the channels and the streams carry what they carry.
    await until(
      async () => (await bundle.client.get('/api/user/notifications')).body as unknown[],
      (l) => l.length > 0,
      5_000,
    );
    await new Promise((r) => setTimeout(r, 1_500));
  }, 120_000);

  afterAll(async () => {
    for (const a of [...attackers, bundle]) for (const s of a?.streams ?? []) s.close();
    await t?.close();
    await new Promise((r) => hooks?.server.close(r));
    await tg.stop();
  });

  /** Every GET operation of the published document, with B's id, instrument, room and plan (a room's plan, a public plan) in its path. */
  const getPaths = () => {
    const doc = buildOpenApiDocument('http://t0.test/api') as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    return (
      Object.entries(doc.paths)
        .filter(([, ops]) => 'get' in ops)
        // The stream door is read as a stream (both doors, above).
        .filter(([path]) => path !== '/stream')
        .map(([path]) =>
          path
            .replace('{id}', String(signalB))
            .replace('{instrument}', B.instrument)
            .replace('{slug}', 'gold')
            .replace('{key}', 'gold')
            .replace('{plan}', 'monthly')
            .replace(/\{[^}]+\}/g, '1'),
        )
    );
  };

  const leaksIn = (text: string) => secrets.filter((s) => s && text.includes(s));

  it('shows a holder of both rooms everything of B (the walk would see a leak)', async () => {
    const list = (await bundle.client.get('/api/signals')).body as { id: number; memo: string; locked: boolean }[];
    expect(list.find((s) => s.id === signalB)).toMatchObject({ memo: B.memo, locked: false });
    const frames = bundle.streams.map((s) => s.state.text).join('\n');
    expect(frames).toContain(B.memo);
    expect(leaksIn(frames).length).toBeGreaterThan(0);
  });

  it('gives nothing of B that moves with the trade to anyone outside its room, through any door', async () => {
    const paths = getPaths();
    expect(paths.length).toBeGreaterThan(40);
    for (const a of attackers) {
      const found: string[] = [];
      for (const path of paths) {
        const res = await fetch(`${t.url}/api${path}`, {
          headers: { cookie: a.client.cookieHeader },
          signal: AbortSignal.timeout(10_000),
        });
        const body = await res.text();
        for (const s of leaksIn(body)) found.push(`GET /api${path}: ${s}`);
        // B's own answers say it is open and locked: no direction, no status change.
        if (path === '/signals') {
          const b = (JSON.parse(body) as { id: number }[]).find((s) => s.id === signalB);
          expect(b, a.name).toMatchObject({ locked: true, status: 'open', direction: null, room: 'gold' });
        }
        if (path === `/signals/${signalB}/events`)
          expect(
            (JSON.parse(body) as { type: string }[]).map((e) => e.type),
            a.name,
          ).toEqual(['created']);
      }
      const trpc = await a.client.get(
        `/trpc/signals.events?input=${encodeURIComponent(JSON.stringify({ id: signalB }))}`,
      );
      for (const s of leaksIn(JSON.stringify(trpc.body))) found.push(`tRPC signals.events: ${s}`);
      a.streams.forEach((s, i) => {
        for (const x of leaksIn(s.state.text)) found.push(`${i === 0 ? 'GET /api/stream' : 'tRPC live.events'}: ${x}`);
        // Not even B's publication: its time would be the first of its events.
        expect(s.state.text, a.name).not.toContain(`"id":${signalB},"room"`);
      });
      expect(found, a.name).toEqual([]);
      // The administrator's account (not this session) is entitled to its deliveries; what the
      // session may not do is point them elsewhere (below).
      if (a.name === 'password-only administrator') continue;
      // Every channel (in-app, e-mail, web push, Telegram, Discord, webhooks) goes through one router:
      // no delivery and no e-mail of B was recorded for them.
      const deliveries = await t.db.db
        .selectFrom('deliveries')
        .select('id')
        .where('userId', '=', a.id)
        .where('signalId', '=', signalB)
        .execute();
      expect(deliveries, a.name).toEqual([]);
      const emails = await t.db.db
        .selectFrom('signalEmails')
        .select('id')
        .where('userId', '=', a.id)
        .where('signalId', '=', signalB)
        .execute();
      expect(emails, a.name).toEqual([]);
    }
    // The room A member's real webhook receiver heard nothing of B.
    expect(hooks.bodies.filter((b) => leaksIn(b).length > 0 || b.includes(`"signalId":${signalB}`))).toEqual([]);
  }, 180_000);

  it('serves the Gold analysis image to Gold holders only', async () => {
    for (const a of attackers) expect((await a.client.get(GOLD_CHART)).status, a.name).toBe(403);
    expect((await bundle.client.get(GOLD_CHART)).status).toBe(200);
  });

  it('keeps each room’s paid chat to its room: no invite to Gold’s chat outside Gold, a passed-on link removed, nothing of B posted', async () => {
    // The grants' community tasks have run: the bundle holder has a personal link to both rooms' chats.
    const dms = await until(
      () => sentTo(bundle.chat).filter((c) => /t\.me\/\+/.test(String(c.body.text))),
      (l) => l.length === 2,
      15_000,
      100,
    );
    const chatOfLink = (text: unknown) => tg.links.get(/https:\/\/t\.me\/\+\w+/.exec(String(text))![0])!.chat_id;
    expect(dms.map((d) => chatOfLink(d.body.text)).sort()).toEqual([MAIN_CHAT, GOLD_CHAT].sort());

    // The bot posts nothing in a paid chat: a room's signals reach its holders in their own chats only.
    expect(tg.callsOf('sendMessage').filter((c) => [MAIN_CHAT, GOLD_CHAT].includes(String(c.body.chat_id)))).toEqual(
      [],
    );
    for (const a of attackers) {
      if (a.chat === undefined) continue;
      const said = sentTo(a.chat).map((c) => String(c.body.text));
      // Nothing of B through the Telegram channel, and no live link to Gold's chat (the lapsed subscriber's was revoked).
      expect(said.flatMap(leaksIn), a.name).toEqual([]);
      const goldLinks = said
        .flatMap((text) => /https:\/\/t\.me\/\+\w+/.exec(text) ?? [])
        .map((url) => tg.links.get(url)!)
        .filter((l) => l.chat_id === GOLD_CHAT);
      expect(
        goldLinks.filter((l) => !l.is_revoked),
        a.name,
      ).toEqual([]);
      // GET INVITE LINK: the chats of the rooms they hold, Gold's never.
      const invite = await a.client.post('/api/community/telegram/invite', {});
      const rooms = invite.status === 200 ? (invite.body.invites as { rooms: string[] }[]).flatMap((i) => i.rooms) : [];
      expect(rooms, a.name).not.toContain('gold');
    }

    // A Gold link passed on to the room A member: they are removed from Gold's chat at once.
    const memberA = attackers.find((a) => a.name === 'room A member')!;
    const passedOn = (
      (await bundle.client.post('/api/community/telegram/invite', {})).body.invites as {
        rooms: string[];
        url: string;
      }[]
    ).find((i) => i.rooms.includes('gold'))!.url;
    const joined = tg.join(GOLD_CHAT, { id: memberA.chat! }, passedOn);
    expect(typeof joined, String(joined)).toBe('object');
    expect(await postUpdate(joined as Record<string, unknown>)).toBe('joined');
    await until(
      () => tg.status(GOLD_CHAT, memberA.chat!),
      (status) => status === 'left',
      15_000,
      100,
    );
    // Out of Gold's chat: the lapsed subscriber when their access ended, the room A member after their join.
    const lapsed = attackers.find((a) => a.name === 'lapsed Gold subscriber')!;
    expect(
      tg
        .callsOf('banChatMember')
        .filter((c) => c.body.chat_id === GOLD_CHAT)
        .map((c) => c.body.user_id),
    ).toEqual([lapsed.chat, memberA.chat]);
  });

  it('lets no session short of its second factor point deliveries elsewhere', async () => {
    const pw = attackers.find((a) => a.name === 'password-only administrator')!;
    const discord = await pw.client.put('/api/user/delivery-preferences', {
      discordWebhookUrl: 'https://discord.com/api/webhooks/1/attacker',
    });
    expect(discord.status).toBe(403);
    expect(discord.body).toMatchObject({ secondFactor: 'code_required' });
    expect((await pw.client.post('/api/user/webhooks', { url: `${hooks.base}/pw` })).status).toBe(403);
    expect((await pw.client.post('/api/telegram/link', {})).status).toBe(403);
    const saved = await t.db.db
      .selectFrom('deliveryPreferences')
      .select('discordWebhookUrl')
      .where('userId', '=', pw.id)
      .executeTakeFirst();
    expect(saved?.discordWebhookUrl ?? null).toBeNull();
  });

  it('shows B whole to everyone once it closes', async () => {
    await tick({ US30: 41234.0 });
    await tick({ US30: 41460 });
    const a = attackers[0]!;
    await until(
      async () =>
        ((await a.client.get('/api/signals')).body as { id: number; locked: boolean }[]).find((s) => s.id === signalB),
      (s) => s?.locked === false,
      5_000,
    );
    const events = (await a.client.get(`/api/signals/${signalB}/events`)).body as { type: string }[];
    expect(events.map((e) => e.type)).toContain('closed');
  });
});
