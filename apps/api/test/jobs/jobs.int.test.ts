import { unreadCount, type PriceMap, type PriceSnapshot } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { signUp, signUpAdmin, startTestApp, testDbKinds, type TestApp, until } from '../harness';

const kinds = await testDbKinds();

/** A price feed the test moves by hand. */
function manualFeed(initial: PriceMap) {
  let prices = { ...initial };
  return {
    feed: { latest: async (): Promise<PriceSnapshot> => ({ prices, source: 'live', updatedAt: new Date() }) },
    set(next: PriceMap) {
      prices = { ...prices, ...next };
    },
  };
}

describe.each(kinds)('background jobs on %s', (kind) => {
  const market = manualFeed({ GBPJPY: 196.5, US30: 42650, AUDUSD: 0.65, GBPUSD: 1.34 });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '1000' }, { ports: { prices: market.feed } });
  });
  afterAll(async () => t?.close());

  it('runs pg-boss on the product database and prunes expired sessions through a job', async () => {
    const schema = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`.execute(t.db.db);
    expect(schema.rows[0]!.n).toBeGreaterThan(0);
    await t.db.db
      .insertInto('sessions')
      .values([
        { sid: 'expired-one', sess: JSON.stringify({ cookie: {} }), expire: new Date(Date.now() - 60_000) },
        { sid: 'still-valid', sess: JSON.stringify({ cookie: {} }), expire: new Date(Date.now() + 60_000) },
      ])
      .execute();
    await t.app.ports.jobs.send('prune-sessions', {});
    const left = await until(
      () => t.db.db.selectFrom('sessions').select('sid').where('sid', 'in', ['expired-one', 'still-valid']).execute(),
      (rows) => rows.length === 1,
    );
    expect(left.map((r) => r.sid)).toEqual(['still-valid']);
  });

  it('drives the signal lifecycle from the live prices through the periodic job', async () => {
    const admin = (await signUpAdmin(t)).client;
    // Whole trades (nothing taken at T0); each published at market, the feed at its entry.
    const base = { monthlyBias: 'Bullish', confidence: 80, t0Share: 0 };
    const mk = async (body: { instrument: string; entryPrice: number } & Record<string, unknown>) => {
      market.set({ [body.instrument]: body.entryPrice });
      const res = await admin.post('/api/signals', { ...base, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as number;
    };
    // Closed by hand at once at market; its levels lie out of the prices' reach, so only the close moves it.
    const closedId = await mk({
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 195,
      slPrice: 194,
      t0Price: 198,
      t1Price: 199,
    });
    market.set({ GBPJPY: 195.5 });
    expect((await admin.post(`/api/signals/${closedId}/close`, { exitPrice: 195.5 })).status).toBe(200);
    const longId = await mk({
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.2,
      slPrice: 195.5,
      t0Price: 197,
      t1Price: 198,
    });
    const shortId = await mk({
      instrument: 'US30',
      direction: 'short',
      entryPrice: 42800,
      slPrice: 43000,
      t0Price: 42600,
      t1Price: 42400,
    });
    market.set({ GBPJPY: 196.5, US30: 42650 });

    const signals = async () => {
      const list = (await admin.get('/api/signals')).body as Array<{
        id: number;
        t0Hit: boolean;
        status: string;
        slPrice: number;
        currentPrice: number | null;
        closeReason: string | null;
        result: { pips: number; r: number } | null;
      }>;
      return Object.fromEntries(list.map((s) => [s.id, s]));
    };
    // Below T0 for the long, above T0 for the short: prices recorded, nothing hit.
    let now = await until(signals, (s) => s[longId]!.currentPrice === 196.5 && s[shortId]!.currentPrice === 42650);
    expect(now[longId]).toMatchObject({ currentPrice: 196.5, t0Hit: false });
    expect(now[shortId]).toMatchObject({ currentPrice: 42650, t0Hit: false });
    // A closed signal is not followed any more.
    const closedAtClose = now[closedId]!;
    expect(closedAtClose).toMatchObject({ status: 'closed', t0Hit: false });

    market.set({ GBPJPY: 197.01, US30: 42600 });
    now = await until(signals, (s) => s[longId]!.t0Hit && s[shortId]!.t0Hit);
    // T0 reached: the stop moved to the entry (the option is on by default).
    expect(now[longId]).toMatchObject({
      currentPrice: 197.01,
      t0Hit: true,
      status: 'active',
      slPrice: 196.2,
      result: { pips: 81, r: 1.16 },
    });
    expect(now[shortId]).toMatchObject({ currentPrice: 42600, t0Hit: true, slPrice: 42800 });

    // Back to the moved stop: closed at break-even, at the stop level.
    market.set({ GBPJPY: 196.2 });
    now = await until(signals, (s) => s[longId]!.status === 'closed');
    expect(now[longId]).toMatchObject({
      currentPrice: 196.2,
      t0Hit: true,
      status: 'closed',
      closeReason: 'breakeven',
      result: { pips: 0, r: 0 },
    });
    expect(now[closedId]).toMatchObject({
      currentPrice: closedAtClose.currentPrice,
      t0Hit: false,
      status: 'closed',
      closeReason: 'manual',
      result: { pips: 50, r: 0.5 },
    });
  });

  it('keeps a scheduled delivery across a restart', async () => {
    const admin = (await signUpAdmin(t)).client;
    const reader = await signUp(t);
    const at = new Date(Date.now() + 4000);
    const n = (
      await admin.post('/api/notifications', {
        title: 'After restart',
        message: 'still on time',
        scheduledFor: at.toISOString(),
      })
    ).body;
    const job = async () =>
      (
        await t.db.executeSql(
          `select state from pgboss.job where name = 'deliver-notifications' and data->>'notificationId' = $1`,
          [String(n.id)],
        )
      ).rows as Array<{ state: string }>;
    expect((await job()).map((j) => j.state)).toEqual(['created']);

    await t.app.close();
    const next = await createApp(t.config, { db: t.db, logger: false });
    try {
      // A broadcast is stored once: delivered, it has its item id and reaches the reader's count.
      const delivered = async () => {
        const row = await t.db.db
          .selectFrom('notifications')
          .select('itemId')
          .where('id', '=', n.id)
          .executeTakeFirstOrThrow();
        return row.itemId !== null;
      };
      const unread = async () => unreadCount(t.db.db, reader.id);
      const before = await unread();
      expect(await delivered()).toBe(false);
      expect((await until(job, (rows) => rows[0]?.state === 'completed')).map((j) => j.state)).toEqual(['completed']);
      expect(await delivered()).toBe(true);
      expect(await unread()).toBe(before + 1);
      expect(
        await t.db.db.selectFrom('userNotifications').select('id').where('notificationId', '=', n.id).execute(),
      ).toEqual([]);
      const row = await t.db.db
        .selectFrom('notifications')
        .select('deliveredAt')
        .where('id', '=', n.id)
        .executeTakeFirstOrThrow();
      expect(row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    } finally {
      await next.close();
    }
  });

  it("brings a queue made by an earlier version up to this version's options at start", async () => {
    // As an earlier version left it: pg-boss's default 15 min expiry, two retries.
    await t.db.executeSql(
      `update pgboss.queue set expire_seconds = 900, retry_limit = 2 where name in ('deliver', 'delivery-fanout')`,
      [],
    );
    const next = await createApp(t.config, { db: t.db, logger: false });
    try {
      const rows = (
        await t.db.executeSql(
          `select name, expire_seconds as "expire", retry_limit as "retries" from pgboss.queue where name in ('deliver', 'delivery-fanout') order by name`,
          [],
        )
      ).rows as Array<{ name: string; expire: number; retries: number }>;
      expect(rows).toEqual([
        { name: 'deliver', expire: 30, retries: 2 },
        { name: 'delivery-fanout', expire: 30, retries: 5 },
      ]);
    } finally {
      await next.close();
    }
  });
});
