import { createHash } from 'node:crypto';
import { signalEventDigest, signalEventPreimage, type HashedContent } from '@t0/contracts';
import { computeChainVerification, signalEventHash, verifySignalChain, type PriceMap } from '@t0/server';
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

// The attack a security review ran against the timeline: an open signal's events are shown to a
// free account without price or details but with their hashes, and each hash commits to content
// whose only unknown is one price. Trying every price near the current one (5 decimals) found the
// entry in a few thousand tries. These tests run that search against everything a free account
// (and an anonymous visitor) receives, and check it finds nothing; the same search given the salt
// finds the price, so the search itself is shown to work.

const kinds = await testDbKinds();

interface EventAnswer {
  id: number;
  signalId: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: Record<string, unknown>;
  prevHash: string | null;
  hash: string | null;
  salt: string | null;
  context: { room: string; author: string | null; priceSource: string | null } | null;
}

/** Every SHA-256-looking value (64 hex characters) in a text. */
const hexOf = (text: string) => text.match(/\b[0-9a-f]{64}\b/g) ?? [];

/** An open GET /api/stream, kept as raw text. */
function rawStream(base: string, client: TestClient) {
  const abort = new AbortController();
  const state = { text: '', status: 0 };
  const opened = fetch(base + '/api/stream', {
    headers: { cookie: client.cookieHeader, accept: 'text/event-stream' },
    signal: abort.signal,
  }).then((res) => {
    state.status = res.status;
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          state.text += decoder.decode(chunk, { stream: true });
      } catch {
        /* aborted */
      }
    })();
  });
  return { state, opened, close: () => abort.abort() };
}

const MARK = 9876543.21012;

/**
 * Tries every price `center ± span` at 5 decimals in one place of an event's content (`hole` puts
 * the candidate there) and answers the candidates whose hash is among `hashes`. The other fields are
 * the true ones (the attacker is given everything but the unknown and, unless passed, the salt).
 */
function bruteForce(
  prevHash: string,
  content: HashedContent,
  hole: (c: HashedContent, p: number) => HashedContent,
  center: number,
  span: number,
  hashes: ReadonlySet<string>,
) {
  // The canonical text with a marker where the candidate goes: one SHA-256 per candidate.
  const [before, after, extra] = signalEventPreimage(prevHash, hole(content, MARK)).split(String(MARK));
  expect(extra, 'the marker appears once').toBeUndefined();
  const from = Math.round((center - span) * 1e5);
  const to = Math.round((center + span) * 1e5);
  const found: number[] = [];
  for (let k = from; k <= to; k++) {
    const p = k / 1e5;
    const h = createHash('sha256')
      .update(before! + String(p) + after!)
      .digest('hex');
    if (hashes.has(h)) found.push(p);
  }
  return { found, tries: to - from + 1 };
}

const withPrice = (c: HashedContent, p: number): HashedContent => ({ ...c, price: p });
const withStopFrom = (c: HashedContent, p: number): HashedContent => ({
  ...c,
  data: { ...(c.data as object), from: p },
});
const contentOf = (e: EventAnswer, salt: string | null): HashedContent => ({
  signalId: e.signalId,
  type: e.type,
  price: e.price,
  at: e.at,
  actor: e.actor,
  data: e.data,
  salt,
  context: e.context,
});

describe.each(kinds)('signal event hashes and the chain check on %s', (kind) => {
  const market = scriptedMarket({ GBPJPY: 196.2, AUDUSD: 0.652 });
  let t: TestApp;
  let admin: TestClient;
  let subscriber: TestClient;
  let free: TestClient;

  const tick = (next: PriceMap = {}) => tickMarket(t, market, next);
  const publish = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/signals', { monthlyBias: 'Bullish', confidence: 80, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const events = async (id: number, as: TestClient) => {
    const res = await as.request('GET', `/api/signals/${id}/events`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as EventAnswer[];
  };
  const texts = async (c: TestClient, paths: string[]) => {
    const out: string[] = [];
    for (const p of paths) {
      const res = await fetch(c.base + p, { headers: c.cookieHeader ? { cookie: c.cookieHeader } : {} });
      expect(res.status, p).toBe(200);
      out.push(await res.text());
    }
    return out;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { ports: { prices: market.feed } });
    admin = (await signUpAdmin(t)).client;
    subscriber = (await signUpSubscriber(t)).client;
    free = (await signUp(t)).client;
  });
  afterAll(async () => {
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

  it('gives a free account no hash from which an open signal’s entry, T0 or stop can be found', async () => {
    const stream = rawStream(t.url, free);
    await stream.opened;
    expect(stream.state.status).toBe(200);

    // A: a GBPJPY short at market that then hits T0 and moves its stop to entry. B: an AUDUSD long at market.
    const a = await publish({
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 196.134,
      slPrice: 196.9,
      t0Price: 195.6,
      t1Price: 194.3,
    });
    const b = await publish({
      instrument: 'AUDUSD',
      direction: 'long',
      entryPrice: 0.65169,
      slPrice: 0.649,
      t0Price: 0.653,
      t1Price: 0.655,
    });
    await tick({ GBPJPY: 195.55, AUDUSD: 0.6521 });

    const subA = await events(a, subscriber);
    const subB = await events(b, subscriber);
    expect(subA.map((e) => e.type)).toEqual(['created', 'activated', 't0_hit', 'stop_moved']);
    expect(subB.map((e) => e.type)).toEqual(['created', 'activated']);
    for (const e of [...subA, ...subB]) expect(e.salt).toMatch(/^[0-9a-f]{32}$/);

    // What the free account sees of both open signals: REST, the tRPC procedure the web app calls,
    // the signal list, the public record, the chain check, the CSV and the live stream.
    const freeA = await events(a, free);
    const freeB = await events(b, free);
    for (const e of [...freeA, ...freeB]) {
      expect(e).toMatchObject({ price: null, data: {}, salt: null, context: null });
      // Salted events keep their hash (it reveals nothing without the salt); their link is null when
      // the event before is one the account is not shown (a running signal's later event).
      expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(e.prevHash === null || /^[0-9a-f]{64}$/.test(e.prevHash)).toBe(true);
    }
    const list = (await free.get('/api/signals')).body as {
      id: number;
      locked: boolean;
      currentPrice: number | null;
    }[];
    const viewA = list.find((s) => s.id === a)!;
    expect(viewA.locked).toBe(true);
    const received = [
      JSON.stringify(freeA),
      JSON.stringify(freeB),
      ...(await texts(free, [
        `/trpc/signals.events?input=${encodeURIComponent(JSON.stringify({ id: a }))}`,
        `/trpc/signals.events?input=${encodeURIComponent(JSON.stringify({ id: b }))}`,
        '/api/signals',
        '/api/performance',
        '/api/performance/verify',
        '/api/performance.csv',
        '/api/performance/events',
        '/api/performance/checkpoints',
      ])),
      ...(await texts(t.client(), [
        '/api/performance',
        '/api/performance/verify',
        '/api/performance.csv',
        '/api/performance/events',
        '/api/performance/checkpoints',
      ])),
    ];
    // Let the stream carry the signals' frames, then add what it sent.
    await new Promise((r) => setTimeout(r, 500));
    stream.close();
    received.push(stream.state.text);
    const freeHashes = new Set(received.flatMap(hexOf));
    // The tRPC answer is the same projection as REST.
    expect(received[2]).toContain(freeA[0]!.hash);
    expect(received[2]).not.toContain(subA[1]!.salt);
    // An open signal of a room the account does not hold: its publication alone, not its later events.
    expect(freeA.map((e) => e.type)).toEqual(['created']);
    expect(freeB.map((e) => e.type)).toEqual(['created']);

    // The search, centred on the current price the free account is shown (or the market's), 5
    // decimals, ±1: 200,001 candidates per unknown (the review needed 2,344).
    const center = viewA.currentPrice ?? 195.55;
    const byType = (xs: EventAnswer[], type: string) => xs.find((e) => e.type === type)!;
    const cases = [
      { e: byType(subA, 'activated'), hole: withPrice, center, truth: byType(subA, 'activated').price },
      { e: byType(subA, 't0_hit'), hole: withPrice, center, truth: 195.6 },
      // Entry and T0 known (as the review did, step by step), the stop is the unknown, searched around the entry.
      {
        e: byType(subA, 'stop_moved'),
        hole: withStopFrom,
        center: byType(subA, 'activated').price!,
        truth: byType(subA, 'stop_moved').data.from,
      },
      { e: byType(subB, 'activated'), hole: withPrice, center: 0.6521, truth: byType(subB, 'activated').price },
    ];
    const subscriberHashes = new Set([...subA, ...subB].map((e) => e.hash!));
    const eventAnswerHashes = new Set(
      [received[0]!, received[1]!, received[2]!, received[3]!, received[8]!, received[13]!, stream.state.text].flatMap(
        hexOf,
      ),
    );
    for (const c of cases) {
      expect(c.truth).toEqual(expect.any(Number));
      // The event itself never reached the free account (its kind and time would time the level).
      expect([...freeA, ...freeB].find((e) => e.id === c.e.id)).toBeUndefined();
      // Without the salt: nothing matches anything it received.
      const blind = bruteForce(c.e.prevHash!, contentOf(c.e, null), c.hole, c.center, 1, freeHashes);
      expect(blind.tries).toBeGreaterThan(200_000);
      expect(blind.found, `${c.e.type} of signal ${c.e.signalId}`).toEqual([]);
      // With the salt the same search finds the price: it would have found it.
      const salted = bruteForce(c.e.prevHash!, contentOf(c.e, c.e.salt), c.hole, c.center, 1, subscriberHashes);
      expect(salted.found, `${c.e.type} of signal ${c.e.signalId}`).toEqual([c.truth]);
      // And no event answer, link or record row the free account received holds its hash (a signed
      // checkpoint may name it as its head: a salted hash, and the checkpoint's own time).
      expect(eventAnswerHashes.has(c.e.hash!)).toBe(false);
    }

    // The web's Web Crypto digest and the server's hash agree, salt included, and context on a created event.
    for (const e of [byType(subA, 'activated'), byType(subA, 'created')]) {
      expect(await signalEventDigest(e.prevHash!, contentOf(e, e.salt))).toBe(e.hash);
      expect(signalEventHash(e.prevHash!, contentOf(e, e.salt))).toBe(e.hash);
    }
    expect(byType(subA, 'created').context).toEqual({ room: 'main', author: null, priceSource: null });

    // Once the signal ends, everyone may check its events: the salts come with the content.
    await tick({ GBPJPY: 194.2 });
    const ended = await events(a, free);
    expect(ended.at(-1)!.type).toBe('closed');
    for (const x of ended) {
      expect(x.salt).toMatch(/^[0-9a-f]{32}$/);
      // A link to an event the account is not shown (B's, still running) stays null; the rest recompute.
      if (x.prevHash === null) continue;
      expect(signalEventHash(x.prevHash, contentOf(x, x.salt))).toBe(x.hash);
    }
    expect(ended.filter((x) => x.prevHash !== null).length).toBeGreaterThan(1);
    expect((await t.client().get('/api/performance/verify')).body).toMatchObject({ ok: true, firstBroken: null });
  });

  it('keeps events written before salts verifiable, and shows their hashes only to readers of their content', async () => {
    // An open signal whose activation was written before salts existed (null salt, the old formula).
    const c = await publish({
      instrument: 'GBPJPY',
      direction: 'long',
      status: 'limit',
      entryPrice: 195.321,
      slPrice: 194.9,
      t0Price: 195.8,
      t1Price: 196.5,
    });
    const head = await t.db.db
      .selectFrom('signalEvents')
      .select('hash')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const at = new Date();
    const legacy = {
      signalId: c,
      type: 'edited',
      price: null,
      at: at.toISOString(),
      actor: 'system',
      data: { before: { entryPrice: 195.3 }, after: { entryPrice: 195.321 } },
    };
    const legacyHash = signalEventHash(head.hash, legacy);
    await t.db.db
      .insertInto('signalEvents')
      .values({
        signalId: c,
        type: legacy.type,
        price: null,
        at,
        actor: legacy.actor,
        data: JSON.stringify(legacy.data),
        prevHash: head.hash,
        hash: legacyHash,
      })
      .execute();
    // The next event (another signal's) links to it.
    const d = await publish({
      instrument: 'AUDUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 0.651,
      slPrice: 0.649,
      t0Price: 0.653,
      t1Price: 0.655,
    });

    const verify = await t.client().get('/api/performance/verify');
    expect(verify.body).toMatchObject({ ok: true, firstBroken: null });

    const subC = await events(c, subscriber);
    expect(subC.at(-1)).toMatchObject({ type: 'edited', hash: legacyHash, salt: null });
    const freeC = await events(c, free);
    const freeD = await events(d, free);
    // C is open: its later events (the unsalted edit among them) are not shown to the free account.
    expect(freeC.map((e) => e.type)).toEqual(['created']);
    expect(freeD[0]).toMatchObject({ type: 'created', prevHash: null });
    expect(JSON.stringify([freeC, freeD])).not.toContain(legacyHash);
    // The whole public chain (what the offline verifier downloads) withholds it alike.
    const chain = (await free.get('/api/performance/events')).body as {
      id: number;
      hash: string | null;
      prevHash: string | null;
    }[];
    expect(JSON.stringify(chain)).not.toContain(legacyHash);
    expect(chain.length).toBeGreaterThan(0);
    // A subscriber may read both, links included.
    expect((await events(d, subscriber))[0]!.prevHash).toBe(legacyHash);
  });

  it('keeps the chain check per chain head: recomputed only for a new or changed head', async () => {
    const first = await t.client().get('/api/performance/verify');
    expect(first.body).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 20));
    const second = await t.client().get('/api/performance/verify');
    // The kept answer: the same check, not a new one.
    expect(second.body).toEqual(first.body);
    // The same at the function: a second call with no new event does not recompute.
    const compute = vi.fn(computeChainVerification);
    const kept = await verifySignalChain(t.db.db, { compute });
    expect(await verifySignalChain(t.db.db, { compute })).toBe(kept);
    expect(compute).toHaveBeenCalledTimes(1);

    // A new event moves the head: the next call checks again and names it.
    const e = await publish({
      instrument: 'GBPJPY',
      direction: 'long',
      status: 'limit',
      entryPrice: 195.1,
      slPrice: 194.8,
      t0Price: 195.6,
      t1Price: 196.2,
    });
    const newest = await t.db.db
      .selectFrom('signalEvents')
      .select(['id', 'hash', 'signalId'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(newest.signalId).toBe(e);
    const third = await t.client().get('/api/performance/verify');
    expect(third.body).toMatchObject({
      ok: true,
      headId: Number(newest.id),
      headHash: newest.hash,
      events: first.body.events + 1,
    });
    expect(Date.parse(third.body.checkedAt)).toBeGreaterThan(Date.parse(first.body.checkedAt));
    expect(await verifySignalChain(t.db.db, { compute })).toMatchObject({ ok: true, headId: Number(newest.id) });
    expect(compute).toHaveBeenCalledTimes(2);

    // A head changed outside the product is found at once.
    await sql`alter table signal_events disable trigger signal_events_append_only`.execute(t.db.db);
    await sql`update signal_events set hash = ${'f'.repeat(64)} where id = ${newest.id}`.execute(t.db.db);
    await sql`alter table signal_events enable trigger signal_events_append_only`.execute(t.db.db);
    expect((await t.client().get('/api/performance/verify')).body).toMatchObject({
      ok: false,
      firstBroken: { id: Number(newest.id), problem: 'hash' },
    });
  });
});
