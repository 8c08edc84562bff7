import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enqueueJobs, fanoutJob, relayOutbox } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app';
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
const quiet = { info() {}, warn() {}, error() {} };

/** A local webhook receiver: every request's path and `webhook-id`. */
async function receiver() {
  const got: { path: string; id: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      got.push({ path: req.url ?? '', id: String(req.headers['webhook-id'] ?? '') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    on: (p: string) => got.filter((g) => g.path === p),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SIGNAL = {
  instrument: 'GBPJPY',
  direction: 'long',
  entryPrice: 196.45,
  slPrice: 195.6,
  t0Price: 197.2,
  t1Price: 198.3,
  monthlyBias: 'Bullish',
  confidence: 80,
};

describe.each(kinds)('the outbox on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let restarted: App | undefined;

  beforeAll(async () => {
    hooks = await receiver();
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000', WEBHOOKS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'silent' });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
    await hooks?.close();
  });

  const subscriberWithHook = async (path: string) => {
    const s = await signUpSubscriber(t);
    const created = await s.client.post('/api/user/webhooks', { url: hooks.base + path, description: 'bot' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return s;
  };

  it('a fan-out relayed twice records and sends each delivery once', async () => {
    const app = t.app;
    await subscriberWithHook('/twice');
    const published = await admin.post('/api/signals', { ...SIGNAL, status: 'limit', entryPrice: 196.1 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await until(
      () => hooks.on('/twice'),
      (g) => g.length >= 1,
      20_000,
      100,
    );
    const signalId = published.body.id as number;
    const before = await t.db.db
      .selectFrom('deliveries')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const events = await t.db.db.selectFrom('signalEvents').select('id').where('signalId', '=', signalId).execute();
    const ids = await enqueueJobs(t.db.db, [fanoutJob({ signalId, eventIds: events.map((e) => e.id) })]);
    await relayOutbox({ db: t.db.db, jobs: app.ports.jobs, log: quiet }, ids);
    await new Promise((r) => setTimeout(r, 1_500));
    const [first] = hooks.on('/twice');
    const afterFirst = await t.db.db
      .selectFrom('deliveries')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(afterFirst.n).toBe(before.n);

    // The same rows relayed again (a relay that died before marking them, its lease expired).
    await t.db.db.updateTable('outbox').set({ relayedAt: null, claimedUntil: null }).where('id', 'in', ids).execute();
    expect(await relayOutbox({ db: t.db.db, jobs: app.ports.jobs, log: quiet })).toBeGreaterThanOrEqual(1);
    const relays = await t.db.db.selectFrom('outbox').select('relays').where('id', 'in', ids).executeTakeFirstOrThrow();
    expect(relays.relays).toBe(2);
    await new Promise((r) => setTimeout(r, 3_000));
    const afterSecond = await t.db.db
      .selectFrom('deliveries')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(afterSecond.n).toBe(afterFirst.n);
    expect(hooks.on('/twice').map((g) => g.id)).toEqual([first!.id]);
  });

  it('a signal published just before the process dies (its jobs never queued) reaches the webhook after a restart', async () => {
    await subscriberWithHook('/crash');
    // The job queue fails from the commit on, as when the process is killed right after it.
    const jobs = t.app.ports.jobs;
    const send = jobs.send.bind(jobs);
    const sendMany = jobs.sendMany?.bind(jobs);
    jobs.send = () => Promise.reject(new Error('the process is gone'));
    jobs.sendMany = () => Promise.reject(new Error('the process is gone'));
    const published = await admin.post('/api/signals', { ...SIGNAL, status: 'limit', entryPrice: 196.2 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const waiting = await t.db.db.selectFrom('outbox').select(['job', 'data']).where('relayedAt', 'is', null).execute();
    expect(waiting.map((r) => r.job).sort()).toEqual(['delivery-fanout', 'signal-emails']);
    await t.app.close();
    jobs.send = send;
    jobs.sendMany = sendMany;
    expect(hooks.on('/crash')).toHaveLength(0);

    // Started again on the same database: the relay queues what the commit wrote.
    restarted = await createApp(t.config, { db: t.db, logger: false });
    const [hook] = await until(
      () => hooks.on('/crash'),
      (g) => g.length >= 1,
      30_000,
      100,
    );
    expect(hook!.id).toMatch(/^msg_se\d+:/);
    await until(
      () => t.db.db.selectFrom('outbox').select('id').where('relayedAt', 'is', null).execute(),
      (rows) => rows.length === 0,
      10_000,
      100,
    );
  });

  it('relays a backlog in one queue statement per batch, each job with its start time and key', async () => {
    // The process started again by the test before (the first one is closed).
    const jobs = (restarted ?? t.app).ports.jobs;
    const calls = { send: 0, sendMany: [] as number[] };
    const port = {
      send: (...a: Parameters<typeof jobs.send>) => ((calls.send += 1), jobs.send(...a)),
      sendMany: (batch: Parameters<NonNullable<typeof jobs.sendMany>>[0]) => (
        calls.sendMany.push(batch.length),
        jobs.sendMany!(batch)
      ),
    };
    // A queue no worker takes, so the queued jobs stay to be read back.
    const later = new Date(Date.now() + 3_600_000);
    const ids = await enqueueJobs(
      t.db.db,
      Array.from({ length: 450 }, (_, n) => ({
        name: 'outbox-batch-probe',
        data: { n },
        ...(n % 3 === 0 ? { startAfter: later } : {}),
        ...(n % 5 === 0 ? { singletonKey: `k${n}` } : {}),
      })),
    );
    // (The process's own periodic relay may take some of the rows meanwhile; it queues the same way.)
    await relayOutbox({ db: t.db.db, jobs: port, log: quiet }, ids);
    expect(calls.send).toBe(0);
    expect(calls.sendMany.length).toBeGreaterThan(0);
    expect(Math.max(...calls.sendMany)).toBeGreaterThan(1);
    expect(Math.max(...calls.sendMany)).toBeLessThanOrEqual(200);
    const waiting = await t.db.db
      .selectFrom('outbox')
      .select('id')
      .where('id', 'in', ids)
      .where('relayedAt', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
    const queued = (
      await t.db.executeSql(
        `select (data->>'n')::int as n, singleton_key as key, start_after > now() + interval '50 minutes' as later from pgboss.job where name = 'outbox-batch-probe' order by 1`,
        [],
      )
    ).rows as Array<{ n: number; key: string | null; later: boolean }>;
    expect(queued.map((q) => q.n)).toEqual(Array.from({ length: 450 }, (_, n) => n));
    expect(queued.filter((q) => q.later).map((q) => q.n)).toEqual(queued.filter((q) => q.n % 3 === 0).map((q) => q.n));
    expect(queued.filter((q) => q.key !== null).map((q) => q.key)).toEqual(
      queued.filter((q) => q.n % 5 === 0).map((q) => `k${q.n}`),
    );
  });
});
