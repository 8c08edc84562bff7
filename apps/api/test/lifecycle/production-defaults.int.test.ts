import { DEFAULT_MARKETING } from '@t0/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk';
import { loadConfig } from '../../src/config';
import { seedDemoContent } from '../../src/seed';
import { signUpSubscriber, startTestApp, oneTestDbKind, type TestApp } from '../harness';
import path from 'node:path';

const kinds = await oneTestDbKind();
const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/t0-config-demo' };

describe('SEED_DEMO', () => {
  it('is off in production unless set to true explicitly, on elsewhere by default', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe.each(kinds)('honest defaults in production on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Production as it starts without SEED_DEMO (the harness's own SEED_DEMO=false is taken away).
    const env = {
      NODE_ENV: 'production',
      ADMIN_REQUIRE_2FA: 'false',
      LOCAL_CHECKOUT: 'true',
      SEED_DEMO: undefined,
    } as unknown as Record<string, string>;
    t = await startTestApp(kind, env);
    expect(t.config.seedDemo).toBe(false);
  });
  afterAll(async () => t?.close());

  it('seeds nothing on a first start', async () => {
    expect(await t.db.db.selectFrom('signals').select('id').execute()).toEqual([]);
    expect(await t.db.db.selectFrom('blogPosts').select('id').execute()).toEqual([]);
  });

  it('never counts demo signals left in the database, and the landing figures are measured until an administrator writes their own', async () => {
    // Demo content written by an earlier run (or by hand): present, but neither in the record nor in the counts.
    const storage = createDiskStorage(path.join(t.dataDir, 'objects'));
    expect(await seedDemoContent(t.db.db, storage, pino({ level: 'silent' }))).toBe(true);
    const demoOpen = await t.db.db
      .selectFrom('signals')
      .select('id')
      .where('isDemo', '=', true)
      .where('status', 'in', ['active', 'limit'])
      .execute();
    expect(demoOpen.length).toBeGreaterThan(0);

    const record = (await t.client().get('/api/performance')).body;
    expect(record).toMatchObject({ includesDemo: false, signalsTaken: 0, demoTrades: 0 });
    const csv = await (await fetch(`${t.url}/api/performance.csv`)).text();
    // The hypothetical-results notice (`# …`) and the header: no row.
    expect(
      csv
        .trim()
        .split('\r\n')
        .filter((line) => !line.startsWith('#')),
    ).toHaveLength(1);

    await signUpSubscriber(t);
    const site = (await t.client().get('/api/site-config')).body;
    // Measured: one (non-administrator) trader with a subscription, no open signal but demo ones.
    expect(site.marketing).toMatchObject({ live: true, traders: '1', activeTraders: '1', activeSignals: '0' });

    // An administrator who writes their own figures (the console's PUT /admin/site-settings stores these two keys) gets them as written.
    // (Production sessions need HTTPS cookies, so the test writes the rows the console writes.)
    for (const [key, value] of [
      ['marketing', { ...DEFAULT_MARKETING, traders: '5,000+' }],
      ['marketingLive', false],
    ] as const) {
      await t.db.db
        .insertInto('siteSettings')
        .values({ key, value: sql`${JSON.stringify(value)}::jsonb`, updatedBy: null })
        .execute();
    }
    expect((await t.client().get('/api/site-config')).body.marketing).toMatchObject({ live: false, traders: '5,000+' });
  });
});
