import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oneTestDbKind,
  signUp,
  signUpAdmin,
  startTestApp,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// Versioned legal pages and the consent a checkout records, down to a dispute's evidence.
describe.each(await oneTestDbKind())('legal versions and recorded consent on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_MONTHLY_PRICE: '49', PLAN_CURRENCY: 'eur' });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => t?.close());

  async function saveLegal(legal: Record<string, string>) {
    const current = await admin.get('/api/admin/site-settings');
    expect(current.status).toBe(200);
    const { updatedAt: _u, defaultSupportEmail: _d, ...settings } = current.body;
    const saved = await admin.put('/api/admin/site-settings', { ...settings, legal: { ...settings.legal, ...legal } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const versions = async () => (await t.client().get('/api/site-config')).body.legalVersions;

  it('numbers each published text of a legal page, and only a changed one', async () => {
    expect(await versions()).toEqual({ terms: 0, risk: 0, refund: 0 });
    await saveLegal({ terms: 'Terms one.', refund: 'Refunds within 7 days.' });
    expect(await versions()).toEqual({ terms: 1, risk: 0, refund: 1 });
    await saveLegal({ terms: 'Terms two.' });
    await saveLegal({ terms: 'Terms two.' });
    expect(await versions()).toEqual({ terms: 2, risk: 0, refund: 1 });
    const page = await t.client().get('/api/legal/refund');
    expect(page.body).toMatchObject({
      page: 'refund',
      title: 'REFUND POLICY',
      markdown: 'Refunds within 7 days.',
      version: 1,
    });
    expect((await t.client().get('/api/legal/terms')).body.version).toBe(2);
  });

  it('refuses a checkout accepting a version no longer current, naming it, and stores nothing', async () => {
    const email = uniqueEmail('stale');
    const res = await t
      .client()
      .post('/api/create-checkout-session', { email, plan: 'monthly', accepted: { terms: 1, risk: 0, refund: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      expect.objectContaining({ path: 'accepted.terms', message: expect.stringContaining('now version 2') }),
    ]);
    const stored = await t.db.db.selectFrom('pendingPayments').select('id').where('email', '=', email).execute();
    expect(stored).toEqual([]);
    const bad = await t.client().post('/api/create-checkout-session', { email, accepted: { terms: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toContain('accepted.terms');
  });

  it('records what a buyer accepted, and a dispute’s evidence quotes it with the texts’ hashes', async () => {
    const u = await signUp(t, uniqueEmail('consent'));
    const started = await u.client.request(
      'POST',
      '/api/create-checkout-session',
      { email: u.email, plan: 'monthly', accepted: { terms: 2, risk: 0, refund: 1 } },
      { 'user-agent': 'ConsentBrowser/1.0' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const row = await t.db.db
      .selectFrom('pendingPayments')
      .select(['consent', 'consentIp', 'consentUserAgent'])
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      consent: { terms: 2, risk: 0, refund: 1, shown: true },
      consentIp: '127.0.0.1',
      consentUserAgent: 'ConsentBrowser/1.0',
    });
    const url = new URL(started.body.url as string);
    const form = new URLSearchParams({
      session: url.searchParams.get('session')!,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'C',
    });
    expect((await u.client.request('POST', '/checkout/test', form.toString(), FORM)).status).toBe(303);
    // The page changes after the purchase: the evidence quotes the version accepted, not today's.
    await saveLegal({ terms: 'Terms three.' });

    const disputed = await t.client().post('/api/test/dispute', { email: u.email });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    const entry = await t.db.db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('providerObjectId', '=', disputed.body.disputeId)
      .where('kind', '=', 'dispute_opened')
      .executeTakeFirstOrThrow();
    const evidence = await admin.get(`/api/admin/disputes/${entry.id}/evidence`);
    expect(evidence.status, JSON.stringify(evidence.body)).toBe(200);
    expect(evidence.body.consent).toMatchObject({
      address: '127.0.0.1',
      userAgent: 'ConsentBrowser/1.0',
      shown: true,
      pages: [
        { page: 'terms', title: 'TERMS OF SERVICE', version: 2, sha256: sha256('Terms two.') },
        { page: 'risk', title: 'RISK DISCLOSURE', version: 0, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { page: 'refund', title: 'REFUND POLICY', version: 1, sha256: sha256('Refunds within 7 days.') },
      ],
    });
    const riskText = (await t.client().get('/api/legal/risk')).body.markdown as string;
    expect(evidence.body.consent.pages[1].sha256).toBe(sha256(riskText));
    expect(evidence.body.serviceDocumentation).toContain(
      `TERMS OF SERVICE version 2 (SHA-256 ${sha256('Terms two.')})`,
    );
    expect(evidence.body.refundPolicyDisclosure).toBe('Refunds within 7 days.');
  });

  it('records the current versions, as not shown, for a checkout a script starts', async () => {
    const email = uniqueEmail('script');
    const res = await t.client().post('/api/create-checkout-session', { email, plan: 'monthly' });
    expect(res.status).toBe(200);
    const row = await t.db.db
      .selectFrom('pendingPayments')
      .select('consent')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.consent).toEqual({ terms: 3, risk: 0, refund: 1, shown: false });
  });
});
