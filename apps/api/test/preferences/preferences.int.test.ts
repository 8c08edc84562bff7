import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, oneTestDbKind, type TestApp, type TestClient } from '../harness';

// The trading config's account size (the risk calculator), the reader's time zone and language.

const base = { positionSize: '2', riskTolerance: 'moderate', autoExecute: false, maxDailyTrades: '10' };

describe.each(await oneTestDbKind())('account size and time zone on %s', (kind) => {
  let t: TestApp;
  let u: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    u = (await signUp(t)).client;
  });
  afterAll(async () => t?.close());

  it('saves an account size, keeps it when a script sends only the spec’s four fields, and clears it with null', async () => {
    const saved = await u.post('/api/auth/trading-config', { ...base, accountSize: '25,000.50' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...base, accountSize: 25000.5 });
    expect((await u.post('/api/auth/trading-config', { ...base, maxDailyTrades: '3' })).body).toEqual({
      ...base,
      maxDailyTrades: '3',
      accountSize: 25000.5,
    });
    expect((await u.get('/api/auth/trading-config')).body.accountSize).toBe(25000.5);
    // Through tRPC as well.
    const trpc = await u.get('/trpc/auth.tradingConfig');
    expect(trpc.body.result.data.accountSize).toBe(25000.5);
    expect((await u.post('/api/auth/trading-config', { ...base, accountSize: null })).body.accountSize).toBeNull();
  });

  it('answers 400 naming the account size when it is not a usable amount, and changes nothing', async () => {
    await u.post('/api/auth/trading-config', { ...base, accountSize: 5000 });
    for (const bad of [0, -10, 'lots', 2_000_000_000, true]) {
      const res = await u.post('/api/auth/trading-config', { ...base, maxDailyTrades: '7', accountSize: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe('Account size must be a number from 1 to 1,000,000,000');
    }
    expect((await u.get('/api/auth/trading-config')).body).toEqual({ ...base, accountSize: 5000 });
  });

  it('keeps the time zone: none at first (the browser’s own), an IANA name, then null again', async () => {
    expect((await t.client().get('/api/user/preferences')).status).toBe(401);
    expect((await u.get('/api/user/preferences')).body).toEqual({ timeZone: null, language: null });
    const saved = await u.put('/api/user/preferences', { timeZone: 'Asia/Tokyo', language: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ timeZone: 'Asia/Tokyo', language: null });
    expect((await u.get('/api/user/preferences')).body).toEqual({ timeZone: 'Asia/Tokyo', language: null });
    // The time zone and the trading config live side by side without overwriting each other.
    expect((await u.get('/api/auth/trading-config')).body.accountSize).toBe(5000);
    await u.post('/api/auth/trading-config', { ...base, accountSize: 6000 });
    expect((await u.get('/api/user/preferences')).body).toEqual({ timeZone: 'Asia/Tokyo', language: null });
    expect((await u.put('/api/user/preferences', { timeZone: null, language: null })).body).toEqual({
      timeZone: null,
      language: null,
    });
  });

  it('answers 400 naming an unknown time zone, and keeps the saved one', async () => {
    await u.put('/api/user/preferences', { timeZone: 'Europe/London' });
    const bad = await u.put('/api/user/preferences', { timeZone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown time zone "Mars/Olympus_Mons": use an IANA name such as Europe/London');
    expect((await u.put('/api/user/preferences', {})).status).toBe(400);
    expect((await u.get('/api/user/preferences')).body).toEqual({ timeZone: 'Europe/London', language: null });
  });

  it('keeps the language beside the time zone, each saved alone, and answers 400 naming language otherwise', async () => {
    await u.put('/api/user/preferences', { timeZone: 'Europe/Madrid' });
    const saved = await u.put('/api/user/preferences', { language: 'pt-BR' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ timeZone: 'Europe/Madrid', language: 'pt-BR' });
    expect((await u.put('/api/user/preferences', { timeZone: 'UTC' })).body).toEqual({
      timeZone: 'UTC',
      language: 'pt-BR',
    });
    expect((await u.get('/trpc/preferences.get')).body.result.data).toEqual({ timeZone: 'UTC', language: 'pt-BR' });
    for (const bad of ['fr', 'pt', 'AR', 3]) {
      const res = await u.put('/api/user/preferences', { language: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe('language must be one of en, es, pt-BR, ar');
    }
    expect((await u.get('/api/user/preferences')).body).toEqual({ timeZone: 'UTC', language: 'pt-BR' });
    expect((await u.put('/api/user/preferences', { language: 'ar' })).body.language).toBe('ar');
    expect((await u.put('/api/user/preferences', { language: null })).body).toEqual({
      timeZone: 'UTC',
      language: null,
    });
  });
});
