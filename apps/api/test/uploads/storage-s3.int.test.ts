import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@t0/db/testing';
import { createS3Storage } from '../../src/adapters/storage/s3';
import { readArchive } from '../../src/backup/archive';
import { runScheduledBackup } from '../../src/backup/scheduled-backup';
import { loadConfig } from '../../src/config';
import { realPng, storedFiles } from '../files';
import { signUpAdmin, signUpSubscriber, startTestApp, testDbKinds, type TestApp, until } from '../harness';

// The S3-compatible adapter against a fake S3 endpoint (msw): path-style requests, signed with SigV4.
const ENDPOINT = 'http://s3.t0.test';
const BUCKET = 't0-objects';

const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: { method: string; key: string; authorization: string | null }[] = [];

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(`/${BUCKET}/`.length));
const noSuchKey = (key: string) =>
  new HttpResponse(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
    { status: 404, headers: { 'content-type': 'application/xml' } },
  );

const s3 = setupServer(
  http.put(`${ENDPOINT}/${BUCKET}/*`, async ({ request }) => {
    const key = keyOf(request.url);
    seen.push({ method: 'PUT', key, authorization: request.headers.get('authorization') });
    objects.set(key, {
      body: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('content-type') ?? '',
    });
    return new HttpResponse(null, { status: 200, headers: { etag: '"1"' } });
  }),
  http.get(`${ENDPOINT}/${BUCKET}/*`, ({ request }) => {
    const key = keyOf(request.url);
    seen.push({ method: 'GET', key, authorization: request.headers.get('authorization') });
    const o = objects.get(key);
    if (!o) return noSuchKey(key);
    return new HttpResponse(new Uint8Array(o.body), {
      status: 200,
      headers: { 'content-type': o.contentType, 'content-length': String(o.body.length) },
    });
  }),
  http.delete(`${ENDPOINT}/${BUCKET}/*`, ({ request }) => {
    const key = keyOf(request.url);
    seen.push({ method: 'DELETE', key, authorization: request.headers.get('authorization') });
    objects.delete(key);
    return new HttpResponse(null, { status: 204 });
  }),
);

const settings = {
  bucket: BUCKET,
  endpoint: ENDPOINT,
  region: 'eu-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret-example',
  forcePathStyle: true,
};

beforeAll(() => s3.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  objects.clear();
  seen.length = 0;
});
afterAll(() => s3.close());

describe('the S3 storage adapter', () => {
  it('puts, gets and deletes objects with signed requests', async () => {
    const storage = createS3Storage(settings);
    const png = realPng();
    await storage.put('images/2026/01/a.png', png, 'image/png');
    expect(objects.get('images/2026/01/a.png')).toEqual({ body: png, contentType: 'image/png' });
    expect(seen[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request/,
    );

    const got = await storage.get('images/2026/01/a.png');
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(png)).toBe(true);

    expect(await storage.get('images/2026/01/missing.png')).toBeNull();
    await storage.delete('images/2026/01/a.png');
    expect(objects.size).toBe(0);
  });

  it('never sends an unsafe key', async () => {
    const storage = createS3Storage(settings);
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe object key/);
    expect(await storage.get('images/../../x')).toBeNull();
    expect(seen).toEqual([]);
  });
});

describe('the product with S3_* settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: ENDPOINT,
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    });
  });
  afterAll(async () => t?.close());

  it('stores uploads in the bucket and serves them from it', async () => {
    const admin = (await signUpAdmin(t)).client;
    const subscriber = (await signUpSubscriber(t)).client;
    const { uploadURL } = (await admin.post('/api/chart-memos/upload-image')).body;
    const png = realPng(5);
    const up = await admin.request('PUT', uploadURL, png, { 'content-type': 'image/png' });
    expect(up.status).toBe(200);
    const key = up.body.url.slice('/objects/'.length);
    expect(objects.get(key)?.body.equals(png)).toBe(true);
    expect(storedFiles(t.dataDir)).toEqual([]); // nothing on local disk

    // A subscriber reads it once a memo of their room shows it.
    const memo = await admin.put('/api/chart-memos/GBPUSD', { memoImageUrls: [up.body.url] });
    expect(memo.body).toMatchObject({ memoImageUrls: [up.body.url] });
    const res = await fetch(t.url + up.body.url, { headers: { cookie: subscriber.cookieHeader } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await admin.get('/objects/images/2026/01/00000000-0000-0000-0000-000000000000.png')).status).toBe(404);
  });
});

const S3_ENV = {
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: ENDPOINT,
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};

const kinds = await testDbKinds();

describe('scheduled backups to the S3 storage', () => {
  const BACKUP_PASSPHRASE = 'a passphrase kept apart from the bucket';

  it('are refused without PostgreSQL, the S3 storage or a passphrase, naming BACKUP_EVERY_HOURS', () => {
    const base = { NODE_ENV: 'test', BACKUP_EVERY_HOURS: '24' };
    const url = 'postgres://127.0.0.1:5432/t0';
    expect(() => loadConfig({ ...base, ...S3_ENV, BACKUP_PASSPHRASE })).toThrow(
      /BACKUP_EVERY_HOURS: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...base, DATABASE_URL: url, BACKUP_PASSPHRASE })).toThrow(
      /BACKUP_EVERY_HOURS: needs S3_BUCKET/,
    );
    expect(() => loadConfig({ ...base, ...S3_ENV, DATABASE_URL: url })).toThrow(
      /BACKUP_EVERY_HOURS: needs BACKUP_PASSPHRASE/,
    );
    expect(() => loadConfig({ ...base, BACKUP_EVERY_HOURS: '0' })).toThrow(
      /BACKUP_EVERY_HOURS: must be a whole number/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).scheduledBackups).toBeNull();
  });

  it.runIf(kinds.includes('pg'))(
    'takes one at start, one per interval, keeps BACKUP_KEEP of them, encrypted, and serves none',
    async () => {
      const db = await createTestDb('pg');
      const t = await startTestApp(
        'pg',
        { ...S3_ENV, DATABASE_URL: db.url!, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2', BACKUP_PASSPHRASE },
        { db },
      );
      try {
        const backups = () => [...objects.keys()].filter((k) => k.startsWith('backups/'));
        // The start ticks the job: the first backup is taken at once.
        const [first] = await until(backups, (k) => k.length === 1, 60_000, 200);
        const manifest = (await readArchive(objects.get(first!)!.body, BACKUP_PASSPHRASE)).manifest;
        expect(manifest).toMatchObject({ storage: 'postgresql' });
        await expect(readArchive(objects.get(first!)!.body, 'not the passphrase')).rejects.toThrow(/passphrase/);
        const deps = { config: t.app.config, db: t.db.db, storage: t.app.ports.storage, log: console };
        // Within the interval, nothing more.
        expect(await runScheduledBackup(deps, new Date(Date.now() + 20 * 3_600_000))).toEqual({
          taken: null,
          deleted: [],
        });
        // A day later, another; two days later a third, and the first is deleted (BACKUP_KEEP=2).
        const second = await runScheduledBackup(deps, new Date(Date.now() + 25 * 3_600_000));
        expect(second.taken).toMatch(/^backups\/t0-.*\.t0backup$/);
        expect(second.deleted).toEqual([]);
        // Stamped a moment later, as the clock moves on.
        await new Promise((r) => setTimeout(r, 5));
        const third = await runScheduledBackup(deps, new Date(Date.now() + 50 * 3_600_000));
        expect(third.deleted).toEqual([first]);
        expect(backups().sort()).toEqual([second.taken, third.taken].sort());
        expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.key)).toEqual([first]);
        // No route serves them, to anyone.
        const admin = (await signUpAdmin(t)).client;
        expect((await admin.get(`/objects/${third.taken}`)).status).toBe(404);
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
