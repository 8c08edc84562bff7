import { parseCopierBlock } from '@t0/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await testDbKinds();

const TOKEN = '7000000002:AAtest-token_for-the-alerts-fake-bot';
const DESK = '-1009876543210';
const PER_MINUTE = 6;

// The Telegram Bot API is outside this machine: msw answers it and records every message.
const sent: Array<{ chatId: string; text: string }> = [];
const botApi = setupServer(
  http.post(/^https:\/\/api\.telegram\.org\/bot[^/]+\/\w+$/, async ({ request }) => {
    const method = new URL(request.url).pathname.split('/').pop();
    const body = (await request.json()) as Record<string, unknown>;
    if (method === 'sendMessage') sent.push({ chatId: String(body.chat_id), text: String(body.text) });
    if (method === 'getMe')
      return HttpResponse.json({
        ok: true,
        result: { id: 7000000002, is_bot: true, first_name: 'T0', username: 'T0AlertsTestBot' },
      });
    return HttpResponse.json({
      ok: true,
      result: {
        message_id: sent.length,
        date: 1,
        chat: { id: Number(body.chat_id), type: 'channel' },
        text: body.text,
      },
    });
  }),
);

const EURUSD = {
  symbol: 'EURUSD',
  tickSize: 0.00001,
  unitSize: 0.0001,
  unitName: 'pips',
  decimals: 5,
  feedSymbol: 'EUR/USD',
  entryTolerance: 10,
  referencePrice: 1.08,
};

/** The JSON message template as TradingView sends it once `{{ticker}}`, `{{close}}` … are filled in. */
const filledIn = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    instrument: 'FX:EURUSD',
    direction: 'buy',
    orderType: 'limit',
    entry: '1.08345',
    stop: '1.08000',
    t0: '1.08700',
    t1: '1.09000',
    memo: 'EMA cross on H1',
    ...over,
  });

describe.each(kinds)('TradingView alerts into drafts on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;

  /** Posts an alert as TradingView does: its body as text, `text/plain` unless the message looks like JSON. */
  const alert = (url: string, body: string, contentType = 'application/json') =>
    t.client().request('POST', new URL(url).pathname, body, { 'content-type': contentType });

  const newSource = async (name: string, notifyTelegram = false) => {
    const res = await admin.post('/api/admin/alert-sources', { name, notifyTelegram });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number; token: string; url: string };
  };
  const draftCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('signalDrafts')
          .select((e) => e.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    botApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(
      kind,
      {
        PRICE_REFRESH_MS: '3600000',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: 'tg-webhook-secret_alerts-0123456789',
        TELEGRAM_CHANNEL_ID: DESK,
        INBOUND_ALERTS_PER_MINUTE: String(PER_MINUTE),
        LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
      },
      // The tests pin the feed themselves: a draft far from the market must meet a market that is elsewhere.
      { pinMarketEntries: false },
    );
    admin = (await signUpAdmin(t)).client;
    expect((await admin.post('/api/instruments', EURUSD)).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    botApi.close();
  });

  it("creates a source whose URL (with its token) is shown once; only the token's hash is stored; creation and revocation are audited", async () => {
    const s = await newSource('H1 EMA cross');
    expect(s.url).toBe(`http://t0.test/api/inbound/alerts/${s.token}`);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await admin.get('/api/admin/alert-sources');
    expect(listed.body.find((x: { id: number }) => x.id === s.id)).toMatchObject({
      name: 'H1 EMA cross',
      revokedAt: null,
      drafts: 0,
    });
    expect(JSON.stringify(listed.body)).not.toContain(s.token);
    const row = await t.db.db.selectFrom('alertSources').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(s.token);

    expect((await admin.post(`/api/admin/alert-sources/${s.id}/revoke`)).body).toMatchObject({
      id: s.id,
      revokedAt: expect.any(String),
    });
    expect((await admin.post(`/api/admin/alert-sources/${s.id}/revoke`)).status).toBe(409);
    const audit = await admin.get(`/api/admin/audit?target=alert-source:${s.id}`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'alertSources.revoke',
      'alertSources.create',
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(row.tokenHash);
    expect((await admin.post('/api/admin/alert-sources', { name: ' ' })).body.message).toBe('Name is required');
  });

  it('turns an alert with the placeholders filled in into a pending draft with its levels, whether sent as JSON or as text', async () => {
    const s = await newSource('Levels');
    const res = await alert(s.url, filledIn());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.outcome).toBe('created');
    expect(res.body.draft).toMatchObject({
      sourceName: 'Levels',
      instrument: 'EURUSD',
      direction: 'long',
      orderType: 'limit',
      entryPrice: 1.08345,
      slPrice: 1.08,
      t0Price: 1.087,
      t1Price: 1.09,
      t0Share: 50,
      monthlyBias: 'Bullish',
      memo: 'EMA cross on H1',
      state: 'pending',
      received: 1,
    });
    // TradingView sends text/plain for a message it does not take for JSON: read the same way.
    const text = await alert(
      s.url,
      filledIn({
        instrument: 'OANDA:GBPUSD',
        direction: 'SELL',
        orderType: 'market',
        entry: 1.3452,
        stop: '1.3480',
        t0: '1.3420',
        t1: '1.3400',
      }),
      'text/plain; charset=utf-8',
    );
    expect(text.status, JSON.stringify(text.body)).toBe(201);
    expect(text.body.draft).toMatchObject({
      instrument: 'GBPUSD',
      direction: 'short',
      orderType: 'market',
      entryPrice: 1.3452,
      slPrice: 1.348,
      monthlyBias: 'Bearish',
    });
    const pending = await admin.get('/api/admin/signal-drafts');
    expect(pending.body.map((d: { id: number }) => d.id)).toEqual(
      expect.arrayContaining([res.body.draft.id, text.body.draft.id]),
    );
    // A draft is not a signal: nobody sees it in the signal list.
    expect((await admin.get('/api/signals')).body).toHaveLength(0);
  });

  it('answers a body that is not the template with 400 naming the field, and creates nothing', async () => {
    const before = await draftCount();
    const cases: Array<[string, string, string]> = [
      [filledIn({ stop: undefined }), 'stop', 'stop is required'],
      [filledIn({ entry: '{{close}}' }), 'entry', 'entry must be a number'],
      [filledIn({ instrument: 'NYSE:AAPL' }), 'instrument', 'instrument: NYSE:AAPL is not in the catalogue'],
      [filledIn({ direction: 'flat' }), 'direction', 'direction must be buy, sell, long or short'],
      [filledIn({ orderType: 'trailing' }), 'orderType', 'orderType must be market, limit or stop'],
      [filledIn({ stop: '1.09500' }), 'stop', 'stop: SL price must be below the entry price for a long signal'],
      ['EURUSD buy at 1.08345', 'body', 'body must be JSON'],
      ['', 'body', 'body is empty'],
      ['[1, 2]', '', 'body must be a JSON object'],
    ];
    for (const [body, field, message] of cases) {
      // A source of its own per case: the refusals count against the source's budget too.
      const s = await newSource(`Bad input: ${field}`);
      const res = await alert(s.url, body, body.startsWith('{') ? 'application/json' : 'text/plain');
      expect(res.status, body).toBe(400);
      expect(res.body.fields[0].path, body).toBe(field);
      expect(res.body.message, body).toContain(message);
    }
    expect(await draftCount()).toBe(before);
  });

  it('answers a wrong or revoked token with 404', async () => {
    const s = await newSource('Revoked');
    const wrong = `${s.url.slice(0, -4)}AAAA`;
    expect((await alert(wrong, filledIn())).status).toBe(404);
    expect((await t.client().request('POST', '/api/inbound/alerts/short', filledIn())).status).toBe(404);
    expect((await alert(s.url, filledIn({ memo: 'before revocation' }))).status).toBe(201);
    await admin.post(`/api/admin/alert-sources/${s.id}/revoke`);
    const after = await alert(s.url, filledIn({ memo: 'after revocation' }));
    expect(after.status).toBe(404);
    expect(after.body.message).toContain('wrong or revoked');
  });

  it('folds the same body within a minute into one draft', async () => {
    const s = await newSource('Duplicates');
    const body = filledIn({ memo: 'fired twice' });
    const first = await alert(s.url, body);
    const again = await alert(s.url, body, 'text/plain');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ outcome: 'folded', draft: { id: first.body.draft.id, received: 2 } });
    const third = await alert(s.url, filledIn({ memo: 'another setup' }));
    expect(third.status).toBe(201);
    expect(third.body.draft.id).not.toBe(first.body.draft.id);
    const mine = (await admin.get('/api/admin/alert-sources')).body.find((x: { id: number }) => x.id === s.id);
    expect(mine.drafts).toBe(2);
  });

  it(`limits a source to INBOUND_ALERTS_PER_MINUTE (${PER_MINUTE}) alerts a minute: 429 with Retry-After past it, other sources unaffected`, async () => {
    const s = await newSource('Busy');
    const other = await newSource('Quiet');
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await alert(s.url, filledIn({ memo: `alert ${i}` }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const before = await draftCount();
    const over = await alert(s.url, filledIn({ memo: 'one too many' }));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(`Too many alerts from this source: at most ${PER_MINUTE} a minute`);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await draftCount()).toBe(before);
    expect((await alert(other.url, filledIn({ memo: 'from the quiet one' }))).status).toBe(201);
  });

  it("sends the desk's Telegram chat a message (without the levels) when a draft arrives from a source opted in, and only then", async () => {
    const quiet = await newSource('No Telegram');
    const loud = await newSource('With Telegram', true);
    sent.length = 0;
    expect((await alert(quiet.url, filledIn({ memo: 'quiet' }))).status).toBe(201);
    const res = await alert(loud.url, filledIn({ memo: 'loud' }));
    expect(res.status).toBe(201);
    // The day's signed checkpoint may also reach the desk's chat (its job's first run can come late).
    const draftPosts = () => sent.filter((m) => m.chatId === DESK && !m.text.includes('Signed record checkpoint'));
    const [message] = await until(draftPosts, (l) => l.length >= 1, 10_000, 50);
    expect(message!.text).toContain('New draft: EURUSD BUY LIMIT');
    expect(message!.text).toContain(`draft #${res.body.draft.id}`);
    expect(message!.text).toContain('/admin123?tab=signals');
    expect(message!.text).not.toContain('1.08345');
    // Folded duplicates and the quiet source send nothing more.
    expect((await alert(loud.url, filledIn({ memo: 'loud' }))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(draftPosts()).toHaveLength(1);
    const delivery = await t.db.db
      .selectFrom('deliveries')
      .selectAll()
      .where('key', '=', `alert-draft:${res.body.draft.id}:desk:telegram`)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('sent');
  });

  it('publishes a draft through the same checks as a new signal: a market draft 750 pips from the market is refused like any signal', async () => {
    const s = await newSource('Publish');
    const market = await alert(s.url, filledIn({ orderType: 'market', memo: 'far from the market' }));
    expect(market.status).toBe(201);
    const draft = market.body.draft as { id: number };
    t.pinPrices({ EURUSD: 1.08345 + 0.075 });

    const direct = await admin.post('/api/signals', {
      instrument: 'EURUSD',
      direction: 'long',
      entryPrice: 1.08345,
      slPrice: 1.08,
      t0Price: 1.087,
      t1Price: 1.09,
      monthlyBias: 'Bullish',
    });
    const published = await admin.post(`/api/admin/signal-drafts/${draft.id}/publish`);
    expect(direct.status).toBe(400);
    expect(published.status).toBe(400);
    expect(published.body.message).toBe(direct.body.message);
    expect(published.body.message).toContain('750 pips from the live price');
    expect(published.body.fields[0].path).toBe('entryPrice');
    expect(
      (await admin.get('/api/admin/signal-drafts')).body.find((d: { id: number }) => d.id === draft.id),
    ).toMatchObject({ state: 'pending' });
    expect(
      (await admin.get('/api/signals')).body.filter((x: { memo: string }) => x.memo === 'far from the market'),
    ).toHaveLength(0);

    // The desk edits it: the level rule applies to the merged levels.
    const bad = await admin.patch(`/api/admin/signal-drafts/${draft.id}`, { slPrice: 1.1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('SL price must be below the entry price for a long signal');
    const edited = await admin.patch(`/api/admin/signal-drafts/${draft.id}`, {
      memo: 'edited before publishing',
      t0Share: 40,
    });
    expect(edited.body).toMatchObject({ memo: 'edited before publishing', t0Share: 40 });

    // At the market, it publishes: a signal like any other, and the draft leaves the list once.
    t.pinPrices({ EURUSD: 1.08345 });
    const subscriber = await signUpSubscriber(t);
    const approving = Date.now();
    const ok = await admin.post(`/api/admin/signal-drafts/${draft.id}/publish`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Its production was completed when the draft was approved (not when the alert came), then released (MAR labels).
    expect(Date.parse(ok.body.completedAt)).toBeGreaterThanOrEqual(approving);
    expect(Date.parse(ok.body.completedAt)).toBeLessThanOrEqual(Date.parse(ok.body.releasedAt));
    expect(ok.body).toMatchObject({
      instrument: 'EURUSD',
      direction: 'long',
      status: 'active',
      entryPrice: 1.08345,
      t0Share: 40,
      memo: 'edited before publishing',
    });
    expect((await admin.post(`/api/admin/signal-drafts/${draft.id}/publish`)).status).toBe(409);
    expect(
      (await admin.get('/api/admin/signal-drafts')).body.find((d: { id: number }) => d.id === draft.id),
    ).toBeUndefined();
    const done = (await admin.get('/api/admin/signal-drafts?state=published')).body.find(
      (d: { id: number }) => d.id === draft.id,
    );
    expect(done).toMatchObject({ state: 'published', signalId: ok.body.id });
    expect((await subscriber.client.get('/api/signals')).body.map((x: { id: number }) => x.id)).toContain(ok.body.id);

    // Its e-mail ends with the copier block, read back into the published levels.
    const mail = await until(
      () => t.mails().find((m) => m.includes(subscriber.email) && m.includes('EURUSD')),
      (m) => m !== undefined,
      15_000,
      100,
    );
    expect(parseCopierBlock(mail!)).toEqual({
      instrument: 'EURUSD',
      direction: 'long',
      orderType: 'market',
      entryPrice: 1.08345,
      slPrice: 1.08,
      t0Price: 1.087,
      t1Price: 1.09,
      t0Share: 40,
    });

    const audit = await admin.get(`/api/admin/audit?target=signal-draft:${draft.id}`);
    const publish = audit.body.entries.find((e: { action: string }) => e.action === 'signalDrafts.publish');
    expect(publish).toMatchObject({
      before: { state: 'pending', signalId: null },
      after: { state: 'published', signalId: ok.body.id },
    });
  });

  it('discards a draft: it leaves the list, is never published, and the discard is audited', async () => {
    const s = await newSource('Discard');
    const res = await alert(s.url, filledIn({ memo: 'not this one' }));
    const id = res.body.draft.id as number;
    const discarded = await admin.post(`/api/admin/signal-drafts/${id}/discard`);
    expect(discarded.body).toMatchObject({ id, state: 'discarded', signalId: null });
    expect((await admin.post(`/api/admin/signal-drafts/${id}/publish`)).status).toBe(409);
    expect((await admin.post(`/api/admin/signal-drafts/${id}/discard`)).status).toBe(409);
    expect((await admin.post('/api/admin/signal-drafts/999999/discard')).status).toBe(404);
    const audit = await admin.get(`/api/admin/audit?target=signal-draft:${id}`);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'signalDrafts.discard',
      before: { state: 'pending' },
      after: { state: 'discarded' },
    });
    // Only administrators reach the drafts and the sources.
    const subscriber = await signUpSubscriber(t);
    expect((await subscriber.client.get('/api/admin/signal-drafts')).status).toBe(403);
    expect((await subscriber.client.post('/api/admin/alert-sources', { name: 'mine' })).status).toBe(403);
  });
});
