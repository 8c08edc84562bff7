import { readFileSync } from 'node:fs';
import { decodeReport, parseMt5Report } from '@t0/contracts/domain/journal/trade-import';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endAllAccess,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  type TestApp,
  type TestClient,
} from '../harness';

// The subscriber's own book (docs/features/journal.md): "I took it" and "I skipped it", own exits, accounts, and
// my results beside the desk's, every figure below computed by hand from the prices.
const kinds = await testDbKinds();

// A long AUDUSD at 0.6500 with its stop at 0.6480: the R unit is 20 pips.
const LONG = {
  instrument: 'AUDUSD',
  direction: 'long',
  entryPrice: 0.65,
  slPrice: 0.648,
  t0Price: 0.653,
  t1Price: 0.656,
  monthlyBias: 'Bullish',
  memo: 'Range break',
};

describe.each(kinds)('the subscriber’s own book on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let sub: TestClient;
  let outsider: TestClient;
  let signalId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    sub = (await signUpSubscriber(t)).client;
    outsider = (await signUp(t)).client;
    const res = await admin.post('/api/signals', LONG);
    expect(res.status).toBe(200);
    signalId = res.body.id;
  });
  afterAll(async () => t?.close());

  const results = async (client: TestClient, query = '') => {
    const res = await client.get(`/api/user/results${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('refuses bad input naming the field, and a signal of a room never held, adding nothing', async () => {
    const zero = await sub.post(`/api/signals/${signalId}/took`, { fillPrice: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.map((f: { path: string }) => f.path)).toEqual(['fillPrice']);
    const future = await sub.post(`/api/signals/${signalId}/took`, {
      takenAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.fields[0].path).toBe('takenAt');
    const unknown = await sub.post(`/api/signals/${signalId}/took`, { account: 'Nowhere' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].path).toBe('account');
    expect((await sub.post(`/api/signals/${signalId}/exits`, { price: 0.651, share: 50 })).status).toBe(409);
    expect((await outsider.post(`/api/signals/${signalId}/took`, {})).status).toBe(404);
    expect((await sub.post('/api/signals/999999/took', {})).status).toBe(404);
    expect((await sub.get('/api/user/accounts')).body).toEqual([]);
    expect((await results(sub)).trades).toEqual([]);
  });

  it('took with the defaults: the entry, the trading settings’ position size, the Main account', async () => {
    const res = await sub.post(`/api/signals/${signalId}/took`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      signalId,
      account: 'Main',
      decision: 'took',
      fillPrice: 0.65,
      riskPercent: 2,
      exits: [],
    });
  });

  it('a second account with its own fill, lots and a partial exit; a share beyond what is open is refused', async () => {
    expect((await sub.post('/api/user/accounts', { name: 'Swing' })).status).toBe(200);
    expect((await sub.post('/api/user/accounts', { name: 'swing' })).status).toBe(409);
    const took = await sub.post(`/api/signals/${signalId}/took`, {
      account: 'Swing',
      fillPrice: '0.6505',
      lots: 1,
      contractSize: 100000,
    });
    expect(took.body).toMatchObject({
      account: 'Swing',
      fillPrice: 0.6505,
      lots: 1,
      contractSize: 100000,
      riskPercent: null,
    });
    const part = await sub.post(`/api/signals/${signalId}/exits`, { account: 'Swing', price: 0.652, share: 50 });
    expect(part.status).toBe(200);
    const over = await sub.post(`/api/signals/${signalId}/exits`, { account: 'Swing', price: 0.653, share: 60 });
    expect(over.status).toBe(400);
    expect(over.body.fields[0].path).toBe('share');
    expect(
      (
        await sub.post(`/api/signals/${signalId}/took`, {
          account: 'Swing',
          fillPrice: '0.6505',
          lots: 1,
          contractSize: 100000,
        })
      ).body.exits,
    ).toHaveLength(1);
  });

  it('after the desk closes at 0.6540: my R from my fills against the published stop, beside the desk’s', async () => {
    t.pinPrices({ AUDUSD: 0.654 });
    expect((await admin.post(`/api/signals/${signalId}/close`, { exitPrice: 0.654 })).status).toBe(200);
    const r = await results(sub);
    const main = r.trades.find((x: { account: string }) => x.account === 'Main');
    const swing = r.trades.find((x: { account: string }) => x.account === 'Swing');
    // Main: filled at the desk's entry, whole position at the desk's exit: 40 / 20 = 2 R; at 2 % risk, +4 %.
    expect(main).toMatchObject({
      r: 2,
      deskR: 2,
      pips: 40,
      slippagePips: 0,
      accountPercent: 4,
      open: false,
      money: null,
    });
    // Swing: filled 5 pips worse (risk 25 pips); 50 % at 0.6520 (15 / 25 = 0.6 R) and the rest at the
    // desk's 0.6540 (35 / 25 = 1.4 R): 0.3 + 0.7 = 1 R. Money: (0.5 × 0.0015 + 0.5 × 0.0035) × 1 × 100,000 = 250.
    expect(swing).toMatchObject({ r: 1, deskR: 2, slippagePips: 5, money: 250, open: false, farFromFeed: false });
    expect(r.summary).toMatchObject({
      taken: 2,
      skipped: 0,
      closed: 2,
      totalR: 3,
      meanR: 1.5,
      winRate: 1,
      deskTotalR: 4,
    });
    expect(r.curves.mine.at(-1).r).toBe(3);
    expect(r.curves.desk.at(-1).r).toBe(4);
    expect(r.notice).toMatch(/not part of the desk/);
    const only = await results(sub, '?account=Swing');
    expect(only.trades.map((x: { account: string }) => x.account)).toEqual(['Swing']);
    expect((await sub.get('/api/user/results?account=Nowhere')).status).toBe(400);
  });

  it('skipped counts apart; had I taken every signal, at my risk', async () => {
    const second = (
      await admin.post('/api/signals', { ...LONG, entryPrice: 0.66, slPrice: 0.659, t0Price: 0.661, t1Price: 0.663 })
    ).body;
    const skipped = await sub.post(`/api/signals/${second.id}/skipped`, {});
    expect(skipped.body).toMatchObject({ decision: 'skipped', fillPrice: null });
    // A loss of 1 R: closed at its stop.
    t.pinPrices({ AUDUSD: 0.659 });
    expect((await admin.post(`/api/signals/${second.id}/close`, { exitPrice: 0.659 })).status).toBe(200);
    const r = await results(sub);
    expect(r.summary).toMatchObject({ taken: 2, skipped: 1, closed: 2, totalR: 3 });
    // Every closed signal of the room since the first journaled one: +2 R and −1 R = 1 R, at 2 % = 2 %.
    expect(r.everySignal).toMatchObject({ signals: 2, r: 1, riskPercent: 2, accountPercent: 2 });
    expect(r.trades.find((x: { signalId: number }) => x.signalId === second.id)).toMatchObject({
      decision: 'skipped',
      r: null,
      deskR: -1,
    });
  });

  it('shows the desk how many took a signal and, from five takers, their median slippage and share in profit', async () => {
    const takers = async () =>
      ((await admin.get('/api/admin/signals/takers')).body as Array<{ signalId: number }>).find(
        (x) => x.signalId === signalId,
      );
    // The subscriber took it in two accounts: counted once.
    expect(await takers()).toMatchObject({ takers: 1, medianSlippagePips: null, profitShare: null });
    for (const fill of [0.6501, 0.6502, 0.6503]) {
      const other = await signUpSubscriber(t);
      expect((await other.client.post(`/api/signals/${signalId}/took`, { fillPrice: fill })).status).toBe(200);
    }
    expect(await takers()).toMatchObject({ takers: 4, closed: 4, medianSlippagePips: null, profitShare: null });
    const fifth = await signUpSubscriber(t);
    // Above the desk's exit (0.6540): a loss.
    await fifth.client.post(`/api/signals/${signalId}/took`, { fillPrice: 0.6549 });
    // Slippage 0, 1, 2, 3 and 49 pips: median 2; four of five closed in profit.
    expect(await takers()).toMatchObject({ takers: 5, closed: 5, medianSlippagePips: 2, profitShare: 0.8 });
    expect((await sub.get('/api/admin/signals/takers')).status).toBe(403);
  });

  it('a lapsed subscriber journals what they received, but an open signal stays locked to them', async () => {
    const lapsed = await signUpSubscriber(t);
    const open = (
      await admin.post('/api/signals', { ...LONG, entryPrice: 0.67, slPrice: 0.668, t0Price: 0.672, t1Price: 0.675 })
    ).body;
    await endAllAccess(t, lapsed.id);
    const noFill = await lapsed.client.post(`/api/signals/${open.id}/took`, {});
    expect(noFill.status).toBe(400);
    expect(noFill.body.fields[0].path).toBe('fillPrice');
    expect((await lapsed.client.post(`/api/signals/${open.id}/took`, { fillPrice: 0.6702 })).status).toBe(200);
    const mine = (await results(lapsed.client)).trades[0];
    // Nothing of the open signal's levels comes back through the results: no entry, direction, R or slippage.
    expect(mine).toMatchObject({
      signalId: open.id,
      fillPrice: 0.6702,
      deskEntry: null,
      direction: '',
      r: null,
      slippagePips: null,
      deskR: null,
    });
    // A read-only script of the subscriber reads the results but changes nothing.
    const token = await sub.post('/api/user/api-tokens', { name: 'journal reader', scope: 'read' });
    expect(token.status).toBe(200);
    const bearer = { authorization: `Bearer ${token.body.token}` };
    expect((await t.client().request('GET', '/api/user/results', undefined, bearer)).status).toBe(200);
    expect((await t.client().request('POST', `/api/signals/${signalId}/skipped`, {}, bearer)).status).toBe(403);
  });

  it('imports a MetaTrader 5 report (server time +3): suggests the offset, matches, adds nothing twice', async () => {
    const audusd = (await admin.post('/api/signals', { ...LONG, entryPrice: 0.65, slPrice: 0.648 })).body;
    t.pinPrices({ GBPJPY: 196.45 });
    const gbpjpy = (
      await admin.post('/api/signals', {
        instrument: 'GBPJPY',
        direction: 'short',
        entryPrice: 196.45,
        slPrice: 197.2,
        t0Price: 195.6,
        t1Price: 194.3,
        monthlyBias: 'Bearish',
      })
    ).body;
    const report = mt5ReportFollowing([audusd.createdAt, gbpjpy.createdAt]);
    const preview = await sub.post('/api/user/imports', { format: 'mt5', contentBase64: report, account: 'Swing' });
    expect(preview.status).toBe(200);
    // No offset given: the answer suggests one and writes nothing.
    expect(preview.body).toMatchObject({ trades: 4, suggestedOffsetMinutes: 180, needsOffset: true, added: 0 });
    expect((await sub.get('/api/user/imported-trades')).body).toEqual([]);

    const first = await sub.post('/api/user/imports', {
      format: 'mt5',
      contentBase64: report,
      serverOffsetMinutes: 180,
      account: 'Swing',
    });
    expect(first.body).toMatchObject({ offsetMinutes: 180, added: 4, alreadyImported: 0, matched: 2 });
    expect(first.body.rows.map((r: { signalId: number | null }) => r.signalId)).toEqual([
      audusd.id,
      gbpjpy.id,
      null,
      null,
    ]);
    const again = await sub.post('/api/user/imports', {
      format: 'mt5',
      contentBase64: report,
      serverOffsetMinutes: 180,
      account: 'Swing',
    });
    expect(again.body).toMatchObject({ added: 0, alreadyImported: 4, matched: 0 });
    const unmatched = (await sub.get('/api/user/imported-trades?unmatched=true')).body;
    expect(unmatched.map((x: { symbol: string }) => x.symbol)).toEqual(['XAUUSDm', 'EURUSD.m']);

    // The matched trade is the account's entry: its fill, its lots, closed at its close, the statement's profit.
    const mine = (await results(sub, '?account=Swing')).trades.find(
      (x: { signalId: number }) => x.signalId === audusd.id,
    );
    // 0.65390 − 0.65010 = 38 pips over a risk of 0.65010 − 0.6480 = 21 pips: 1.81 R; 380 − 7 commission = 373.
    expect(mine).toMatchObject({ fillPrice: 0.6501, r: 1.81, money: 373, open: false });
  });

  it('imports the generic CSV, refuses what is no report, and matches an unmatched trade by hand', async () => {
    t.pinPrices({ US30: 42000 });
    const us30 = (
      await admin.post('/api/signals', {
        instrument: 'US30',
        direction: 'long',
        entryPrice: 42000,
        slPrice: 41800,
        t0Price: 42400,
        t1Price: 42800,
        monthlyBias: 'Bullish',
      })
    ).body;
    const bad = await sub.post('/api/user/imports', { format: 'mt5', content: '<html>hello</html>' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('content');
    const opened = new Date(Date.parse(us30.createdAt) + 120_000).toISOString();
    const csv = `id,symbol,direction,volume,open_time,open_price\nc-1,DJ30,buy,0.2,${opened},42010\n`;
    const imported = await sub.post('/api/user/imports', { format: 'csv', content: csv });
    // A time with its zone needs no offset; DJ30 is no instrument of ours.
    expect(imported.body).toMatchObject({ needsOffset: false, added: 1, matched: 0 });
    const [trade] = (await sub.get('/api/user/imported-trades?unmatched=true')).body.filter(
      (x: { ref: string }) => x.ref === 'c-1',
    );
    const wrong = await sub.post(`/api/user/imported-trades/${trade.id}/match`, { signalId: 999999 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields[0].path).toBe('signalId');
    const huge = await sub.post(`/api/user/imported-trades/${trade.id}/match`, { signalId: 2 ** 40 });
    expect(huge.status).toBe(400);
    expect(huge.body.fields[0].path).toBe('signalId');
    // A failure to read the signal that is not "no such signal" is the server's, not the caller's.
    await sql`alter table signals rename to signals_away`.execute(t.db.db);
    try {
      const broken = await sub.post(`/api/user/imported-trades/${trade.id}/match`, { signalId: us30.id });
      expect(broken.status).toBe(500);
      expect(broken.body.fields).toBeUndefined();
    } finally {
      await sql`alter table signals_away rename to signals`.execute(t.db.db);
    }
    // The manual match's choices: the user's signals of the trade's direction, any instrument for an unknown symbol.
    const candidates = await sub.get(`/api/user/imported-trades/${trade.id}/candidates`);
    expect(candidates.status).toBe(200);
    expect(candidates.body[0]).toMatchObject({ id: us30.id, instrument: 'US30', direction: 'long' });
    expect(candidates.body.every((c: { direction: string }) => c.direction === 'long')).toBe(true);
    expect((await t.client().get(`/api/user/imported-trades/${trade.id}/candidates`)).status).toBe(401);
    const stranger = (await signUpSubscriber(t)).client;
    expect((await stranger.get(`/api/user/imported-trades/${trade.id}/candidates`)).status).toBe(404);
    const matched = await sub.post(`/api/user/imported-trades/${trade.id}/match`, { signalId: us30.id });
    expect(matched.body).toMatchObject({ signalId: us30.id, symbol: 'DJ30' });
    expect(
      (await results(sub, '?account=Main')).trades.find((x: { signalId: number }) => x.signalId === us30.id),
    ).toMatchObject({
      fillPrice: 42010,
      open: true,
    });
    // With the subscriber's map, the same symbol matches on its own.
    const mapped = await sub.post('/api/user/imports', {
      format: 'csv',
      content: csv.replace('c-1', 'c-2'),
      symbolMap: { DJ30: 'US30' },
      preview: true,
    });
    expect(mapped.body.rows[0]).toMatchObject({ instrument: 'US30', signalId: us30.id });
    expect(mapped.body.added).toBe(0);
  });
});

/**
 * The MetaTrader 5 fixture with its times moved so that its first two positions follow these
 * signals as they followed the unit test's (1 to 3 minutes after, in the server's UTC+3): the
 * report as the subscriber would export it today, in its own UTF-16 bytes, base64.
 */
function mt5ReportFollowing(publishedAt: readonly string[]) {
  const file = readFileSync(
    new URL('../../../../packages/contracts/src/domain/fixtures/imports/mt5-trade-history-utc+3.html', import.meta.url),
  );
  let html = decodeReport(new Uint8Array(file));
  // When the fixture's signals were published (trade-import.test.ts), UTC.
  const intended = ['2026-11-10T12:00:00Z', '2026-11-11T08:30:00Z'];
  const trades = parseMt5Report(html);
  const mt5 = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '.');
  trades.forEach((trade, i) => {
    const k = Math.min(i, publishedAt.length - 1);
    const shift = Date.parse(publishedAt[k]!) - Date.parse(intended[k]!);
    for (const wall of [trade.openTime, trade.closeTime]) {
      if (!wall) continue;
      html = html.split(mt5(Date.parse(`${wall}Z`))).join(mt5(Date.parse(`${wall}Z`) + shift));
    }
  });
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, 'utf16le')]).toString('base64');
}
