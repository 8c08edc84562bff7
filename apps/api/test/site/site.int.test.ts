import { DEFAULT_MARKETING } from '@t0/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, oneTestDbKind, type TestApp } from '../harness';

// The landing page's figures default to the specification's (site settings can change them).
const expected = {
  supportEmail: 'help@desk.example',
  educationUrl: 'https://learn.example/forex',
  isProduction: false,
  marketing: { ...DEFAULT_MARKETING, live: false },
  // No broker widget until an administrator sets one.
  brokerWidgetUrl: '',
  // The web app's language for a visitor whose account and browser name none it speaks.
  defaultLanguage: 'en',
  // No legal page saved yet: each at its built-in text, version 0.
  legalVersions: { terms: 0, risk: 0, refund: 0 },
};

describe.each(await oneTestDbKind())('site config on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { SUPPORT_EMAIL: 'help@desk.example', EDUCATION_URL: 'https://learn.example/forex' });
  });
  afterAll(() => t?.close());

  it('answers the public settings over REST without a session', async () => {
    const res = await t.client().get('/api/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it('answers the same through tRPC', async () => {
    const res = await t.client().get('/trpc/site.config');
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual(expected);
  });

  it('is documented with its schema', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const op = doc.paths['/site-config'].get;
    expect(op.security ?? []).toEqual([]);
    expect(op.responses['200'].content['application/json'].schema.properties).toHaveProperty('supportEmail');
  });
});
