import { instrumentSpec, setInstrumentCatalogue } from '@t0/contracts';
import type { PriceMap } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedSource } from '../../src/adapters/price-feeds/simulated';
import { vendorName } from '../../src/adapters/price-feeds/twelvedata';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  type TestClient,
} from '../harness';
import { scriptedMarket, tickMarket } from '../fakes/market';

const kinds = await oneTestDbKind();

const NAS100 = {
  symbol: 'nas100',
  tickSize: 0.1,
  unitSize: 1,
  unitName: 'points',
  decimals: 1,
  feedSymbol: 'NDX',
  entryTolerance: 20,
  referencePrice: 19500,
};

interface Trade {
  signalId: number;
  instrument: string;
  pips: number;
  unit: string;
  r: number;
  reason: string | null;
}

describe.each(kinds)('the instrument catalogue on %s', (kind) => {
  const market = scriptedMarket({ GBPJPY: 196.45, AUDUSD: 0.652, US30: 42000, GBPUSD: 1.34 });
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let subscriberEmail: string;

  const tick = (next: PriceMap = {}) => tickMarket(t, market, next);
  const publish = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/signals', { monthlyBias: 'Bullish', confidence: 80, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number; status: string };
  };
  const signal = async (id: number) =>
    ((await admin.get('/api/signals')).body as Array<{ id: number }>).find((s) => s.id === id)!;
  const trades = async () => (await t.client().get('/api/performance')).body.trades as Trade[];
  const csvRow = async (signalId: number) => {
    const text = await (await fetch(`${t.url}/api/performance.csv`)).text();
    // The first line is the hypothetical-results notice (`# …`).
    const [header, ...rows] = text
      .trim()
      .split('\r\n')
      .filter((line) => !line.startsWith('#'));
    const columns = header!.split(',');
    const row = rows
      .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])))
      .find((r) => r.signalId === String(signalId));
    return row!;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { ports: { prices: market.feed } });
    admin = (await signUpAdmin(t)).client;
    user = (await signUp(t)).client;
    subscriberEmail = (await signUpSubscriber(t)).email;
  });
  afterAll(async () => {
    await t?.close();
    setInstrumentCatalogue([]);
  });

  it('serves the spec four by default, FX in pips and US30 in points with their entry tolerances', async () => {
    const res = await t.client().get('/api/instruments');
    expect(res.status).toBe(200);
    expect(res.body.map((i: { symbol: string }) => i.symbol)).toEqual(['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30']);
    expect(res.body.find((i: { symbol: string }) => i.symbol === 'US30')).toMatchObject({
      id: null,
      builtIn: true,
      unitName: 'points',
      unitSize: 1,
      entryTolerance: 15,
    });
    expect(res.body.find((i: { symbol: string }) => i.symbol === 'GBPUSD')).toMatchObject({
      unitName: 'pips',
      unitSize: 0.0001,
      entryTolerance: 10,
      decimals: 5,
    });
  });

  it('answers bad instrument input with a 400 naming the field, and only administrators may write', async () => {
    expect((await t.client().post('/api/instruments', NAS100)).status).toBe(401);
    expect((await user.post('/api/instruments', NAS100)).status).toBe(403);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...NAS100, tickSize: -1 }, 'tickSize', 'Tick size must be greater than 0'],
      [{ ...NAS100, tickSize: 5 }, 'tickSize', 'Tick size must not exceed the pip or point size'],
      [{ ...NAS100, unitName: 'ticks' }, 'unitName', 'Unit name must be one of pips, points'],
      [{ ...NAS100, decimals: 2.5 }, 'decimals', 'Decimals must be a whole number'],
      [{ ...NAS100, symbol: 'N' }, 'symbol', 'Symbol must be 2 to 10 letters or digits, starting with a letter'],
      [
        { ...NAS100, feedSymbol: 'NDX<script>' },
        'feedSymbol',
        'Feed symbol may hold letters, digits and / : . _ ! ^ = - only',
      ],
      [{ ...NAS100, entryTolerance: 'ten' }, 'entryTolerance', 'Entry tolerance must be a number'],
    ];
    for (const [body, path, message] of cases) {
      const res = await admin.post('/api/instruments', body);
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0]).toMatchObject({ path, message });
    }
    const unknown = await admin.post('/api/signals', {
      monthlyBias: 'Bullish',
      instrument: 'NAS100',
      direction: 'long',
      entryPrice: 19500,
      slPrice: 19450,
      t0Price: 19560,
      t1Price: 19600,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0]).toEqual({
      path: 'instrument',
      code: 'invalid_value',
      message: 'Instrument must be one of AUDUSD, GBPJPY, GBPUSD, US30',
    });
  });

  it('a US30 move of 258 points shows as 258 points everywhere', async () => {
    const s = await publish({
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41900,
      t0Price: 42258,
      t1Price: 42600,
    });
    await tick({ US30: 42258 });
    // The table's P&L (the server's result at the last tick).
    expect(await signal(s.id)).toMatchObject({ result: { pips: 258, r: 2.58 }, riskPips: 100 });
    // The in-app notice (e-mail, Telegram and Discord read the same words).
    const inbox = (await admin.get('/api/user/notifications')).body as Array<{
      notification: { title: string; message: string };
    }>;
    const hit = inbox.find((n) => n.notification.title === 'US30 LONG T0 HIT')!;
    expect(hit.notification.message).toContain('+258.0 points, +2.58R');
    expect(hit.notification.message).not.toContain('pips');
    const closed = await admin.post(`/api/signals/${s.id}/close`, { exitPrice: 42258 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result.pips).toBe(258);
    // The e-mail of the close (Telegram and Discord carry the same notice).
    await vi.waitFor(
      () =>
        expect(t.mails().find((m) => m.includes(subscriberEmail) && m.includes('US30 LONG CLOSED'))).toContain(
          '+258.0 points',
        ),
      {
        timeout: 20_000,
        interval: 250,
      },
    );
    // The record and its CSV.
    const trade = (await trades()).find((x) => x.signalId === s.id)!;
    expect(trade).toMatchObject({ instrument: 'US30', pips: 258, unit: 'points' });
    expect(await csvRow(s.id)).toMatchObject({ instrument: 'US30', pips: '258', unit: 'points' });
  });

  it('an instrument added in the console gets a signal, a fill, a close and a row in the record', async () => {
    const created = await admin.post('/api/instruments', NAS100);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      symbol: 'NAS100',
      unitName: 'points',
      feedSymbol: 'NDX',
      builtIn: false,
    });
    expect((await admin.post('/api/instruments', NAS100)).status).toBe(409);
    const listed = (await t.client().get('/api/instruments')).body as Array<{ symbol: string }>;
    expect(listed.map((i) => i.symbol)).toEqual(['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30', 'NAS100']);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'targetId'])
      .where('action', '=', 'instruments.create')
      .where('outcome', '=', 'done')
      .execute();
    expect(audit).toEqual([
      { action: 'instruments.create', targetType: 'instrument', targetId: String(created.body.id) },
    ]);

    // A limit order below the market, filled by the watcher when the feed reaches it, then closed at market.
    await tick({ NAS100: 19550 });
    const s = await publish({
      instrument: 'nas100',
      direction: 'long',
      status: 'limit',
      entryPrice: 19500,
      slPrice: 19450,
      t0Price: 19560,
      t1Price: 19600,
    });
    expect(await signal(s.id)).toMatchObject({ instrument: 'NAS100', status: 'limit' });
    await tick({ NAS100: 19500 });
    expect(await signal(s.id)).toMatchObject({ status: 'active' });
    await tick({ NAS100: 19540 });
    expect(await signal(s.id)).toMatchObject({ result: { pips: 40, r: 0.8 } });
    const closed = await admin.post(`/api/signals/${s.id}/close`, { exitPrice: 19540 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', exitPrice: 19540, result: { pips: 40, r: 0.8 } });
    const inbox = (await admin.get('/api/user/notifications')).body as Array<{
      notification: { title: string; message: string };
    }>;
    expect(inbox.find((n) => n.notification.title.startsWith('NAS100 LONG CLOSED'))!.notification.message).toContain(
      '+40.0 points, +0.80R',
    );

    const trade = (await trades()).find((x) => x.signalId === s.id)!;
    expect(trade).toMatchObject({ instrument: 'NAS100', pips: 40, unit: 'points', r: 0.8 });
    expect(await csvRow(s.id)).toMatchObject({ instrument: 'NAS100', pips: '40', unit: 'points', r: '0.8' });

    // It has signals now: it stays in the catalogue.
    const del = await admin.delete(`/api/instruments/${created.body.id}`);
    expect(del.status).toBe(409);
  });

  it("changes a built-in instrument's feed symbol and tolerance, and removing the row brings the defaults back", async () => {
    const us30 = await admin.post('/api/instruments', {
      symbol: 'US30',
      tickSize: 1,
      unitSize: 1,
      unitName: 'points',
      decimals: 2,
      feedSymbol: 'YM1!',
      entryTolerance: 25,
      referencePrice: 42762,
    });
    expect(us30.status, JSON.stringify(us30.body)).toBe(200);
    expect(us30.body).toMatchObject({ symbol: 'US30', builtIn: true, feedSymbol: 'YM1!' });
    const patched = await admin.patch(`/api/instruments/${us30.body.id}`, { entryTolerance: 30 });
    expect(patched.body).toMatchObject({ entryTolerance: 30, feedSymbol: 'YM1!' });
    expect((await admin.patch(`/api/instruments/${us30.body.id}`, { tickSize: 2 })).status).toBe(409);
    expect((await admin.patch('/api/instruments/999999', { entryTolerance: 3 })).status).toBe(404);
    expect(vendorName('US30')).toBe('YM1!');
    expect((await admin.delete(`/api/instruments/${us30.body.id}`)).status).toBe(200);
    expect(
      ((await t.client().get('/api/instruments')).body as Array<{ symbol: string; feedSymbol: string }>).find(
        (i) => i.symbol === 'US30',
      ),
    ).toMatchObject({
      feedSymbol: 'DJI',
      entryTolerance: 15,
    });
  });
});

describe('the feeds quote the catalogue', () => {
  afterAll(() => setInstrumentCatalogue([]));

  it('the simulated feed walks an added instrument from its reference price; the vendor feed asks for its feed symbol', async () => {
    setInstrumentCatalogue([{ ...NAS100, symbol: 'NAS100', unitName: 'points' }]);
    const prices = await createSimulatedSource(() => 0.5).fetch();
    expect(Math.abs(prices.NAS100! / 19500 - 1)).toBeLessThan(0.05);
    expect(vendorName('NAS100')).toBe('NDX');
    expect(vendorName('GBPUSD')).toBe('GBP/USD');
    expect(instrumentSpec('NAS100').decimals).toBe(1);
  });
});
