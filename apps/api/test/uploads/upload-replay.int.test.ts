import { createDb } from '@t0/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_SUFFIX } from '../../src/adapters/storage/keys';
import { createApp, type App } from '../../src/app';
import { executable, realPng, storedFiles } from '../files';
import { signUpAdmin, startTestApp, testDbKinds, type TestClient, type TestApp } from '../harness';

const kinds = await testDbKinds();

/** Stored objects, without their metadata files. */
const objects = (dataDir: string) => storedFiles(dataDir).filter((f) => !f.endsWith(META_SUFFIX));

const USED = 'Upload URL has already been used. Please request a new one.';

describe.each(kinds)('upload URLs are single use on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  /** A second API process on the same database (and the same secret). */
  let second: { app: App; url: string; close(): Promise<void> };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    const db = kind === 'pg' ? await createDb({ databaseUrl: t.db.url, poolSize: 2 }) : t.db;
    const app = await createApp(t.config, { db, logger: false });
    const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    second = {
      app,
      url,
      async close() {
        await app.close();
        if (db !== t.db) await db.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const imageUrl = async () => {
    const res = await admin.post('/api/chart-memos/upload-image', { fileName: 'chart.png' });
    expect(res.status).toBe(200);
    return res.body.uploadURL as string;
  };
  const put = (base: string, url: string, body: Buffer) =>
    fetch(base + url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/png' } }).then(
      async (res) => ({
        status: res.status,
        body: (await res.json()) as { message?: string; code?: string; url?: string },
      }),
    );

  it('answers 410 to a replayed URL, on the same process and on another one, storing nothing more', async () => {
    const url = await imageUrl();
    const first = await put(t.url, url, realPng(1));
    expect(first.status).toBe(200);
    const after = storedFiles(t.dataDir);

    const replay = await put(t.url, url, realPng(2));
    expect(replay.status).toBe(410);
    expect(replay.body).toEqual({ message: USED, code: 'UPLOAD_URL_USED' });
    const elsewhere = await put(second.url, url, realPng(3));
    expect(elsewhere.status).toBe(410);
    expect(storedFiles(t.dataDir)).toEqual(after);
  });

  it('lets exactly one of several simultaneous PUTs of one URL through', async () => {
    const url = await imageUrl();
    const before = objects(t.dataDir).length;
    const results = await Promise.all(
      [t.url, second.url, t.url, second.url].map((base, i) => put(base, url, realPng(10 + i))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410]);
    expect(objects(t.dataDir).length).toBe(before + 1);
  });

  it('keeps a URL whose file was refused usable for the right file, once', async () => {
    const url = await imageUrl();
    const refused = await put(t.url, url, executable());
    expect(refused.status).toBe(415);
    const right = await put(second.url, url, realPng(20));
    expect(right.status).toBe(200);
    expect((await put(t.url, url, realPng(21))).status).toBe(410);
  });
});
