import { generateKeyPairSync } from 'node:crypto';
import { migrateToLatest } from '@t0/db';
import { createTestDb, migrateTo, type TestDb } from '@t0/db/testing';
import { buildOpenApiDocument, createInnerContext, sweepBilling } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import { startTestApp, testDbKinds, VALID_SIGNAL, type TestApp, type TestClient } from '../harness';
import { publicKeyOf, verifyRecord } from '../../../../examples/verify-record';
import { runVerifier } from '../run-verifier';
import {
  fillAsPreviousRelease,
  PREVIOUS_PASSWORD,
  PREVIOUS_RELEASE_SCHEMA,
  type PreviousRelease,
} from '../previous-release';

// The upgrade from the previous release: a database made by the previous
// release's schema, holding what that release wrote (previous-release.ts: accounts of every kind,
// payments, signals in every state with their hash chain and signed checkpoints, notifications,
// content, API tokens), is migrated to the latest schema as `pnpm db:migrate` does, and the product
// started on it answers every path as before for each kind of user, holds the rooms, plans and
// grants the migration backfilled, and keeps a record that verifies across the chain's formats.

const kinds = await testDbKinds();

/** A limit order published after the upgrade (an event everyone may read). */
const PENDING_AFTER = {
  ...VALID_SIGNAL,
  status: 'limit',
  entryPrice: 0.64,
  slPrice: 0.635,
  t0Price: 0.645,
  t1Price: 0.65,
};

type Kind = keyof PreviousRelease['users'];
const KINDS: Kind[] = ['admin', 'subscriber', 'pastDue', 'freeDays', 'freeDaysOver', 'lapsed', 'free'];
/** Who may read open signals whole after the upgrade, as before it. */
const ENTITLED: Kind[] = ['admin', 'subscriber', 'pastDue', 'freeDays'];

describe.each(kinds)('an install of the previous release, upgraded, on %s', (kind) => {
  let t: TestApp;
  let db: TestDb | undefined;
  let old: PreviousRelease;
  let applied: string[];
  const as = {} as Record<Kind, TestClient>;

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    db = await createTestDb(kind, { migrate: false });
    await migrateTo(db.db, PREVIOUS_RELEASE_SCHEMA);
    old = await fillAsPreviousRelease(db.db.withoutPlugins(), privateKey);
    // The upgrade: migrations first (what `pnpm db:migrate` runs), then the product on the database.
    applied = await migrateToLatest(db.db);
    t = await startTestApp(
      kind,
      {
        RECORD_SIGNING_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        // The price watch ticks once at start, then hourly: only the desk moves the new signals.
        PRICE_REFRESH_MS: '3600000',
      },
      { db },
    );
    db = undefined;
    for (const k of KINDS) {
      const client = t.client();
      const res = await client.post('/api/auth/login', { email: old.users[k].email, password: PREVIOUS_PASSWORD });
      expect(res.status, `${k}: ${JSON.stringify(res.body)}`).toBe(200);
      as[k] = client;
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const iso = (d: Date) => d.toISOString();

  it('migrates the previous schema with its data to the latest, and the product starts with nothing left to apply', async () => {
    expect(applied).toEqual(
      expect.arrayContaining(['20261219000000_rooms_and_plans', '20261224000000_rooms_backfill_corrections']),
    );
    expect(applied).not.toContain(PREVIOUS_RELEASE_SCHEMA);
    expect(await migrateToLatest(t.db.db)).toEqual([]);
    expect((await t.client().get('/api/ready')).status).toBe(200);
  });

  it('keeps who has access: the subscriber, the past-due one in grace, free days and the administrator; not the lapsed, the free account or free days that ran out', async () => {
    const expected: Record<
      Kind,
      { hasActiveSubscription: boolean; isAdmin: boolean; access: Record<string, string | null> }
    > = {
      admin: { hasActiveSubscription: true, isAdmin: true, access: {} },
      subscriber: { hasActiveSubscription: true, isAdmin: false, access: { main: null } },
      pastDue: { hasActiveSubscription: true, isAdmin: false, access: { main: null } },
      freeDays: { hasActiveSubscription: true, isAdmin: false, access: { main: iso(old.freeDaysUntil) } },
      freeDaysOver: { hasActiveSubscription: false, isAdmin: false, access: {} },
      lapsed: { hasActiveSubscription: false, isAdmin: false, access: {} },
      free: { hasActiveSubscription: false, isAdmin: false, access: {} },
    };
    const users = async () =>
      Object.fromEntries(
        await Promise.all(
          KINDS.map(async (k) => {
            const res = await as[k].get('/api/auth/user');
            expect(res.status, k).toBe(200);
            const { hasActiveSubscription, isAdmin, access } = res.body;
            return [k, { hasActiveSubscription, isAdmin, access }];
          }),
        ),
      );
    expect(await users()).toEqual(expected);
    // The billing sweep (every minute) ends free days that ran out, as the previous release's did;
    // it leaves everyone else as they are.
    await sweepBilling(ctx());
    expect(await users()).toEqual(expected);
  });

  it('backfills one default room, main, with every instrument, the plans monthly and yearly, and a grant for each person who had access, until when it ran', async () => {
    const rooms = await as.admin.get('/api/admin/rooms');
    expect(rooms.status, JSON.stringify(rooms.body)).toBe(200);
    expect(rooms.body).toEqual([
      expect.objectContaining({ slug: 'main', isDefault: true, instruments: [], archivedAt: null, members: 3 }),
    ]);
    const plans = await as.admin.get('/api/admin/plans');
    expect(plans.status).toBe(200);
    expect(
      plans.body.map((p: any) => ({
        key: p.key,
        terms: p.terms,
        interval: p.interval,
        rooms: p.rooms.map((r: any) => r.slug),
        isDefault: p.isDefault,
        holders: p.holders,
      })),
    ).toEqual([
      { key: 'monthly', terms: 'recurring', interval: 'month', rooms: ['main'], isDefault: true, holders: 2 },
      { key: 'yearly', terms: 'recurring', interval: 'year', rooms: ['main'], isDefault: false, holders: 1 },
    ]);
    // Every signal of the old install is in main, and every instrument with it.
    const { rows: signalRooms } = await sql<{ room: string }>`select distinct room from signals`.execute(t.db.db);
    expect(signalRooms).toEqual([{ room: 'main' }]);

    const { rows: grants } = await sql<{
      user_id: number;
      plan: string;
      source: string;
      source_ref: string | null;
      ends_at: Date | null;
    }>`select g.user_id, p.key as plan, g.source, g.source_ref, g.ends_at
         from access_grants g join plans p on p.id = g.plan_id order by g.user_id, g.id`.execute(
      t.db.db.withoutPlugins(),
    );
    const { users } = old;
    expect(grants.map((g) => ({ ...g, ends_at: g.ends_at && new Date(g.ends_at).toISOString() }))).toEqual([
      {
        user_id: users.subscriber.id,
        plan: 'yearly',
        source: 'subscription',
        source_ref: old.subscriptions.subscriber,
        ends_at: null,
      },
      {
        user_id: users.pastDue.id,
        plan: 'monthly',
        source: 'subscription',
        source_ref: old.subscriptions.pastDue,
        ends_at: null,
      },
      {
        user_id: users.freeDays.id,
        plan: 'monthly',
        source: 'free_days',
        source_ref: null,
        ends_at: iso(old.freeDaysUntil),
      },
      {
        user_id: users.freeDaysOver.id,
        plan: 'monthly',
        source: 'free_days',
        source_ref: null,
        ends_at: iso(old.freeDaysOverUntil),
      },
    ]);
  });

  it('lists the signals as before: whole to the entitled and by API token, open ones locked to the lapsed and the free account', async () => {
    const { signals: s } = old;
    const byId = (list: any[]) => new Map<number, any>(list.map((x) => [x.id, x]));
    const whole = {
      [s.won]: {
        room: 'main',
        status: 'closed',
        locked: false,
        instrument: 'GBPUSD',
        direction: 'long',
        entryPrice: 1.27,
        exitPrice: 1.28,
        closeReason: 'target',
        t0Hit: true,
        result: expect.objectContaining({ pips: 100, r: 2 }),
      },
      [s.lost]: {
        status: 'closed',
        locked: false,
        direction: 'short',
        exitPrice: 197.5,
        closeReason: 'stop',
        result: expect.objectContaining({ pips: -50, r: -1 }),
      },
      [s.expired]: { status: 'cancelled', locked: false, closeReason: 'expired', entryPrice: 45000 },
    };
    const open = {
      [s.running]: {
        room: 'main',
        status: 'active',
        locked: false,
        entryPrice: 1.3,
        slPrice: 1.25,
        t0Price: 1.34,
        t1Price: 1.4,
        t0Hit: true,
        memo: 'Old release: trend continuation, hold for T1',
      },
      [s.pending]: { status: 'limit', locked: false, orderType: 'limit', entryPrice: 0.6, slPrice: 0.59 },
    };
    const locked = { locked: true, status: 'open', room: 'main', direction: null, entryPrice: null, memo: '' };
    for (const k of KINDS) {
      const res = await as[k].get('/api/signals');
      expect(res.status, k).toBe(200);
      const list = byId(res.body);
      expect([...list.keys()].sort(), k).toEqual(Object.values(s).sort());
      for (const [id, want] of Object.entries(whole)) expect(list.get(Number(id)), `${k} ${id}`).toMatchObject(want);
      for (const [id, want] of Object.entries(open))
        expect(list.get(Number(id)), `${k} ${id}`).toMatchObject(ENTITLED.includes(k) ? want : locked);
    }
    // The subscriber's script, with the token the previous release minted; the revoked one stays refused.
    const script = await t.client().request('GET', '/api/signals', undefined, { authorization: `Bearer ${old.token}` });
    expect(script.status).toBe(200);
    expect(byId(script.body).get(s.running)).toMatchObject(open[s.running]!);
    const revoked = await t
      .client()
      .request('GET', '/api/signals', undefined, { authorization: `Bearer ${old.revokedToken}` });
    expect(revoked.status).toBe(401);
    const tokens = await as.subscriber.get('/api/user/api-tokens');
    expect(tokens.body.map((x: any) => [x.name, x.revokedAt === null])).toEqual([
      ['signal script', true],
      ['old laptop', false],
    ]);
  });

  it("answers each signal's timeline as before: the old hashes, salts where they were written, no context", async () => {
    const stored = (signalId: number) => old.events.filter((e) => e.signalId === signalId);
    for (const id of Object.values(old.signals)) {
      const res = await as.subscriber.get(`/api/signals/${id}/events`);
      expect(res.status).toBe(200);
      expect(
        res.body.map((e: any) => ({
          id: e.id,
          type: e.type,
          hash: e.hash,
          salted: e.salt !== null,
          context: e.context,
        })),
      ).toEqual(stored(id).map((e) => ({ id: e.id, type: e.type, hash: e.hash, salted: e.salted, context: null })));
    }
    // A running signal's timeline, to an account without its room: the publication alone, withheld.
    for (const k of ['lapsed', 'free'] as const) {
      const res = await as[k].get(`/api/signals/${old.signals.running}/events`);
      expect(res.status).toBe(200);
      expect(res.body.map((e: any) => [e.type, e.price, e.salt, e.data])).toEqual([['created', null, null, {}]]);
    }
  });

  it('answers the notifications as before: the broadcast to everyone, the signal notices to those who received them, read states kept', async () => {
    const [closedStop, activated, t0Hit] = old.notices.signalTitles;
    const broadcast = old.notices.broadcastTitle;
    const expected: Record<Kind, { titles: string[]; unread: number }> = {
      admin: { titles: [t0Hit!, broadcast, activated!, closedStop!], unread: 4 },
      subscriber: { titles: [t0Hit!, broadcast, activated!, closedStop!], unread: 0 },
      pastDue: { titles: [t0Hit!, broadcast, activated!, closedStop!], unread: 4 },
      freeDays: { titles: [broadcast], unread: 1 },
      freeDaysOver: { titles: [broadcast], unread: 1 },
      lapsed: { titles: [broadcast, activated!, closedStop!], unread: 3 },
      free: { titles: [broadcast], unread: 1 },
    };
    for (const k of KINDS) {
      const list = await as[k].get('/api/user/notifications');
      expect(list.status, k).toBe(200);
      const count = await as[k].get('/api/user/notifications/unread-count');
      expect({ titles: list.body.map((n: any) => n.notification.title), unread: count.body.count }, k).toEqual(
        expected[k],
      );
      // Written before rooms, a signal notice names no signal: read whole by whoever received it, as before.
      expect(
        list.body.filter((n: any) => n.notification.locked),
        k,
      ).toEqual([]);
    }
    const lapsed = (await as.lapsed.get('/api/user/notifications')).body;
    expect(lapsed.find((n: any) => n.notification.title === activated).notification.message).toContain('T1 1.40000');
  });

  it('answers the blog, the resources and the billing summary as before', async () => {
    const posts = await t.client().get('/api/blog-posts');
    expect(posts.body.map((p: any) => p.id)).toEqual([old.blog.published]);
    expect((await as.subscriber.get(`/api/blog-posts/${old.blog.draft}`)).status).toBe(404);
    expect((await as.admin.get(`/api/blog-posts/${old.blog.draft}`)).body).toMatchObject({ published: false });
    for (const k of KINDS) {
      const res = await as[k].get('/api/resources');
      expect(res.status, k).toBe(200);
      expect(
        res.body.map((r: any) => [r.id, r.fileUrl]),
        k,
      ).toEqual([[old.resources.active, '/objects/resources/sizing.xlsx']]);
    }

    const billing = async (k: Kind) => {
      const res = await as[k].get('/api/billing');
      expect(res.status, k).toBe(200);
      return res.body;
    };
    expect(await billing('subscriber')).toMatchObject({
      provider: 'stripe',
      plan: 'yearly',
      status: 'active',
      hasAccess: true,
      currentPeriodEnd: iso(old.subscriberPeriodEnd),
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
    });
    expect(await billing('pastDue')).toMatchObject({
      provider: 'stripe',
      plan: 'monthly',
      status: 'past_due',
      hasAccess: true,
      graceEndsAt: expect.any(String),
    });
    expect(await billing('lapsed')).toMatchObject({ provider: 'stripe', status: 'canceled', hasAccess: false });
    expect(await billing('freeDays')).toMatchObject({ provider: 'none', plan: null, hasAccess: true });
    expect(await billing('freeDaysOver')).toMatchObject({ provider: 'none', hasAccess: false });
    expect(await billing('free')).toMatchObject({ provider: 'none', plan: null, status: 'inactive', hasAccess: false });
  });

  it('computes the track record and its CSV from the old events as before', async () => {
    const res = await t.client().get('/api/performance');
    expect(res.status).toBe(200);
    const { signals: s } = old;
    expect(res.body).toMatchObject({
      signalsTaken: 2,
      wins: 1,
      losses: 1,
      totalR: 1,
      openSignals: 2,
      cancelledSignals: 1,
      expiredSignals: 1,
      monitoringSince: old.events[0] && (await eventTime(old.events[0].id)),
      verification: { ok: true },
    });
    expect(res.body.trades.map((x: any) => [x.signalId, x.exitKind, x.pips, x.r, x.fillPrice, x.exitPrice])).toEqual([
      [s.won, 'target', 100, 2, 1.27, 1.28],
      [s.lost, 'stop', -50, -1, 197, 197.5],
    ]);
    const csv = await t.client().get('/api/performance.csv');
    expect(csv.status).toBe(200);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows[1]).toMatch(/^signalId,instrument,direction,/);
    expect(rows.slice(2).map((r) => r.split(',').slice(0, 3))).toEqual([
      [String(s.won), 'GBPUSD', 'long'],
      [String(s.lost), 'GBPJPY', 'short'],
    ]);
  });

  const eventTime = async (id: number) =>
    new Date(
      (await t.db.db.selectFrom('signalEvents').select('at').where('id', '=', id).executeTakeFirstOrThrow()).at,
    ).toISOString();

  it('answers every GET of the document to every kind of user without a server error, each answer as the document says', async () => {
    const doc = buildOpenApiDocument('http://t0.test/api') as unknown as { paths: Record<string, object> };
    const paths = Object.entries(doc.paths)
      .filter(([p, ops]) => 'get' in ops && p !== '/stream')
      .map(([p]) =>
        p
          .replace('/signals/{id}', `/signals/${old.signals.running}`)
          .replace('/blog-posts/{id}', `/blog-posts/${old.blog.published}`)
          .replace('{userId}', String(old.users.subscriber.id))
          .replace('{page}', 'terms')
          .replace(/\{[^}]+\}/g, '1'),
      );
    expect(paths.length).toBeGreaterThan(40);
    const failed: string[] = [];
    // Each kind of user walks the paths in turn, the seven side by side; the client checks each
    // answer against the document the app serves.
    await Promise.all(
      KINDS.map(async (k) => {
        // The console's paths answer 403 to everyone but the administrator, before reading anything.
        for (const p of k === 'admin' ? paths : paths.filter((x) => !x.startsWith('/admin/'))) {
          const res = await as[k].get(`/api${p}`);
          if (res.status >= 500) failed.push(`${k} GET /api${p}: ${res.status}`);
        }
        if (k !== 'admin') expect((await as[k].get('/api/admin/users')).status, k).toBe(403);
      }),
    );
    expect(failed).toEqual([]);
  }, 60_000);

  it('verifies the record across both formats: the server and the offline verifier, on a chain with old and new created events', async () => {
    const before = await t.client().get('/api/performance/verify');
    expect(before.body).toMatchObject({ ok: true, contradicts: null, firstBroken: null });
    expect(before.body.checkpoints).toBeGreaterThanOrEqual(old.checkpoints.length);

    // A signal published and closed after the upgrade: its created event states its room (chain v2)
    // and its close signs a checkpoint with today's code.
    const published = await as.admin.post('/api/signals', VALID_SIGNAL);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.room).toBe('main');
    t.pinPrices({ AUDUSD: 0.6521 });
    const closed = await as.admin.post(`/api/signals/${published.body.id}/close`, { exitPrice: 0.6521 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const events = (await as.subscriber.get('/api/performance/events')).body as any[];
    const created = events.filter((e) => e.type === 'created');
    expect(created.filter((e) => e.context === null).map((e) => e.signalId)).toEqual([
      old.signals.won,
      old.signals.lost,
      old.signals.running,
      old.signals.expired,
      old.signals.pending,
    ]);
    expect(created.filter((e) => e.context !== null)).toEqual([
      expect.objectContaining({
        signalId: published.body.id,
        context: { room: 'main', author: null, priceSource: null },
      }),
    ]);
    // The old events as the previous release hashed them, untouched by the migration.
    expect(events.slice(0, old.events.length).map((e) => [e.id, e.hash])).toEqual(
      old.events.map((e) => [e.id, e.hash]),
    );
    expect(events.filter((e) => e.withheld)).toEqual([]);

    const after = await t.client().get('/api/performance/verify');
    expect(after.body).toMatchObject({ ok: true, contradicts: null, firstBroken: null });
    expect(after.body.checkpoints).toBeGreaterThan(before.body.checkpoints);

    // The subscriber's copy, every hash recomputed (unsalted, salted, salted with a context), by the
    // offline verifier's own function.
    const checkpoints = (await t.client().get('/api/performance/checkpoints?pageSize=200')).body.checkpoints;
    expect(checkpoints.map((c: any) => c.id)).toEqual(expect.arrayContaining(old.checkpoints.map((c) => c.id)));
    const key = publicKeyOf((await t.client().get('/api/performance/key')).body);
    const copy = verifyRecord(events, checkpoints, key);
    expect(copy.lines.at(-1), copy.lines.join('\n')).toBe('RECORD OK');
    expect(copy).toMatchObject({ ok: true, events: events.length, recomputed: events.length, linkOnly: 0 });
    expect(copy.lines.join('\n')).toContain(
      `${checkpoints.length} signatures verified with key ${copy.keyId}, and the chain agrees with ${checkpoints.length} of them`,
    );

    // An outsider without a subscription runs the script against the server (`--url`), as the docs say: the
    // running signal's two later events are not shown (two gaps), the rest links and recomputes, and
    // the old checkpoints signed past the first gap are counted as such.
    const outsider = await runVerifier(['--url', t.url]);
    expect(outsider.code, outsider.out).toBe(0);
    expect(outsider.out).toContain(
      '2 gaps where events of open signals in rooms this reader does not hold are not shown',
    );
    expect(outsider.out).toMatch(/RECORD OK/);
  }, 60_000);

  it('fails the record at an old event whose stored content is changed after the upgrade', async () => {
    const { signals } = old;
    const lostClose = old.events.find((e) => e.signalId === signals.lost && e.type === 'closed')!;
    // Someone with database access turns the append-only trigger off and gives the stopped trade a better exit.
    await sql`alter table signal_events disable trigger signal_events_append_only`.execute(t.db.db);
    await sql`update signal_events set price = 197.2 where id = ${lostClose.id}`.execute(t.db.db);
    await sql`alter table signal_events enable trigger signal_events_append_only`.execute(t.db.db);

    const events = (await as.subscriber.get('/api/performance/events')).body;
    const checkpoints = (await t.client().get('/api/performance/checkpoints?pageSize=200')).body.checkpoints;
    const key = publicKeyOf((await t.client().get('/api/performance/key')).body);
    const broken = verifyRecord(events, checkpoints, key);
    expect(broken.ok).toBe(false);
    expect(broken.firstBreak).toMatch(
      new RegExp(`^event ${lostClose.id} \\(signal ${signals.lost}, closed\\): .*it was changed$`),
    );
    // The server's check, recomputed at the next public event, names it too.
    expect((await as.admin.post('/api/signals', PENDING_AFTER)).status).toBe(200);
    const verify = await t.client().get('/api/performance/verify');
    expect(verify.body).toMatchObject({ ok: false, firstBroken: { id: lostClose.id, problem: 'hash' } });
  }, 60_000);
});
