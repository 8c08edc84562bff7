import { PRESCRIBED_STATEMENT_4_41 } from '@t0/contracts/domain/performance/analyst-record';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PriceMap, PriceSnapshot } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAnalystPage, type RecordEvent } from '../../../../examples/verify-record';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type Answer,
  type TestApp,
  type TestClient,
} from '../harness';
import { runVerifier } from '../run-verifier';

// A record per analyst, the leaderboard and the prescribed statement (docs/features/analysts.md).
// Two analysts and the desk publish market signals with a risk of 0.01 and close them at prices
// chosen for round results in R; every figure below is computed by hand from those results.

const kinds = await oneTestDbKind();

interface Trade {
  signalId: number;
  r: number;
}
interface Perf {
  signalsTaken: number;
  wins: number;
  losses: number;
  winRate: number | null;
  totalR: number;
  expectancy: number | null;
  profitFactor: number | null;
  maxDrawdownR: number;
  trades: Trade[];
  analyst: { id: number; slug: string; active: boolean } | null;
  room: string | null;
  statement: string | null;
  includesDemo: boolean;
  byMonth: unknown[];
}
interface Row {
  rank: number | null;
  slug: string;
  active: boolean;
  n: number;
  expectancy: number | null;
  winRate: number | null;
  profitFactor: number | null;
  maxDrawdownR: number;
}

describe.each(kinds)('analyst records and the leaderboard on %s', (kind) => {
  let prices: PriceMap = { AUDUSD: 0.65, GBPUSD: 1.34 };
  const feed = { latest: async (): Promise<PriceSnapshot> => ({ prices, source: 'live', updatedAt: new Date() }) };
  let t: TestApp;
  let admin: TestClient;
  let subscriber: TestClient;
  let ana: { client: TestClient; userId: number; id: number };
  let ben: { client: TestClient; userId: number; id: number };
  const byWho: Record<string, number[]> = { ana: [], ben: [], desk: [] };

  const ok = <T>(res: Answer<T>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  /** Published at market at `entry` (risk 0.01), closed at `entry + r × 0.01`: a result of `r` R. */
  const trade = async (who: 'ana' | 'ben' | 'desk', instrument: 'AUDUSD' | 'GBPUSD', r: number) => {
    const entry = instrument === 'AUDUSD' ? 0.65 : 1.34;
    prices = { ...prices, [instrument]: entry };
    const by = who === 'ana' ? ana.client : who === 'ben' ? ben.client : admin;
    const s = ok(
      await by.post<{ id: number }>('/api/signals', {
        instrument,
        direction: 'long',
        entryPrice: entry,
        slPrice: Number((entry - 0.01).toFixed(5)),
        t0Price: Number((entry + 0.04).toFixed(5)),
        t1Price: Number((entry + 0.05).toFixed(5)),
        monthlyBias: 'Bullish',
        confidence: 80,
        t0Share: 0,
      }),
    );
    prices = { ...prices, [instrument]: Number((entry + r * 0.01).toFixed(5)) };
    expect(ok(await admin.post(`/api/signals/${s.id}/close`, {}))).toMatchObject({ result: { r } });
    byWho[who]!.push(s.id);
  };

  const analyst = async (displayName: string, rooms: string[]) => {
    const u = await signUp(t);
    const { id } = ok(
      await admin.post<{ id: number }>(`/api/admin/users/${u.id}/analyst`, { displayName, title: 'Analyst', rooms }),
    );
    return { client: u.client, userId: u.id, id };
  };

  const settings = async (change: Record<string, unknown>) => {
    const current = ok(await admin.get<Record<string, unknown>>('/api/admin/site-settings'));
    ok(
      await admin.put('/api/admin/site-settings', {
        ...current,
        updatedAt: undefined,
        defaultSupportEmail: undefined,
        ...change,
      }),
    );
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { ports: { prices: feed } });
    admin = (await signUpAdmin(t)).client;
    ok(await admin.post('/api/admin/rooms', { slug: 'fx-a', name: 'FX A', instruments: ['AUDUSD'] }));
    ok(await admin.post('/api/admin/rooms', { slug: 'fx-b', name: 'FX B', instruments: ['GBPUSD'] }));
    subscriber = (await signUpSubscriber(t)).client;
    ana = await analyst('Ana Lyst', ['fx-a', 'fx-b']);
    ben = await analyst('Ben Chart', ['fx-a']);
    // Ana: +2, −1 (fx-a), +0.5 (fx-b). Desk: +3 (fx-a). Ben: −1, +1, then 18 × +0.5 (fx-a).
    await trade('ana', 'AUDUSD', 2);
    await trade('desk', 'AUDUSD', 3);
    await trade('ana', 'AUDUSD', -1);
    await trade('ben', 'AUDUSD', -1);
    await trade('ana', 'GBPUSD', 0.5);
    await trade('ben', 'AUDUSD', 1);
    for (let i = 0; i < 18; i++) await trade('ben', 'AUDUSD', 0.5);
  }, 120_000);
  afterAll(async () => t?.close());

  it("gives an analyst's figures, equal to the whole record's over their signals", async () => {
    const p = ok(await t.client().get<Perf>('/api/performance?analyst=ana-lyst'));
    // +2, −1, +0.5 in closing order: wins 2 of 3; average win 1.25, loss 1; expectancy
    // 2/3 × 1.25 − 1/3 × 1 = 0.5; profit factor 2.5 ÷ 1; cumulative 2, 1, 1.5: drawdown 1.
    expect(p).toMatchObject({
      signalsTaken: 3,
      wins: 2,
      losses: 1,
      winRate: 0.6667,
      totalR: 1.5,
      expectancy: 0.5,
      profitFactor: 2.5,
      maxDrawdownR: 1,
      analyst: { id: ana.id, slug: 'ana-lyst', active: true },
      room: null,
      statement: null,
    });
    expect(p.trades.map((x) => x.signalId)).toEqual(byWho.ana);
    // The whole record's trades of those signals are the same rows.
    const all = ok(await t.client().get<Perf>('/api/performance'));
    expect(all.signalsTaken).toBe(3 + 1 + 20);
    expect(all.trades.filter((x) => byWho.ana!.includes(x.signalId))).toEqual(p.trades);
    // One room: Ana in fx-b is the one +0.5 trade (no loss: no profit factor).
    expect(ok(await t.client().get<Perf>('/api/performance?analyst=ana-lyst&room=fx-b'))).toMatchObject({
      signalsTaken: 1,
      totalR: 0.5,
      expectancy: 0.5,
      profitFactor: null,
      room: 'fx-b',
    });
    // The room alone: everyone's AUDUSD trades (Ana 2, the desk 1, Ben 20).
    expect(ok(await t.client().get<Perf>('/api/performance?room=fx-a')).signalsTaken).toBe(23);
  });

  it('filters the CSV the same way, and refuses an unknown or malformed analyst', async () => {
    const rows = async (query: string) => {
      const res = await t.client().get<string>(`/api/performance.csv${query}`);
      expect(res.status, String(res.body)).toBe(200);
      const lines = String(res.body)
        .split('\r\n')
        .filter((l) => l && !l.startsWith('#'));
      return lines.slice(1).map((l) => Number(l.split(',')[0]));
    };
    for (const query of ['?analyst=ana-lyst', '?room=fx-a', '?analyst=ana-lyst&room=fx-a', '?analyst=ben-chart']) {
      const json = ok(await t.client().get<Perf>(`/api/performance${query}`));
      expect(await rows(query), query).toEqual(json.trades.map((x) => x.signalId));
    }
    expect((await rows('?analyst=ana-lyst&room=fx-a')).length).toBe(2);
    const unknown = await t.client().get<{ message: string }>('/api/performance?analyst=nobody-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Analyst nobody-here/);
    expect((await t.client().get('/api/performance.csv?analyst=nobody-here')).status).toBe(404);
    const malformed = await t.client().get<{ message: string }>('/api/performance.csv?analyst=Not%20A%20Slug');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^analyst /);
    expect((await t.client().get('/api/performance?room=no-such-room')).status).toBe(404);
  });

  it('keeps the leaderboard internal until published, ranks past the minimum n and keeps departed analysts', async () => {
    expect((await t.client().get('/api/performance/leaderboard')).status).toBe(401);
    expect((await subscriber.get('/api/performance/leaderboard')).status).toBe(403);
    const board = ok(
      await ben.client.get<{ rows: Row[]; minTrades: number; published: boolean }>(
        '/api/performance/leaderboard?window=all',
      ),
    );
    expect(board.minTrades).toBe(20);
    expect(board.published).toBe(false);
    // Ben: −1, +1, 18 × +0.5 = 20 trades, wins 19, gross win 10, loss 1: expectancy 10/20 − 1/20 = 0.45,
    // profit factor 10, drawdown 1 (the first trade). Ana: 3 trades, below the minimum: unranked.
    expect(board.rows).toEqual([
      expect.objectContaining({
        slug: 'ben-chart',
        rank: 1,
        n: 20,
        expectancy: 0.45,
        winRate: 0.95,
        profitFactor: 10,
        maxDrawdownR: 1,
      }),
      expect.objectContaining({ slug: 'ana-lyst', rank: null, n: 3, expectancy: 0.5, active: true }),
    ]);
    // The 30-day window holds them all too (closed just now).
    expect(
      ok(await admin.get<{ rows: Row[] }>('/api/performance/leaderboard?window=30d')).rows.map((r) => r.n),
    ).toEqual([20, 3]);
    const bad = await admin.get<{ message: string }>('/api/performance/leaderboard?window=week');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^window must be one of/);

    // Ana leaves: she stays on the board (and her page), marked as departed.
    ok(await admin.delete(`/api/admin/users/${ana.userId}/analyst`));
    const after = ok(await admin.get<{ rows: Row[] }>('/api/performance/leaderboard'));
    expect(after.rows.find((r) => r.slug === 'ana-lyst')).toMatchObject({ active: false, n: 3 });
    expect(ok(await t.client().get<Perf>('/api/performance?analyst=ana-lyst')).analyst).toMatchObject({
      active: false,
    });

    // Published: anyone reads it.
    await settings({ leaderboardPublic: true });
    expect(ok(await t.client().get<{ published: boolean }>('/api/performance/leaderboard')).published).toBe(true);
    expect((await subscriber.get('/api/performance/leaderboard')).status).toBe(200);
    await settings({ leaderboardPublic: false });
    expect((await subscriber.get('/api/performance/leaderboard')).status).toBe(403);
  });

  it('puts the prescribed statement beside the record, the analyst pages, the leaderboard and the CSV once on', async () => {
    await settings({ prescribedStatement: true });
    expect(ok(await t.client().get<Perf>('/api/performance')).statement).toBe(PRESCRIBED_STATEMENT_4_41);
    expect(ok(await t.client().get<Perf>('/api/performance?analyst=ben-chart')).statement).toBe(
      PRESCRIBED_STATEMENT_4_41,
    );
    expect(ok(await admin.get<{ statement: string }>('/api/performance/leaderboard')).statement).toBe(
      PRESCRIBED_STATEMENT_4_41,
    );
    const csv = String((await t.client().get<string>('/api/performance.csv?analyst=ben-chart')).body);
    expect(csv.split('\r\n')[0]).toBe(`# CFTC Rule 4.41(b)(1): ${PRESCRIBED_STATEMENT_4_41}`);
    await settings({ prescribedStatement: false });
    expect(ok(await t.client().get<Perf>('/api/performance')).statement).toBeNull();
    const plain = String((await t.client().get<string>('/api/performance.csv')).body);
    // The record's timestamps may hold "4.41" by chance; the rule's line and its words may not.
    expect(plain).not.toContain('CFTC Rule');
    expect(plain).not.toContain(PRESCRIBED_STATEMENT_4_41);
  });

  it("checks an analyst's page against the chain: passes as served, fails with a trade removed or added", async () => {
    const events = ok(await t.client().get<RecordEvent[]>('/api/performance/events'));
    const page = ok(await t.client().get<Perf>('/api/performance?analyst=ana-lyst'));
    const good = verifyAnalystPage(events, page);
    expect(good.lines.join('\n')).toMatch(/^ok {3}page of analyst ana-lyst/);
    expect(good).toMatchObject({ ok: true, expected: 3, listed: 3, firstBreak: null });

    const removed = verifyAnalystPage(events, { ...page, trades: page.trades.slice(1) });
    expect(removed.ok).toBe(false);
    expect(removed.firstBreak).toBe(
      `signal ${byWho.ana![0]} is a trade of analyst ana-lyst (id ${ana.id}) in the chain, missing from the page`,
    );

    const benTrade = ok(await t.client().get<Perf>('/api/performance?analyst=ben-chart')).trades[0]!;
    const added = verifyAnalystPage(events, { ...page, trades: [...page.trades, benTrade] });
    expect(added.firstBreak).toMatch(new RegExp(`^signal ${benTrade.signalId} is listed on the page`));

    const changed = verifyAnalystPage(events, {
      ...page,
      trades: page.trades.map((x, i) => (i === 0 ? { ...x, r: 5 } : x)),
    });
    expect(changed.firstBreak).toMatch(/the page says 5 R, its events in the chain give 2 R/);

    // A room's page too, and the chain without one of Ana's events no longer holds that trade.
    const roomPage = ok(await t.client().get<Perf>('/api/performance?analyst=ana-lyst&room=fx-a'));
    expect(verifyAnalystPage(events, roomPage).ok).toBe(true);
    const cut = events.filter((e) => !(e.signalId === byWho.ana![0] && e.type === 'created'));
    expect(verifyAnalystPage(cut, page).ok).toBe(false);

    // The command line: the chain, the checkpoints and the analyst's page, downloaded as an outsider would.
    const run = await runVerifier(['--url', t.url, '--analyst', 'ana-lyst']);
    expect(run.out).toMatch(/ok {3}page of analyst ana-lyst \(id \d+\): its 3 trades are exactly the chain's/);
    expect(run.out).toContain('RECORD OK');
    expect(run.code).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), 't0-analyst-page-'));
    const file = path.join(dir, 'page.json');
    writeFileSync(file, JSON.stringify({ ...page, trades: page.trades.slice(1) }));
    const broken = await runVerifier(['--url', t.url, '--page', file]);
    expect(broken.out).toContain(`FAIL signal ${byWho.ana![0]} is a trade of analyst ana-lyst`);
    expect(broken.code).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });
});
