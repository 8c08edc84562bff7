import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadTokens } from '../../src/adapters/storage/upload-tokens';
import { executable, padded, realPdf, realPng, storedFiles } from '../files';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();

/** A GET whose path goes on the wire exactly as written; answers the status. */
function rawGet(base: string, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(base + '/', { method: 'GET', path, headers: { cookie } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
const MB = 1024 * 1024;

describe.each(kinds)('uploads and objects on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let subscriber: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    user = (await signUp(t)).client;
    subscriber = (await signUpSubscriber(t)).client;
  });
  afterAll(async () => t?.close());

  const imageUrl = async (fileName?: string) => {
    const res = await admin.post('/api/chart-memos/upload-image', fileName ? { fileName } : undefined);
    expect(res.status).toBe(200);
    return res.body.uploadURL as string;
  };
  const documentUrl = async (fileName: string) => {
    const res = await admin.post('/api/resources/upload', { fileName });
    expect(res.status).toBe(200);
    return res.body.uploadURL as string;
  };
  const put = (client: TestClient, url: string, body: Buffer, contentType = 'application/octet-stream') =>
    client.request('PUT', url, body, { 'content-type': contentType });

  it('puts a real PNG through the whole flow: URL, PUT, memo, download by subscribers only', async () => {
    const png = realPng();
    const url = await imageUrl();
    const up = await put(admin, url, png, 'image/png');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ fileSize: png.length, fileType: 'image/png' });
    expect(up.body.url).toMatch(/^\/objects\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(up.body.objectPath).toBe(up.body.url);

    const saved = await admin.put('/api/chart-memos/GBPUSD', { memoText: 'Bull flag', memoImageUrls: [up.body.url] });
    expect(saved.status).toBe(200);
    const memos = await subscriber.get('/api/chart-memos');
    const src = memos.body.find((m: { instrument: string }) => m.instrument === 'GBPUSD').memoImageUrls[0];
    expect(src).toBe(up.body.url);

    const res = await fetch(t.url + src, { headers: { cookie: subscriber.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await admin.get(src)).status).toBe(200);

    // Not for signed-in users without a subscription, nor for anonymous visitors.
    const locked = await user.get(src);
    expect(locked.status).toBe(403);
    expect(String(locked.headers.get('content-type'))).toContain('application/json');
    expect((await t.client().get(src)).status).toBe(401);

    // Replacing the memo's images removes the old file from storage.
    const next = await put(admin, await imageUrl(), realPng(8), 'image/png');
    expect((await admin.put('/api/chart-memos/GBPUSD', { memoImageUrls: [next.body.url] })).status).toBe(200);
    // Gone from storage (the desk reads 404); a subscriber is refused first: no memo shows it any more.
    expect((await admin.get(src)).status).toBe(404);
    expect((await subscriber.get(src)).status).toBe(403);
    expect((await subscriber.get(next.body.url)).status).toBe(200);
  });

  it('puts a real PDF through the whole flow: URL, PUT, resource, download as an attachment', async () => {
    const pdf = realPdf();
    const url = await documentUrl('Position Sizing Guide.pdf');
    const up = await put(admin, url, pdf, 'application/pdf');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      fileName: 'Position Sizing Guide.pdf',
      fileSize: pdf.length,
      fileType: 'application/pdf',
    });
    expect(up.body.url).toMatch(/^\/objects\/documents\/[0-9a-f-]{36}\/Position-Sizing-Guide\.pdf$/);

    const created = await admin.post('/api/resources', {
      title: 'Position sizing guide',
      category: 'risk-management',
      fileUrl: up.body.url,
      fileName: up.body.fileName,
      fileSize: up.body.fileSize,
      fileType: up.body.fileType,
    });
    expect(created.status).toBe(200);
    const list = await user.get('/api/resources');
    const resource = list.body.find((r: { id: number }) => r.id === created.body.id);
    expect(resource.fileUrl).toBe(up.body.url);

    const res = await fetch(t.url + resource.fileUrl, { headers: { cookie: user.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Position-Sizing-Guide\.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await t.client().get(resource.fileUrl)).status).toBe(401);
  });

  it('accepts a text document and an image whose type is read from its bytes', async () => {
    const txt = await put(
      admin,
      await documentUrl('notes.txt'),
      Buffer.from('Risk 1% per trade.\nJournal every trade.\n'),
      'text/plain',
    );
    expect(txt.status).toBe(200);
    expect(txt.body.fileType).toBe('text/plain');
    const sniffed = await put(admin, await imageUrl(), realPng(3));
    expect(sniffed.status).toBe(200);
    expect(sniffed.body.url).toMatch(/\.png$/);
    // No Content-Type at all (a script's bare PUT), and no session: the signed URL is the authority.
    const bare = await fetch(t.url + (await imageUrl('photo.png')), {
      method: 'PUT',
      body: new Uint8Array(realPng(4)),
    });
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { fileType: string }).fileType).toBe('image/png');
  });

  it('refuses a renamed executable, a 6 MB image and an 11 MB document, storing nothing', async () => {
    const before = storedFiles(t.dataDir);

    const exeAsPdf = await put(admin, await documentUrl('report.pdf'), executable(), 'application/pdf');
    expect(exeAsPdf.status).toBe(415);
    expect(exeAsPdf.body.message).toBe('Invalid file type. Allowed types: .pdf, .doc, .docx, .txt');
    const exeAsTxt = await put(admin, await documentUrl('readme.txt'), executable(), 'text/plain');
    expect(exeAsTxt.status).toBe(415);
    const exeAsPng = await put(admin, await imageUrl('chart.png'), executable(), 'image/png');
    expect(exeAsPng.status).toBe(415);
    expect(exeAsPng.body.message).toBe('Invalid file type. Allowed types: .jpg, .jpeg, .png, .gif, .webp');
    const exeUnnamed = await put(admin, await imageUrl(), executable());
    expect(exeUnnamed.status).toBe(415);
    const jpegAsPng = await put(admin, await imageUrl(), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/png');
    expect(jpegAsPng.status).toBe(415);
    const svg = await put(
      admin,
      await imageUrl(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);

    const bigImage = await put(admin, await imageUrl('big.png'), padded(realPng(), 6 * MB), 'image/png');
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.message).toBe('File too large. Maximum size is 5MB');
    const bigDoc = await put(admin, await documentUrl('big.pdf'), padded(realPdf(), 11 * MB), 'application/pdf');
    expect(bigDoc.status).toBe(413);
    expect(bigDoc.body.message).toBe('File too large. Maximum size is 10MB');

    const empty = await put(admin, await documentUrl('empty.txt'), Buffer.alloc(0), 'text/plain');
    expect(empty.status).toBe(400);

    expect(storedFiles(t.dataDir)).toEqual(before);

    // Right at the limit is fine.
    const atLimit = await put(admin, await imageUrl('edge.png'), padded(realPng(), 5 * MB), 'image/png');
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.fileSize).toBe(5 * MB);
  });

  it('refuses expired, tampered and foreign upload URLs', async () => {
    const before = storedFiles(t.dataDir);
    const past = createUploadTokens(t.config.sessionSecrets[0]!, { now: () => Date.now() - 16 * 60 * 1000 });
    const expired = await put(admin, past.createUploadUrl('image'), realPng(), 'image/png');
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe('Upload URL has expired. Please request a new one.');

    const url = await imageUrl();
    const [body, mac] = url.slice('/api/uploads/'.length).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...claims, k: 'document' })).toString('base64url');
    const tampered = await put(admin, `/api/uploads/${widened}.${mac}`, realPdf(), 'application/pdf');
    expect(tampered.status).toBe(403);
    expect(tampered.body.message).toBe('Invalid upload URL');

    const foreign = createUploadTokens('another-secret-another-secret-another-secret');
    expect((await put(admin, foreign.createUploadUrl('image'), realPng(), 'image/png')).status).toBe(403);
    expect((await put(admin, '/api/uploads/garbage', realPng(), 'image/png')).status).toBe(403);
    expect(storedFiles(t.dataDir)).toEqual(before);

    // Upload URLs are handed out to administrators only.
    for (const [client, status] of [
      [t.client(), 401],
      [user, 403],
      [subscriber, 403],
    ] as const) {
      expect((await client.post('/api/resources/upload', { fileName: 'a.pdf' })).status).toBe(status);
      expect((await client.post('/api/chart-memos/upload-image')).status).toBe(status);
    }
  });

  it('answers 404 for unknown objects and paths outside the object areas', async () => {
    expect((await admin.get('/objects/images/2026/01/00000000-0000-0000-0000-000000000000.png')).status).toBe(404);
    // An image no memo shows is the desk's alone: a subscriber learns nothing of whether it exists.
    expect((await subscriber.get('/objects/images/2026/01/00000000-0000-0000-0000-000000000000.png')).status).toBe(403);
    expect((await user.get('/objects/documents/none/missing.pdf')).status).toBe(404);
    // Sent as written (fetch would normalise the dot segments away before they reach the server).
    for (const p of [
      '/objects/images/../../session-secret',
      '/objects/images/..%2f..%2fsession-secret',
      '/objects/documents/%2e%2e/%2e%2e/session-secret',
    ]) {
      expect(await rawGet(t.url, p, subscriber.cookieHeader), p).toBe(404);
    }
    expect((await subscriber.get('/objects/session-secret')).status).toBe(404);
    expect((await subscriber.get('/objects/mail/x.eml')).status).toBe(404);
  });
});
