import { beforeAll, describe, expect, it } from 'vitest';
import { appWithRoles, oneTestDbKind, type TestApp, type TestClient } from '../harness';

const kinds = await oneTestDbKind();
const SECRET = 'Short the retest of 196.80 (premium analysis)';

describe.each(kinds)('analysis memos over REST on %s', (kind) => {
  const roles = appWithRoles(kind);
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let user: TestClient;
  let subscriber: TestClient;
  beforeAll(() => void ({ t, admin, adminId, user, subscriber } = roles));

  it('upserts a memo from snake_case fields and answers camelCase', async () => {
    const res = await admin.put('/api/chart-memos/gbpjpy', {
      memo_text: SECRET,
      key_levels: '197.20\n196.45',
      market_structure: 'Lower high under supply',
      risk_management: '1% per trade',
      memo_image_urls: ['/objects/images/2026/01/a.png', 'https://charts.example.com/b.png'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      instrument: 'GBPJPY',
      memoText: SECRET,
      keyLevels: '197.20\n196.45',
      marketStructure: 'Lower high under supply',
      riskManagement: '1% per trade',
      memoImageUrls: ['/objects/images/2026/01/a.png', 'https://charts.example.com/b.png'],
      memoImageUrl: '/objects/images/2026/01/a.png',
      locked: false,
    });
    const row = await t.db.db
      .selectFrom('chartMemos')
      .selectAll()
      .where('instrument', '=', 'GBPJPY')
      .executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(adminId);
    expect(row.memoImageUrls).toEqual(['/objects/images/2026/01/a.png', 'https://charts.example.com/b.png']);
  });

  it('keeps fields that are left out, and accepts the legacy single image', async () => {
    const res = await admin.put('/api/chart-memos/GBPJPY', {
      keyLevels: '195.60',
      memoImageUrl: '/objects/images/2026/01/c.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      memoText: SECRET,
      keyLevels: '195.60',
      marketStructure: 'Lower high under supply',
      memoImageUrls: ['/objects/images/2026/01/c.png'],
      memoImageUrl: '/objects/images/2026/01/c.png',
    });
    const onlyInstrument = await admin.put('/api/chart-memos/US30', {});
    expect(onlyInstrument.status).toBe(200);
    expect(onlyInstrument.body).toMatchObject({
      instrument: 'US30',
      memoText: '',
      memoImageUrls: [],
      memoImageUrl: null,
    });
    const cleared = await admin.put('/api/chart-memos/US30', { memoImageUrls: [], memoText: 'Dow memo' });
    expect(cleared.body).toMatchObject({ memoText: 'Dow memo', memoImageUrls: [] });
  });

  it('gives subscribers the analysis and withholds it from other signed-in users', async () => {
    const full = await subscriber.get('/api/chart-memos');
    expect(full.status).toBe(200);
    const gbpjpy = full.body.find((m: { instrument: string }) => m.instrument === 'GBPJPY');
    expect(gbpjpy).toMatchObject({ memoText: SECRET, keyLevels: '195.60', locked: false });
    expect(gbpjpy.memoImageUrls).toHaveLength(1);
    // Dashboard order: GBPJPY before US30.
    expect(full.body.map((m: { instrument: string }) => m.instrument)).toEqual(['GBPJPY', 'US30']);

    const locked = await user.get('/api/chart-memos');
    expect(locked.status).toBe(200);
    expect(locked.body).toHaveLength(2);
    for (const memo of locked.body) {
      expect(memo).toMatchObject({
        memoText: '',
        keyLevels: '',
        marketStructure: '',
        riskManagement: '',
        memoImageUrls: [],
        memoImageUrl: null,
        locked: true,
      });
      expect(memo.updatedAt).toEqual(expect.any(String));
    }
    expect(JSON.stringify(locked.body)).not.toContain('196.80');
    expect(JSON.stringify(locked.body)).not.toContain('/objects/');

    // Through the web app's door too.
    const trpc = await user.get('/trpc/chartMemos.list');
    expect(trpc.status).toBe(200);
    expect(JSON.stringify(trpc.body)).not.toContain('196.80');

    expect((await t.client().get('/api/chart-memos')).status).toBe(401);
    expect((await admin.get('/api/chart-memos')).body[0].locked).toBe(false);
  });

  it('answers validation messages', async () => {
    const bad = await admin.put('/api/chart-memos/EURUSD', { memoText: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Instrument must be one of AUDUSD, GBPJPY, GBPUSD, US30');
    const many = await admin.put('/api/chart-memos/AUDUSD', {
      memoImageUrls: Array.from({ length: 11 }, (_, i) => `/objects/images/x${i}.png`),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 10 images per memo');
    const url = await admin.put('/api/chart-memos/AUDUSD', { memoImageUrls: ['javascript:alert(1)'] });
    expect(url.status).toBe(400);
    expect(url.body.message).toBe('Must be a valid URL');
    const traversal = await admin.put('/api/chart-memos/AUDUSD', { memoImageUrls: ['/objects/../secret'] });
    expect(traversal.status).toBe(400);
  });

  it('allows only administrators to change memos and ask for upload URLs', async () => {
    for (const [client, status] of [
      [t.client(), 401],
      [user, 403],
      [subscriber, 403],
    ] as const) {
      expect((await client.put('/api/chart-memos/AUDUSD', { memoText: 'x' })).status).toBe(status);
      expect((await client.post('/api/chart-memos/upload-image')).status).toBe(status);
    }
    const url = await admin.post('/api/chart-memos/upload-image');
    expect(url.status).toBe(200);
    expect(url.body.uploadURL).toMatch(/^\/api\/uploads\/[\w-]+\.[\w-]+$/);
    const named = await admin.post('/api/chart-memos/upload-image', { fileName: 'chart.webp' });
    expect(named.status).toBe(200);
    const wrong = await admin.post('/api/chart-memos/upload-image', { fileName: 'chart.svg' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid file type. Allowed types: .jpg, .jpeg, .png, .gif, .webp');
  });
});
