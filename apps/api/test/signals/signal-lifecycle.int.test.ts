import { signalEventDigest } from '@t0/contracts';
import { signalEventHash, type PriceMap } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  type TestApp,
  type TestClient,
} from '../harness';
import { scriptedMarket, tickMarket } from '../fakes/market';

const kinds = await testDbKinds();

interface SignalAnswer {
  id: number;
  status: string;
  slPrice: number;
  t0Hit: boolean;
  currentPrice: number | null;
  exitPrice: number | null;
  closeReason: string | null;
  result: { pips: number; r: number } | null;
}

interface EventAnswer {
  id: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: Record<string, unknown>;
  prevHash: string;
  hash: string;
  salt: string | null;
  context: { room: string; author: string | null; priceSource: string | null } | null;
}

describe.each(kinds)('signal lifecycle, outcomes and the track record on %s', (kind) => {
  const market = scriptedMarket({ GBPJPY: 196.45, AUDUSD: 0.652, US30: 42000, GBPUSD: 1.34 });
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let subscriber: TestClient;
  let subscriberEmail: string;
  let user: TestClient;
  const ids: Record<string, number> = {};

  /** One pass of the price watcher over the current scripted prices. */
  const tick = (next: PriceMap = {}) => tickMarket(t, market, next);
  const signal = async (id: number) =>
    ((await admin.get('/api/signals')).body as SignalAnswer[]).find((s) => s.id === id)!;
  const events = async (id: number, as: TestClient = subscriber) => {
    const res = await as.get(`/api/signals/${id}/events`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as EventAnswer[];
  };
  const publish = async (name: string, body: Record<string, unknown>) => {
    // Whole trades here (nothing taken at T0); targets taken in parts: signal-feed-prices.int.test.ts.
    const res = await admin.post('/api/signals', { monthlyBias: 'Bullish', confidence: 80, t0Share: 0, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[name] = res.body.id;
    return res.body as SignalAnswer;
  };

  beforeAll(async () => {
    // The periodic job ticks once at start and then hourly: the test drives the watcher itself.
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { ports: { prices: market.feed } });
    const a = await signUpAdmin(t);
    admin = a.client;
    adminId = a.id;
    const s = await signUpSubscriber(t);
    subscriber = s.client;
    subscriberEmail = s.email;
    user = (await signUp(t)).client;
  });
  afterAll(async () => {
    // Let the lifecycle e-mails queued by the tests finish before the database goes away.
    if (t) {
      await vi
        .waitFor(
          async () => {
            const { rows } = await t.db.executeSql(
              `select count(*)::int as n from pgboss.job where name = 'signal-emails' and state in ('created', 'active', 'retry')`,
            );
            expect((rows[0] as { n: number }).n).toBe(0);
          },
          { timeout: 30_000, interval: 250 },
        )
        .catch(() => undefined);
    }
    await t?.close();
  });

  it('follows a scripted price path: fill, T0, stop to entry, T1, stop, and records each event', async () => {
    // A: a GBPJPY short published at market (risk 0.75). B: an AUDUSD long limit without the stop move.
    await publish('A', {
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 196.45,
      slPrice: 197.2,
      t0Price: 195.6,
      t1Price: 194.3,
    });
    await publish('B', {
      instrument: 'AUDUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 0.65,
      slPrice: 0.647,
      t0Price: 0.653,
      t1Price: 0.656,
      stopToEntry: false,
    });

    await tick({ GBPJPY: 196.6, AUDUSD: 0.652 });
    expect(await signal(ids.A!)).toMatchObject({
      status: 'active',
      currentPrice: 196.6,
      result: { pips: -15, r: -0.2 },
    });
    expect(await signal(ids.B!)).toMatchObject({ status: 'limit', currentPrice: 0.652, result: null });

    // The market gaps below the limit's entry: filled at the feed's (better) price.
    await tick({ GBPJPY: 195.9, AUDUSD: 0.6495 });
    expect(await signal(ids.B!)).toMatchObject({ status: 'active', result: { pips: 0, r: 0 } });

    await tick({ GBPJPY: 195.5, AUDUSD: 0.6532 });
    expect(await signal(ids.A!)).toMatchObject({ status: 'active', t0Hit: true, slPrice: 196.45 });
    expect(await signal(ids.B!)).toMatchObject({ status: 'active', t0Hit: true, slPrice: 0.647 });

    await tick({ GBPJPY: 195.0, AUDUSD: 0.648 });
    // One tick beyond T1 (A): exit at T1. One beyond the stop (B): exit at the tick's price, as it happened.
    await tick({ GBPJPY: 194.1, AUDUSD: 0.6465 });
    expect(await signal(ids.A!)).toMatchObject({
      status: 'closed',
      closeReason: 'target',
      exitPrice: 194.3,
      result: { pips: 215, r: 2.87 },
    });
    expect(await signal(ids.B!)).toMatchObject({
      status: 'closed',
      closeReason: 'stop',
      exitPrice: 0.6465,
      result: { pips: -30, r: -1 },
    });

    const a = await events(ids.A!);
    expect(a.map((e) => [e.type, e.price, e.actor])).toEqual([
      ['created', null, `admin:${adminId}`],
      ['activated', 196.45, `admin:${adminId}`],
      ['t0_hit', 195.6, 'system'],
      ['stop_moved', 195.6, 'system'],
      ['closed', 194.3, 'system'],
    ]);
    expect(a[0]!.data).toMatchObject({
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 196.45,
      slPrice: 197.2,
      stopToEntry: true,
    });
    expect(a[3]!.data).toMatchObject({ from: 197.2, to: 196.45, feedPrice: 195.5 });
    expect(a[1]!.data).toMatchObject({ feedPrice: 196.45 });
    expect(a[4]!.data).toMatchObject({ reason: 'target', bestPrice: 194.3, worstPrice: 196.6 });
    for (const e of a) expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(a.map((e) => e.hash)).size).toBe(a.length);
    expect((await events(ids.B!)).map((e) => e.type)).toEqual(['created', 'activated', 't0_hit', 'closed']);

    // Every subscriber was told of each lifecycle event, in-app and by e-mail.
    const inbox = (await subscriber.get('/api/user/notifications')).body as Array<{
      notification: { title: string; type: string; message: string };
    }>;
    const titles = inbox.map((n) => n.notification.title);
    for (const title of [
      'GBPJPY SHORT T0 HIT',
      'GBPJPY SHORT STOP MOVED',
      'GBPJPY SHORT CLOSED: TARGET',
      'AUDUSD LONG ACTIVATED',
      'AUDUSD LONG CLOSED: STOP',
    ]) {
      expect(titles).toContain(title);
    }
    expect(inbox.find((n) => n.notification.title === 'GBPJPY SHORT CLOSED: TARGET')!.notification).toMatchObject({
      type: 'signal',
      message: 'Closed at 194.300 (Take Profit 1): +215.0 pips, +2.87R.',
    });
    await vi.waitFor(
      () =>
        expect(
          t
            .mails()
            .some((m) => m.includes(subscriberEmail) && m.includes('Subject: T0 signal: GBPJPY SHORT CLOSED: TARGET')),
        ).toBe(true),
      {
        timeout: 20_000,
        interval: 250,
      },
    );
    // The live stream carries each change of the signal.
    const stream = await t.db.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('type', '=', 'signal.updated')
      .execute();
    expect(stream.filter((e) => (e.payload as { id: number }).id === ids.A).length).toBeGreaterThanOrEqual(2);
  });

  it('never records a transition twice when two watcher runs overlap', async () => {
    await publish('C', {
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41800,
      t0Price: 42300,
      t1Price: 42600,
    });
    market.set({ US30: 42310 });
    await Promise.all([tick(), tick(), tick()]);
    expect((await events(ids.C!)).map((e) => e.type)).toEqual(['created', 'activated', 't0_hit', 'stop_moved']);
    await tick({ US30: 42100 });
  });

  it('lets the administrator close at a price, cancel a limit and withdraw a filled signal', async () => {
    await tick({ US30: 42150 });
    const closed = await admin.post(`/api/signals/${ids.C}/close`, { exitPrice: 42150 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
      exitPrice: 42150,
      result: { pips: 150, r: 0.75 },
    });
    expect((await events(ids.C!)).at(-1)).toMatchObject({
      type: 'closed',
      price: 42150,
      actor: `admin:${adminId}`,
      data: { reason: 'manual' },
    });
    const again = await admin.post(`/api/signals/${ids.C}/close`, { exitPrice: 42200 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This signal is closed and can no longer change');
    const bad = await admin.post(`/api/signals/${ids.A}/close`, { exitPrice: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Exit price must be greater than 0');

    await publish('D', {
      instrument: 'GBPUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 1.335,
      slPrice: 1.33,
      t0Price: 1.34,
      t1Price: 1.345,
    });
    const refused = await admin.post(`/api/signals/${ids.D}/close`, { exitPrice: 1.336 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This signal was never filled: cancel or withdraw it instead of closing it');
    expect((await admin.post(`/api/signals/${ids.D}/cancel`)).body).toMatchObject({
      status: 'cancelled',
      result: null,
    });

    await publish('E', {
      instrument: 'GBPUSD',
      direction: 'long',
      entryPrice: 1.34,
      slPrice: 1.335,
      t0Price: 1.345,
      t1Price: 1.35,
    });
    expect((await admin.post(`/api/signals/${ids.E}/cancel`)).status).toBe(409);
    await tick({ GBPUSD: 1.339 });
    const withdrawn = await admin.post(`/api/signals/${ids.E}/withdraw`);
    expect(withdrawn.body).toMatchObject({
      status: 'withdrawn',
      closeReason: 'withdrawn',
      exitPrice: 1.339,
      result: { pips: -10, r: -0.2 },
    });

    // A withdrawn signal stays in the list and cannot be deleted, though it is younger than 2 minutes.
    expect((await user.get('/api/signals')).body.find((s: SignalAnswer) => s.id === ids.E)).toMatchObject({
      status: 'withdrawn',
      exitPrice: 1.339,
    });
    const del = await admin.delete(`/api/signals/${ids.E}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/^A published signal stays in the record: withdraw it instead/);
  });

  it('checks edits against the stored levels and records them in the timeline', async () => {
    const s = await publish('F', {
      instrument: 'GBPJPY',
      direction: 'short',
      status: 'limit',
      entryPrice: 197,
      slPrice: 197.6,
      t0Price: 196.4,
      t1Price: 195.8,
    });
    const wrong = await admin.put(`/api/signals/${s.id}`, { slPrice: 196.9 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('SL price must be above the entry price for a short signal');
    expect(wrong.body.fields[0]).toEqual({
      path: 'slPrice',
      code: 'invalid_value',
      message: 'SL price must be above the entry price for a short signal',
    });

    const edited = await admin.put(`/api/signals/${s.id}`, { slPrice: 197.8, memo: 'Wider stop above the wick' });
    expect(edited.status).toBe(200);
    const last = (await events(s.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'edited',
      actor: `admin:${adminId}`,
      data: { before: { slPrice: 197.6, memo: '' }, after: { slPrice: 197.8, memo: 'Wider stop above the wick' } },
    });
    // Without the signal's room its timeline is its publication alone, without prices or details:
    // an edit's kind and time would tell what moved and when.
    const locked = await events(s.id, user);
    expect(locked.map((e) => [e.type, e.price, e.data])).toEqual([['created', null, {}]]);

    // A signal published in error can be deleted in its first 2 minutes, not later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3 * 60_000);
      const late = await admin.delete(`/api/signals/${s.id}`);
      expect(late.status).toBe(409);
    } finally {
      vi.useRealTimers();
    }
    market.set({ AUDUSD: 0.66 });
    const g = await publish('G', {
      instrument: 'AUDUSD',
      direction: 'long',
      entryPrice: 0.66,
      slPrice: 0.655,
      t0Price: 0.665,
      t1Price: 0.67,
    });
    expect((await admin.delete(`/api/signals/${g.id}`)).status).toBe(200);
    expect((await events(g.id)).map((e) => e.type)).toEqual(['created', 'activated', 'deleted']);
    expect((await admin.post(`/api/signals/${s.id}/withdraw`)).body).toMatchObject({
      status: 'withdrawn',
      result: null,
    });
  });

  it('answers the track record from the events, the same in JSON and CSV', async () => {
    const res = await t.client().get('/api/performance');
    expect(res.status).toBe(200);
    const p = res.body;
    // A +2.87, B −1, C +0.75, E −0.20 (in closing order).
    expect(p.trades.map((x: { signalId: number }) => x.signalId)).toEqual([ids.A, ids.B, ids.C, ids.E]);
    expect(p).toMatchObject({
      signalsTaken: 4,
      wins: 2,
      losses: 2,
      breakevens: 0,
      winRate: 0.5,
      winRateExBreakeven: 0.5,
      totalR: 2.42,
      averageR: 0.61,
      averageWinR: 1.81,
      averageLossR: -0.6,
      expectancy: 0.61,
      expectancyRatio: 1.01,
      profitFactor: 3.02,
      maxDrawdownR: 1,
      longestWinStreak: 1,
      longestLossStreak: 1,
      openSignals: 0,
      cancelledSignals: 1,
      withdrawnSignals: 2,
      deletedSignals: 1,
      includesDemo: false,
      demoTrades: 0,
      verification: { ok: true, firstBroken: null },
    });
    expect(p.equity.map((e: { cumulativeR: number }) => e.cumulativeR)).toEqual([2.87, 1.87, 2.62, 2.42]);
    expect(p.trades[0]).toMatchObject({
      instrument: 'GBPJPY',
      reason: 'target',
      outcome: 'win',
      pips: 215,
      r: 2.87,
      mfeR: 2.87,
      maeR: -0.2,
      edits: 0,
    });
    expect(p.trades[1]).toMatchObject({
      instrument: 'AUDUSD',
      reason: 'stop',
      exitKind: 'stop',
      fillPrice: 0.6495,
      exitPrice: 0.6465,
      exitFeedPrice: 0.6465,
      outcome: 'loss',
      pips: -30,
      r: -1,
      mfeR: 1.23,
      maeR: -1,
    });
    expect(p.trades[3]).toMatchObject({ instrument: 'GBPUSD', reason: 'withdrawn', r: -0.2 });
    expect(p.byInstrument.map((g: { key: string; totalR: number }) => [g.key, g.totalR])).toEqual([
      ['AUDUSD', -1],
      ['GBPJPY', 2.87],
      ['GBPUSD', -0.2],
      ['US30', 0.75],
    ]);
    expect(p.monitoringSince).toEqual(expect.any(String));

    const csv = await fetch(`${t.url}/api/performance.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [notice, header, ...rows] = (await csv.text()).trim().split('\r\n');
    expect(notice).toBe(`# ${p.notice}`);
    expect(p.notice).toMatch(/^Hypothetical results: computed from the price feed's prices/);
    const columns = header!.split(',');
    expect(rows).toHaveLength(p.trades.length);
    rows.forEach((line, i) => {
      const cells = line.split(',');
      const fromJson = p.trades[i] as Record<string, unknown>;
      columns.forEach((c, j) => {
        if (c === 'parts') return expect(cells[j], `parts of row ${i}`).toMatch(/^100% exit @ /);
        expect(cells[j], `${c} of row ${i}`).toBe(fromJson[c] === null ? '' : String(fromJson[c]));
      });
    });
  });

  it("states the room in the created event's context, hashed with it; a changed context fails the chain check", async () => {
    const published = await publish('ctx', {
      instrument: 'GBPUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 1.331,
      slPrice: 1.325,
      t0Price: 1.336,
      t1Price: 1.342,
    });
    expect(published).toMatchObject({ room: 'main' });
    const [created, ...rest] = await events(ids.ctx!, admin);
    expect(rest).toEqual([]);
    const main = { room: 'main', author: null, priceSource: null };
    expect(created).toMatchObject({ type: 'created', context: main, salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const content = {
      signalId: ids.ctx!,
      type: created!.type,
      price: created!.price,
      at: created!.at,
      actor: created!.actor,
      data: created!.data,
      salt: created!.salt,
    };
    // The hash commits to the context: recomputed with it (server and Web Crypto alike), not without.
    expect(signalEventHash(created!.prevHash, { ...content, context: created!.context })).toBe(created!.hash);
    expect(await signalEventDigest(created!.prevHash, { ...content, context: created!.context })).toBe(created!.hash);
    expect(signalEventHash(created!.prevHash, content)).not.toBe(created!.hash);
    // Stored as JSON beside the event; the other events of the record have none.
    const row = await t.db.db
      .selectFrom('signalEvents')
      .select(['id', 'context'])
      .where('hash', '=', created!.hash)
      .executeTakeFirstOrThrow();
    const stored = typeof row.context === 'string' ? JSON.parse(row.context) : row.context;
    expect(stored).toEqual(main);
    expect((await events(ids.A!, admin)).filter((e) => e.type !== 'created').every((e) => e.context === null)).toBe(
      true,
    );
    // A viewer without the room reads the open signal's created event without its context.
    expect((await events(ids.ctx!, user))[0]).toMatchObject({ context: null, salt: null, data: {} });

    // Someone with database access moves the signal to another room in its event: the check names it
    // once a new event moves the head (the answer is kept per head).
    const recheck = async (name: string) => {
      await publish(name, {
        instrument: 'GBPUSD',
        direction: 'long',
        status: 'limit',
        entryPrice: 1.33,
        slPrice: 1.325,
        t0Price: 1.336,
        t1Price: 1.342,
      });
      return (await t.client().get('/api/performance/verify')).body;
    };
    expect(await recheck('ctx-before')).toMatchObject({ ok: true, firstBroken: null });
    const setContext = async (context: string | null) => {
      await sql`alter table signal_events disable trigger signal_events_append_only`.execute(t.db.db);
      await sql`update signal_events set context = ${context}::jsonb where id = ${row.id}`.execute(t.db.db);
      await sql`alter table signal_events enable trigger signal_events_append_only`.execute(t.db.db);
    };
    await setContext(JSON.stringify({ ...main, room: 'vip' }));
    expect(await recheck('ctx-changed')).toMatchObject({
      ok: false,
      firstBroken: { id: Number(row.id), signalId: ids.ctx, type: 'created', problem: 'hash' },
    });
    // Taking the context away (as if written before rooms) fails alike; put back, the chain is whole.
    await setContext(null);
    expect(await recheck('ctx-removed')).toMatchObject({ ok: false, firstBroken: { id: Number(row.id) } });
    await setContext(JSON.stringify(main));
    expect(await recheck('ctx-restored')).toMatchObject({ ok: true, firstBroken: null });
  });

  it('names the first event changed or removed outside the product', async () => {
    expect((await t.client().get('/api/performance/verify')).body).toMatchObject({ ok: true, firstBroken: null });
    const target = await t.db.db
      .selectFrom('signalEvents')
      .select(['id', 'signalId'])
      .where('signalId', '=', ids.B!)
      .where('type', '=', 'closed')
      .executeTakeFirstOrThrow();
    // The table refuses changes; someone with database access turns that off and hides the loss.
    await expect(sql`update signal_events set price = 0.656 where id = ${target.id}`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );
    await sql`alter table signal_events disable trigger signal_events_append_only`.execute(t.db.db);
    await sql`update signal_events set price = 0.656, data = jsonb_set(data, '{reason}', '"target"') where id = ${target.id}`.execute(
      t.db.db,
    );
    // The check is kept while the chain's head is unchanged; the next event has it rechecked.
    const kept = await t.client().get('/api/performance/verify');
    expect(kept.body).toMatchObject({ ok: true, firstBroken: null });
    await sql`alter table signal_events enable trigger signal_events_append_only`.execute(t.db.db);
    await publish('after-tamper', {
      instrument: 'GBPUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 1.33,
      slPrice: 1.325,
      t0Price: 1.336,
      t1Price: 1.342,
    });
    await sql`alter table signal_events disable trigger signal_events_append_only`.execute(t.db.db);
    const verify = await t.client().get('/api/performance/verify');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      ok: false,
      firstBroken: { id: Number(target.id), signalId: ids.B, type: 'closed', problem: 'hash' },
    });

    // Removing an event breaks the link of the one after it.
    const first = await t.db.db.selectFrom('signalEvents').select('id').orderBy('id').limit(2).execute();
    await sql`delete from signal_events where id = ${first[0]!.id}`.execute(t.db.db);
    await sql`alter table signal_events enable trigger signal_events_append_only`.execute(t.db.db);
    expect((await t.client().get('/api/performance/verify')).body.firstBroken).toMatchObject({
      id: Number(first[1]!.id),
      problem: 'link',
    });
  });
});
