import { DEFAULT_PRICES, PRICE_SYMBOLS } from '@t0/contracts';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, oneTestDbKind, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

const VENDOR = 'https://prices.vendor.test';
const vendorPrices = {
  'AUD/USD': { price: '0.65432' },
  'GBP/JPY': { price: '197.015' },
  'GBP/USD': { price: '1.35012' },
  DJI: { price: '43011.25' },
  'BTC/USD': { price: '111250.5' },
  'XAU/USD': { price: '3351.2' },
};

let upstreamCalls = 0;
let lastAuth: string | null = null;
let lastSymbols: string | null = null;
const vendor = setupServer();

beforeAll(() => vendor.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => vendor.resetHandlers());
afterAll(() => vendor.close());

function answer(body: unknown, status = 200, wait = 0) {
  vendor.use(
    http.get(`${VENDOR}/price`, async ({ request }) => {
      upstreamCalls++;
      lastAuth = request.headers.get('authorization');
      lastSymbols = new URL(request.url).searchParams.get('symbol');
      if (wait) await delay(wait);
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
}

describe.each(kinds)('live prices over REST on %s', (kind) => {
  describe('with the vendor feed configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        PRICE_FEED: 'twelvedata',
        PRICE_FEED_KEY: 'secret-key',
        PRICE_FEED_URL: VENDOR,
        PRICE_REFRESH_MS: '2000',
      });
    });
    afterAll(async () => t?.close());

    it('answers "Failed to fetch live prices" when the vendor fails and nothing is cached', async () => {
      answer({ status: 'error', code: 500, message: 'upstream broke' }, 500);
      const res = await t.client().get('/api/live-prices');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Failed to fetch live prices');
      expect(res.body.requiresSetup).toBeUndefined();
    });

    it('fetches once for many concurrent callers and answers the map of symbol to number', async () => {
      answer(vendorPrices, 200, 300);
      upstreamCalls = 0;
      const answers = await Promise.all(Array.from({ length: 25 }, () => t.client().get('/api/live-prices')));
      expect(upstreamCalls).toBe(1);
      for (const a of answers) expect(a.status).toBe(200);
      expect(answers[0]!.body).toEqual({
        AUDUSD: 0.65432,
        GBPJPY: 197.015,
        GBPUSD: 1.35012,
        US30: 43011.25,
        BTCUSD: 111250.5,
        XAUUSD: 3351.2,
        source: 'live',
        updatedAt: expect.any(String),
      });
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(lastAuth).toBe('apikey secret-key');
      expect(lastSymbols).toBe('AUD/USD,GBP/JPY,GBP/USD,DJI,BTC/USD,XAU/USD');
      // Within the interval: still one upstream call, through tRPC as well.
      expect((await t.client().get('/trpc/prices.live')).status).toBe(200);
      expect(upstreamCalls).toBe(1);
    });

    it('says setup is required when the vendor refuses the key', async () => {
      // The server's own price refresh may fetch in the meantime: the vendor refuses from now on.
      answer({ status: 'error', code: 401, message: '**apikey** parameter is incorrect' }, 200);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await t.client().get('/api/live-prices');
      expect(res.status).toBe(503);
      expect(res.body.requiresSetup).toBe(true);
      expect(res.body.message).toMatch(/^API Setup Required/);
    });
  });

  describe('with the vendor feed but no key', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { PRICE_FEED: 'twelvedata', PRICE_FEED_URL: VENDOR });
    });
    afterAll(async () => t?.close());

    it('answers an error carrying requiresSetup on both front doors, without calling the vendor', async () => {
      upstreamCalls = 0;
      const rest = await t.client().get('/api/live-prices');
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ requiresSetup: true, message: expect.stringContaining('PRICE_FEED_KEY') });
      const trpc = await t.client().get('/trpc/prices.live');
      expect(trpc.status).toBe(503);
      expect(trpc.body.error).toMatchObject({ requiresSetup: true, data: { requiresSetup: true } });
      expect(upstreamCalls).toBe(0);
    });
  });

  describe('with the default simulated feed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { PRICE_REFRESH_MS: '200' });
    });
    afterAll(async () => t?.close());

    it('is public, flags itself as simulated and walks near the default prices', async () => {
      const first = await t.client().get('/api/live-prices');
      expect(first.status).toBe(200);
      expect(first.body.source).toBe('simulated');
      for (const s of PRICE_SYMBOLS) {
        expect(typeof first.body[s]).toBe('number');
        expect(Math.abs(first.body[s] / DEFAULT_PRICES[s] - 1)).toBeLessThan(0.01);
      }
      await new Promise((r) => setTimeout(r, 250));
      const second = await t.client().get('/api/live-prices');
      expect(second.body.updatedAt).not.toBe(first.body.updatedAt);
    });
  });
});
