import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReads } from '../../src/changes/kept-reads';
import { oneTestDbKind, signUpAdmin, startTestApp, type TestApp } from '../harness';

const GER40 = {
  symbol: 'GER40',
  tickSize: 0.1,
  unitSize: 1,
  unitName: 'points',
  decimals: 1,
  feedSymbol: 'GDAXI',
  entryTolerance: 20,
  referencePrice: 19000,
};

describe.each([await oneTestDbKind()])('a cache declared over a table, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('is forgotten by writes to that table with no list of tables to extend: by row when the write pins its key, else whole', async () => {
    const routing = t.app.server.caches;
    expect(routing.tables.has('instruments')).toBe(false);
    const forgotten: unknown[] = [];
    // Kept by symbol; a change pinned by `id` forgets that row's entry.
    const bySymbol = new Map<number, string>();
    const cache: KeptReads<string, number> = new KeptReads<string, number>({
      name: 'test instruments',
      ttlMs: 60_000,
      max: 100,
      reads: {
        instruments: {
          key: 'id',
          forget: (id) => {
            forgotten.push(id);
            const symbol = bySymbol.get(Number(id));
            if (symbol) cache.forget(symbol);
          },
        },
      },
    });
    routing.add(cache);
    expect(routing.tables.has('instruments')).toBe(true);
    // No trigger tells other processes' writes to `instruments`: the server says so.
    expect(routing.unnoticedTables()).toEqual(['instruments']);
    expect(cache.isLive).toBe(true);

    const admin = await signUpAdmin(t);
    cache.put('EURUSD', 1, cache.generation);
    // An insert pins no row of the cache's key: the whole cache goes.
    const made = await admin.client.post('/api/instruments', GER40);
    expect(made.status).toBe(200);
    expect(cache.get('EURUSD')).toBeUndefined();

    const id = made.body.id as number;
    bySymbol.set(id, 'GER40');
    cache.put('GER40', id, cache.generation);
    cache.put('EURUSD', 1, cache.generation);
    // An update `where id = …`: that row's entry only, as soon as the write has run.
    expect((await admin.client.patch(`/api/instruments/${id}`, { entryTolerance: 25 })).status).toBe(200);
    expect(forgotten).toContain(id);
    expect(cache.get('GER40')).toBeUndefined();
    expect(cache.get('EURUSD')).toBe(1);

    // Other tables forget nothing here.
    expect(
      (await admin.client.post('/api/notifications', { title: 'Not about instruments', message: 'A broadcast' }))
        .status,
    ).toBe(200);
    expect(cache.get('EURUSD')).toBe(1);
  });
});
