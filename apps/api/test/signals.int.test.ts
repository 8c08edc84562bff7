import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, startTestApp, testDbKinds, type TestApp } from './harness';

const kinds = await testDbKinds();

const valid = {
  instrument: 'AUDUSD',
  direction: 'long',
  entryPrice: '0.65169',
  slPrice: 0.649,
  t0Price: '0.6530',
  t1Price: 0.655,
  monthlyBias: 'Bullish',
  memo: 'Breakout above the weekly range',
};

describe.each(kinds)('signals over REST on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
  });
  afterAll(async () => t?.close());

  it('creates a signal from numbers or numeric strings and answers the spec shape', async () => {
    const res = await admin.client.post('/api/signals', valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      instrument: 'AUDUSD',
      direction: 'long',
      status: 'active',
      entryPrice: 0.65169,
      t0Price: 0.653,
      t1Price: 0.655,
      slPrice: 0.649,
      targetPrice: 0.655,
      currentPrice: null,
      monthlyBias: 'Bullish',
      confidence: 75,
      memo: 'Breakout above the weekly range',
      t0Hit: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    const stored = await t.db.db.selectFrom('signals').select(['entryPrice', 'slPrice']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(stored.entryPrice).toBe('0.65169');
    expect(stored.slPrice).toBe('0.64900');
  });
});
