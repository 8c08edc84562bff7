import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { insertHistory } from '@t0/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../src/http/compression';
import { signUp, startTestApp, oneTestDbKind, type TestApp } from '../harness';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP that leaves the answer as sent (fetch would undo the compression). */
function rawGet(base: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const script = 'export const answer = "' + 'forty-two '.repeat(400) + '";\n';
const html =
  '<!doctype html><html><head><title>T0</title></head><body><div id="root"></div>' +
  '<!-- padding -->'.repeat(100) +
  '</body></html>';

// A pre-rendered page as a build without PUBLIC_URL writes it: its canonical and language links from the root.
const landing =
  '<!doctype html><html lang="es" dir="ltr"><head><title>T0</title>' +
  '<link rel="canonical" href="/es/">' +
  '<link rel="alternate" hreflang="en" href="/">' +
  '<link rel="alternate" hreflang="es" href="/es/">' +
  '<link rel="alternate" hreflang="x-default" href="/">' +
  '<link rel="stylesheet" href="/assets/app-1234.css">' +
  '</head><body><a href="/auth">Entrar</a>' +
  '<!-- padding -->'.repeat(100) +
  '</body></html>';

describe.each(await oneTestDbKind())('bytes over the wire on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let cookie: string;
  beforeAll(async () => {
    // A built web app as the build writes it: each text file with its .br and .gz copies.
    dist = mkdtempSync(path.join(tmpdir(), 't0-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (file: string, text: string) => {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    };
    write('assets/app-1234.js', script);
    write('index.html', html);
    write('landing.es.html', landing);
    t = await startTestApp(kind, { WEB_DIST: dist, PUBLIC_URL: 'https://t0.example' });
    const u = await signUp(t);
    cookie = u.client.cookieHeader;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the build’s brotli copy to browsers that accept it, gzip to the others, the file itself otherwise', async () => {
    const br = await rawGet(t.url, '/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await rawGet(t.url, '/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(t.url, '/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('serves the compressed page for every app route', async () => {
    const res = await rawGet(t.url, '/dashboard', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(brotliDecompressSync(res.body).toString()).toBe(html);
  });

  it('serves a pre-rendered page with its canonical and language links on the site’s address, compressed, cached by its tag', async () => {
    const absolute = landing.replace(
      /(rel="(?:canonical|alternate)"(?: hreflang="[^"]+")? href=")\//g,
      '$1https://t0.example/',
    );
    expect(absolute).toContain('<link rel="canonical" href="https://t0.example/es/">');
    expect(absolute).toContain('<link rel="alternate" hreflang="x-default" href="https://t0.example/">');
    // Only those links: the stylesheet and the page's own links stay from the root.
    expect(absolute).toContain('<link rel="stylesheet" href="/assets/app-1234.css">');
    expect(absolute).toContain('<a href="/auth">');

    const br = await rawGet(t.url, '/es/', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(absolute);
    const gz = await rawGet(t.url, '/es', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(absolute);
    const plain = await rawGet(t.url, '/es/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(absolute);

    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gz.headers.etag).toBe(etag);
    const again = await rawGet(t.url, '/es/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Other pages are the build's files as they are.
    const app = await rawGet(t.url, '/dashboard', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(app.body).toString()).toBe(html);
  });

  it('compresses large JSON answers and leaves small ones alone', async () => {
    const start = Math.floor(Date.now() / 1000 / 60) * 60 - 500 * 60;
    const bars = Array.from({ length: 500 }, (_, i) => ({
      time: start + i * 60,
      open: 1.1 + i / 1e4,
      high: 1.2,
      low: 1,
      close: 1.15,
    }));
    await insertHistory(t.db.db, 'simulated', 'GBPUSD', '1min', bars);
    const big = await rawGet(t.url, `/api/candles?symbol=GBPUSD&timeframe=1min&from=${start}`, {
      'accept-encoding': 'br, gzip',
      cookie,
    });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(big.body).toString());
    expect(body.candles.length).toBeGreaterThanOrEqual(500);
    expect(big.body.length).toBeLessThan(JSON.stringify(body).length / 3);

    const viaTrpc = await rawGet(
      t.url,
      `/trpc/candles.list?input=${encodeURIComponent(JSON.stringify({ symbol: 'GBPUSD', timeframe: '1min', from: start }))}`,
      { 'accept-encoding': 'gzip', cookie },
    );
    expect(viaTrpc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(viaTrpc.body).toString()).result.data.candles.length).toBeGreaterThanOrEqual(500);

    const small = await rawGet(t.url, '/api/user/notifications/unread-count', {
      'accept-encoding': 'br, gzip',
      cookie,
    });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ count: 0 });

    const noAccept = await rawGet(t.url, `/api/candles?symbol=GBPUSD&timeframe=1min&from=${start}`, { cookie });
    expect(noAccept.headers['content-encoding']).toBeUndefined();
  });
});

describe('the event stream', () => {
  const app = Fastify();
  const events = 'id: 1\ndata: ' + '{"type":"signal.created"}'.repeat(200) + '\n\n';
  const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'repeated text' })) });
  let base = '';
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/api/stream', async (_req, reply) => reply.type('text/event-stream').send(events));
    app.get('/elsewhere/events', async (_req, reply) => reply.type('text/event-stream').send(events));
    // A stream path answering JSON (a stream's error, a batch) is not compressed either.
    app.get('/trpc/live.onEvent', async (_req, reply) => reply.type('application/json').send(json));
    app.get('/api/big', async (_req, reply) => reply.type('application/json').send(json));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('is never compressed, by path or by type, while other JSON is', async () => {
    for (const p of ['/api/stream', '/elsewhere/events', '/trpc/live.onEvent']) {
      const res = await rawGet(base, p, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], p).toBeUndefined();
    }
    expect((await rawGet(base, '/api/big', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
  });
});
