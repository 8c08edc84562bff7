import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, oneTestDbKind, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

describe.each(kinds)('tRPC batches on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const batch = (n: number) => {
    const paths = Array.from({ length: n }, () => 'site.config').join(',');
    return fetch(`${t.url}/trpc/${paths}?batch=1`);
  };

  it('answers a batch of 20 calls and refuses a larger one with 400', async () => {
    const ok = await batch(20);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveLength(20);
    const big = await batch(21);
    expect(big.status).toBe(400);
    expect(JSON.stringify(await big.json())).toMatch(/Batch call exceeds maximum size/);
    const huge = await batch(40);
    expect(huge.status).toBe(400);
  });
});
