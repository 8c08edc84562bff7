import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk';
import { computePerformance } from '@t0/server';
import { seedDemoContent } from '../../src/seed';
import { signUp, signUpSubscriber, startTestApp, testDbKinds, type TestApp } from '../harness';
import path from 'node:path';

const kinds = await testDbKinds();
const silent = { info: () => undefined };

describe.each(kinds)('demo content on a first start on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { SEED_DEMO: 'true' });
  });
  afterAll(async () => t?.close());

  it('shows a new subscriber a living terminal', async () => {
    const { client } = await signUpSubscriber(t);

    const signals = (await client.get('/api/signals')).body as { instrument: string; status: string }[];
    expect(new Set(signals.map((s) => s.status))).toEqual(new Set(['active', 'limit', 'closed', 'cancelled']));
    expect(new Set(signals.map((s) => s.instrument))).toEqual(new Set(['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30']));
    // A few months of closed demo signals, each played through the lifecycle with its events.
    const closed = signals.filter((s) => s.status === 'closed') as unknown as Array<{
      createdAt: string;
      demo: boolean;
      result: { r: number } | null;
    }>;
    expect(closed.length).toBeGreaterThanOrEqual(30);
    expect(closed.every((s) => s.demo && s.result !== null)).toBe(true);
    expect(Date.now() - Math.min(...closed.map((s) => Date.parse(s.createdAt)))).toBeGreaterThan(
      90 * 24 * 60 * 60 * 1000,
    );
    const record = (await t.client().get('/api/performance')).body;
    expect(record).toMatchObject({ includesDemo: true, verification: { ok: true } });
    expect(record.signalsTaken).toBe(closed.length);
    expect(record.demoTrades).toBe(closed.length);
    expect(record.byMonth.length).toBeGreaterThanOrEqual(4);
    // Every demo event is salted, so the open demo signals' hashes give no level away.
    const unsalted = await t.db.db.selectFrom('signalEvents').select('id').where('salt', 'is', null).execute();
    expect(unsalted).toEqual([]);
    expect(await t.db.db.selectFrom('signalEvents').select('id').limit(1).execute()).toHaveLength(1);
    // With SEED_DEMO=false the demo signals are left out of the record.
    const withoutDemo = await computePerformance(t.db.db, { includeDemo: false });
    expect(withoutDemo).toMatchObject({
      signalsTaken: 0,
      demoTrades: 0,
      monitoringSince: null,
      includesDemo: false,
      verification: { ok: true },
    });

    const memos = (await client.get('/api/chart-memos')).body as {
      instrument: string;
      memoText: string;
      memoImageUrls: string[];
    }[];
    expect(memos.map((m) => m.instrument)).toEqual(['GBPJPY', 'GBPUSD', 'AUDUSD', 'US30']);
    for (const memo of memos) {
      expect(memo.memoText.length).toBeGreaterThan(100);
      const image = await fetch(t.url + memo.memoImageUrls[0], { headers: { cookie: client.cookieHeader } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await image.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }

    const notes = (await client.get('/api/chart-notes')).body as { note: string }[];
    expect(notes.length).toBeGreaterThanOrEqual(8);
    expect(notes.every((n) => n.note.trim().length > 0)).toBe(true);

    const posts = (await t.client().get('/api/blog-posts')).body as { published: boolean; content: string }[];
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.every((p) => p.published && p.content.split('\n\n').length >= 3)).toBe(true);

    const resources = (await client.get('/api/resources')).body as {
      fileUrl: string;
      fileSize: number;
      fileType: string;
    }[];
    expect(resources).toHaveLength(1);
    const pdf = await fetch(t.url + resources[0]!.fileUrl, { headers: { cookie: client.cookieHeader } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(resources[0]!.fileSize);
  });

  it('withholds the demo analysis from users without a subscription', async () => {
    const { client } = await signUp(t);
    const memos = (await client.get('/api/chart-memos')).body as { memoText: string; locked: boolean }[];
    expect(memos.every((m) => m.locked && m.memoText === '')).toBe(true);
    const image = (await t.db.db.selectFrom('chartMemos').select('memoImageUrls').executeTakeFirstOrThrow())
      .memoImageUrls[0]!;
    expect((await client.get(image)).status).toBe(403);
  });

  it('is idempotent and never adds to existing content', async () => {
    const count = async () =>
      Promise.all(
        (['signals', 'chartMemos', 'chartNotes', 'blogPosts', 'resources'] as const).map(async (table) =>
          Number(
            (
              await t.db.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    const storage = createDiskStorage(path.join(t.dataDir, 'objects'));
    expect(await seedDemoContent(t.db.db, storage, silent)).toBe(false);
    // Even with only one kind of content left, nothing is seeded again.
    await t.db.db.deleteFrom('signals').execute();
    await t.db.db.deleteFrom('chartNotes').execute();
    expect(await seedDemoContent(t.db.db, storage, silent)).toBe(false);
    const after = await count();
    expect(after).toEqual([0, before[1], 0, before[3], before[4]]);
  });
});

describe('SEED_DEMO=false', () => {
  it('starts with no content', async () => {
    const t = await startTestApp('pglite', { SEED_DEMO: 'false' });
    try {
      for (const table of ['signals', 'chartMemos', 'chartNotes', 'blogPosts', 'resources'] as const) {
        expect(await t.db.db.selectFrom(table).select('id').executeTakeFirst(), table).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});
