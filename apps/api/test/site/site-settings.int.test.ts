import { DEFAULT_MARKETING, DEFAULT_RISK_DISCLOSURE } from '@t0/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, signUpSubscriber, startTestApp, oneTestDbKind, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

type Settings = {
  supportEmail: string;
  marketing: Record<string, string>;
  marketingLive: boolean;
  legal: { terms: string; privacy: string; risk: string };
  updatedAt: string | null;
  defaultSupportEmail: string;
};

describe.each(kinds)('site settings and legal pages on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { SUPPORT_EMAIL: 'help@t0.test' });
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const edit = (s: Settings) => ({
    supportEmail: s.supportEmail,
    marketing: s.marketing,
    marketingLive: s.marketingLive,
    legal: s.legal,
  });

  it("serves the specification's figures, a risk disclosure and no terms until an administrator writes them", async () => {
    const config = await t.client().get('/api/site-config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      supportEmail: 'help@t0.test',
      marketing: { ...DEFAULT_MARKETING, live: false },
      defaultLanguage: 'en',
    });
    const risk = await t.client().get('/api/legal/risk');
    expect(risk.body).toEqual({
      page: 'risk',
      title: 'RISK DISCLOSURE',
      markdown: DEFAULT_RISK_DISCLOSURE,
      updatedAt: null,
      // The built-in text: no version saved yet.
      version: 0,
    });
    expect((await t.client().get('/api/legal/terms')).body).toMatchObject({
      page: 'terms',
      markdown: '',
      updatedAt: null,
    });
    const unknown = await t.client().get('/api/legal/cookies');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('page must be one of terms, privacy, risk');
  });

  it('round-trips every setting through the console, and the public answers follow', async () => {
    const current = (await admin.client.get('/api/admin/site-settings')).body as Settings;
    expect(current).toMatchObject({
      supportEmail: '',
      marketingLive: false,
      defaultSupportEmail: 'help@t0.test',
      defaultLanguage: 'en',
    });
    const next = {
      ...edit(current),
      defaultLanguage: 'pt-BR',
      supportEmail: 'desk@t0.test',
      marketing: { ...current.marketing, traders: '2,500+', activeSignals: '7' },
      legal: { terms: '# Terms\n\nBe **kind**.', privacy: 'We keep your e-mail.', risk: 'Trading is risky.' },
    };
    const saved = await admin.client.request('PUT', '/api/admin/site-settings', next);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject(next);
    expect(Date.now() - Date.parse((saved.body as Settings).updatedAt!)).toBeLessThan(60_000);

    expect((await admin.client.get('/api/admin/site-settings')).body).toMatchObject(next);
    expect((await t.client().get('/api/site-config')).body).toMatchObject({
      defaultLanguage: 'pt-BR',
      supportEmail: 'desk@t0.test',
      marketing: { traders: '2,500+', activeSignals: '7', support: '24/7', live: false },
    });
    const terms = (await t.client().get('/api/legal/terms')).body as { markdown: string; updatedAt: string };
    expect(terms.markdown).toBe('# Terms\n\nBe **kind**.');
    expect(terms.updatedAt).not.toBeNull();
    expect((await t.client().get('/api/legal/risk')).body).toMatchObject({ markdown: 'Trading is risky.' });

    // Saving the same settings again changes nothing stored.
    const before = await t.db.db.selectFrom('siteSettings').select(['key', 'updatedAt']).execute();
    expect((await admin.client.request('PUT', '/api/admin/site-settings', next)).status).toBe(200);
    const after = await t.db.db.selectFrom('siteSettings').select(['key', 'updatedAt']).execute();
    expect(after.map((r) => [r.key, r.updatedAt.getTime()]).sort()).toEqual(
      before.map((r) => [r.key, r.updatedAt.getTime()]).sort(),
    );
  });

  it('shows counts from the records instead of the figures when live is on', async () => {
    const current = (await admin.client.get('/api/admin/site-settings')).body as Settings;
    await signUpSubscriber(t);
    await signUp(t);
    expect(
      (await admin.client.request('PUT', '/api/admin/site-settings', { ...edit(current), marketingLive: true })).status,
    ).toBe(200);
    const users = await t.db.db.selectFrom('users').select(['isAdmin', 'hasActiveSubscription']).execute();
    const traders = users.filter((u) => !u.isAdmin).length;
    const active = users.filter((u) => !u.isAdmin && u.hasActiveSubscription).length;
    const open = (
      await t.db.db.selectFrom('signals').select('id').where('status', 'in', ['limit', 'active', 'paused']).execute()
    ).length;
    const marketing = ((await t.client().get('/api/site-config')).body as { marketing: Record<string, unknown> })
      .marketing;
    expect(marketing).toMatchObject({
      live: true,
      traders: String(traders),
      activeTraders: String(active),
      activeSignals: String(open),
      support: '24/7',
    });
  });

  it('refuses bad settings with the field named and changes nothing, and is for administrators only', async () => {
    const current = (await admin.client.get('/api/admin/site-settings')).body as Settings;
    const cases: Array<[unknown, string]> = [
      [{ ...edit(current), supportEmail: 'not-an-address' }, 'supportEmail must be an e-mail address'],
      [{ ...edit(current), marketing: { ...current.marketing, traders: ' ' } }, 'marketing.traders is required'],
      [
        { ...edit(current), legal: { ...current.legal, risk: 'x'.repeat(50_001) } },
        'legal.risk must be at most 50000 characters',
      ],
      [{ ...edit(current), legal: { ...current.legal, terms: 'nul\u0000here' } }, 'control characters'],
      [{ ...edit(current), marketingLive: 'yes' }, 'marketingLive must be true or false'],
      [{ ...edit(current), defaultLanguage: 'fr' }, 'defaultLanguage must be one of en, es, pt-BR, ar'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.request('PUT', '/api/admin/site-settings', body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await admin.client.get('/api/admin/site-settings')).body).toEqual(current);

    const sub = await signUpSubscriber(t);
    expect((await sub.client.get('/api/admin/site-settings')).status).toBe(403);
    expect((await sub.client.request('PUT', '/api/admin/site-settings', edit(current))).status).toBe(403);
    expect((await t.client().request('PUT', '/api/admin/site-settings', edit(current))).status).toBe(401);
  });
});
