import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutDecision } from '../../src/http/logout';
import { signUp, startTestApp, oneTestDbKind, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

describe('which sign-out requests ask first', () => {
  const own = (origin: string) => origin === 'https://t0.example';
  it('signs out from our own pages and typed addresses, asks for other sites and sibling origins', () => {
    expect(logoutDecision({ 'sec-fetch-site': 'same-origin' }, own)).toBe('sign-out');
    expect(logoutDecision({ 'sec-fetch-site': 'none' }, own)).toBe('sign-out');
    expect(logoutDecision({ 'sec-fetch-site': 'cross-site' }, own)).toBe('confirm');
    expect(logoutDecision({ 'sec-fetch-site': 'same-site' }, own)).toBe('confirm');
    expect(logoutDecision({ 'sec-fetch-site': 'something-new' }, own)).toBe('confirm');
    // A browser's own header wins over a Referer.
    expect(logoutDecision({ 'sec-fetch-site': 'cross-site', referer: 'https://t0.example/dashboard' }, own)).toBe(
      'confirm',
    );
  });

  it('falls back on the Referer without Sec-Fetch-Site, and signs a bare script out', () => {
    expect(logoutDecision({ referer: 'https://evil.example/page' }, own)).toBe('confirm');
    expect(logoutDecision({ referer: 'https://t0.example/dashboard' }, own)).toBe('sign-out');
    expect(logoutDecision({ referer: 'not a url' }, own)).toBe('confirm');
    expect(logoutDecision({}, own)).toBe('sign-out');
  });
});

describe.each(kinds)('GET /api/logout from another site on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const signedIn = async () => (await signUp(t)).client;

  it('keeps the session on a cross-site navigation and shows a page that asks to confirm', async () => {
    const c = await signedIn();
    const res = await c.request('GET', '/api/logout', undefined, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      referer: 'https://evil.example/',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    // Not the API's no-referrer: the button's POST must carry our Origin, not "null".
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.body).toContain(
      '<form method="post" action="/api/logout"><button type="submit">SIGN OUT</button></form>',
    );
    expect(res.body).toContain('<a href="/">STAY SIGNED IN</a>');
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('keeps the session on a same-site navigation from a sibling origin', async () => {
    const c = await signedIn();
    const res = await c.request('GET', '/api/logout', undefined, {
      'sec-fetch-site': 'same-site',
      referer: 'https://blog.t0.test/',
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('SIGN OUT?');
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('keeps the session when an older browser comes from a foreign Referer', async () => {
    const c = await signedIn();
    const res = await c.request('GET', '/api/logout', undefined, { referer: 'https://evil.example/' });
    expect(res.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('signs out on our own link (same-origin navigation) and on a typed address', async () => {
    for (const site of ['same-origin', 'none']) {
      const c = await signedIn();
      const res = await c.request('GET', '/api/logout', undefined, {
        'sec-fetch-site': site,
        referer: `${t.config.publicUrl}/dashboard`,
      });
      expect(res.status, site).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect((await c.get('/api/auth/user')).status, site).toBe(401);
    }
  });

  it("signs out with the confirmation's button, posted from our own origin", async () => {
    const c = await signedIn();
    const res = await c.request('POST', '/api/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: t.config.publicUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses the POST from another origin, or cross-site without an Origin, keeping the session', async () => {
    const c = await signedIn();
    const foreign = await c.request('POST', '/api/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const crossSite = await c.request('POST', '/api/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toContain('SIGN OUT?');
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('sends a visitor without a session home', async () => {
    const res = await t.client().request('GET', '/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});
