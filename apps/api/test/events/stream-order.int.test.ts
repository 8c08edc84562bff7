import { emitEvent, listEventsAfter, newestEventId } from '@t0/server';
import { createDb, type DbHandle } from '@t0/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, startTestApp, testDbKinds, type TestApp } from '../harness';
import { open, type StreamReader } from '../live-reader';

const kinds = await testDbKinds();

const kindsOf = (r: StreamReader) =>
  r.of('content.changed').map((f) => ({ id: Number(f.id), kind: f.data.kind as string }));

describe.each(kinds)('stream order on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000', LOG_LEVEL: 'silent' });
  });
  afterAll(async () => t?.close());

  it('hands out an event written on the one connection at once, its horizon recorded', async () => {
    const before = (await newestEventId(t.db.db)) ?? 0;
    const a = await t.db.db
      .transaction()
      .execute((trx) => emitEvent(trx, { type: 'content.changed', audience: 'all', payload: { kind: 'one' } }));
    const b = await emitEvent(t.db.db, { type: 'content.changed', audience: 'all', payload: { kind: 'two' } });
    expect((await listEventsAfter(t.db.db, before, 10)).map((e) => e.id)).toEqual([a, b]);
    expect(await newestEventId(t.db.db)).toBe(b);
    const horizons = await t.db.db.selectFrom('events').select('horizon').where('id', 'in', [a, b]).execute();
    expect(horizons.every((h) => h.horizon !== null)).toBe(true);
  });
});

describe.runIf(kinds.includes('pg'))('stream order with out-of-order commits on PostgreSQL', () => {
  let t: TestApp;
  // One connection each (a pool of one): a transaction spans several calls.
  let first: DbHandle;
  let second: DbHandle;
  const connection = () => createDb({ databaseUrl: t.db.url!, poolSize: 1 });
  beforeAll(async () => {
    t = await startTestApp('pg', { PRICE_REFRESH_MS: '3600000', LOG_LEVEL: 'silent' });
    first = await connection();
    second = await connection();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await t?.close();
  });

  const insert = async (c: DbHandle, kind: string) =>
    Number(
      (
        (await c.executeSql(
          `insert into events (type, audience, payload) values ('content.changed', 'all', $1) returning id`,
          [JSON.stringify({ kind })],
        )) as { rows: { id: number }[] }
      ).rows[0]!.id,
    );

  it('a live stream and a resumed stream get the lower id that commits later, in id order, skipping nothing', async () => {
    const u = await signUp(t);
    const live = await open(t, u.client);
    const start = (await newestEventId(t.db.db)) ?? 0;

    // The first writer takes the lower id and is still running when the second commits a higher one.
    await first.executeSql('begin');
    const low = await insert(first, 'low');
    await second.executeSql('begin');
    const high = await insert(second, 'high');
    await second.executeSql('commit');
    expect(high).toBeGreaterThan(low);

    // The higher id is held back: handing it out now would skip the lower one for good.
    await new Promise((r) => setTimeout(r, 600));
    expect(kindsOf(live)).toEqual([]);
    // (The app's own first price refresh may write a `prices` event meanwhile: only ours count.)
    const ours = async () =>
      (await listEventsAfter(t.db.db, start, 10)).filter((e) => e.type === 'content.changed').map((e) => e.id);
    expect(await ours()).toEqual([]);
    const resumed = await open(t, u.client, String(start));

    await first.executeSql('commit');
    const both = [
      { id: low, kind: 'low' },
      { id: high, kind: 'high' },
    ];
    await vi.waitFor(() => expect(kindsOf(live)).toEqual(both), { timeout: 3_000 });
    await vi.waitFor(() => expect(kindsOf(resumed)).toEqual(both), { timeout: 3_000 });
    expect(await ours()).toEqual([low, high]);

    // A stream resumed from the live stream's last id before the lower one committed misses nothing.
    const again = await open(t, u.client, String(start));
    await vi.waitFor(() => expect(kindsOf(again)).toEqual(both), { timeout: 3_000 });
    live.close();
    resumed.close();
    again.close();
  });

  it('a writer that takes its id just after the fence was read, with none in flight, is not skipped', async () => {
    // The interleaving, forced: right after the reader's fence query answers (no writer in flight),
    // one writer takes an id and keeps running while a second takes a higher id and commits; only
    // then does the reader read. It must not hand out the higher id and move past the lower one.
    const fenceQueries = new WeakSet<object>();
    let interleave: (() => Promise<void>) | undefined;
    const reader = t.db.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('t0_events_fence'))
          fenceQueries.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (fenceQueries.has(queryId) && interleave) {
          const run = interleave;
          interleave = undefined;
          await run();
        }
        return result;
      },
    });
    const start = (await newestEventId(t.db.db)) ?? 0;
    let low = 0;
    let high = 0;
    interleave = async () => {
      await first.executeSql('begin');
      low = await insert(first, 'late-low');
      await second.executeSql('begin');
      high = await insert(second, 'late-high');
      await second.executeSql('commit');
    };
    const read = await listEventsAfter(reader, start, 50);
    expect(interleave, 'the fence query ran and the writers ran after it').toBeUndefined();
    expect(high).toBeGreaterThan(low);
    const position = read.at(-1)?.id ?? start;
    await first.executeSql('commit');
    const later = await listEventsAfter(t.db.db, position, 50);
    const ours = [...read, ...later].filter((e) => e.type === 'content.changed').map((e) => e.id);
    expect(ours).toEqual([low, high]);
  });

  it('concurrent writers committing in random order: every stream sees every id once, ascending', async () => {
    const u = await signUp(t);
    const live = await open(t, u.client);
    const start = (await newestEventId(t.db.db)) ?? 0;
    const clients = await Promise.all(Array.from({ length: 4 }, connection));
    const ids: number[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        for (const c of clients) await c.executeSql('begin');
        for (const [i, c] of clients.entries()) ids.push(await insert(c, `r${round}w${i}`));
        // Commit in reverse order of the ids taken: each commit but the last is out of order.
        for (const c of [...clients].reverse()) await c.executeSql('commit');
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    const resumed = await open(t, u.client, String(start));
    const sorted = [...ids].sort((a, b) => a - b);
    await vi.waitFor(() => expect(kindsOf(live).map((e) => e.id)).toEqual(sorted), { timeout: 5_000 });
    await vi.waitFor(() => expect(kindsOf(resumed).map((e) => e.id)).toEqual(sorted), { timeout: 5_000 });
    live.close();
    resumed.close();
  });
});
