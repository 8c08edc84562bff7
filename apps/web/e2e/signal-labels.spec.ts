import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// The labels of EU MAR Art. 20 in Chromium against the built product: the signal dialog shows
// "by <name>, <title> · completed <UTC> · released <UTC>", the analyst's disclosure and the desk's
// risk warning, and links to the signal's public disclosure page, which shows them to a guest
// without a level. On the shared product: its own analyst, subscriber and signal.

const DISCLOSURE = 'Holds no position in GBPUSD.';

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const stamp = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

describeE2E('signal labels', () => {
  const e2e = setupE2E();
  let subscriber: TestUser;
  let signal: { id: number; completedAt: string; releasedAt: string };
  let name: string;

  const shot = (page: Page, name: string, opts?: { fullPage?: boolean }) => e2e.shot(page, name, opts);

  beforeAll(async () => {
    const admin = await e2e.user('admin');
    const analyst = await e2e.user('user');
    name = `Vega ${Date.now().toString(36).slice(-5)}`;
    await expectOk(
      admin.api.post(`/api/admin/users/${analyst.id}/analyst`, {
        displayName: name,
        title: 'FX strategist',
        disclosure: DISCLOSURE,
        rooms: ['main'],
      }),
      'analyst',
    );
    subscriber = await e2e.user('subscriber');
    signal = await expectOk(
      analyst.api.post('/api/signals', {
        instrument: 'GBPUSD',
        direction: 'long',
        entryPrice: 1.26543,
        slPrice: 1.26111,
        t0Price: 1.26987,
        t1Price: 1.27345,
        status: 'limit',
        monthlyBias: 'Bullish',
        memo: 'Labels check',
      }),
      'signal',
    );
  });

  it("shows the author line, the disclosure and the risk warning in the signal's dialog", async () => {
    const line = `by ${name}, FX strategist · completed ${stamp(signal.completedAt)} · released ${stamp(signal.releasedAt)}`;
    for (const [viewport, file] of [
      ['desktop', 'signal-dialog-labels-1440'],
      ['mobile', 'signal-dialog-labels-390'],
    ] as const) {
      const { page, errors } = await e2e.openWith('/dashboard', { as: subscriber, viewport });
      page.setDefaultTimeout(30_000);
      await page.getByTestId('signals-table').waitFor({ timeout: 45_000 });
      await page
        .getByTestId('signals-table')
        .getByRole('row', { name: /^GBPUSD / })
        .first()
        .getByText('GBPUSD')
        .click();
      const dialog = page.getByTestId('signal-dialog');
      await dialog.getByTestId('signal-author-line').waitFor();
      expect(await dialog.getByTestId('signal-author-line').innerText()).toBe(line);
      expect(await dialog.getByTestId('signal-disclosure').innerText()).toBe(`Disclosure: ${DISCLOSURE}`);
      expect(await dialog.getByTestId('signal-risk-warning').innerText()).toMatch(/^Risk warning: \S/);
      expect(await dialog.getByRole('link', { name: 'DISCLOSURE PAGE' }).getAttribute('href')).toBe(
        `/signals/${signal.id}/disclosure`,
      );
      await dialog.getByTestId('signal-labels').scrollIntoViewIfNeeded();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, file, { fullPage: false });
      if (viewport === 'desktop') await e2e.a11y(page);
      expect(errors).toEqual([]);
    }
  }, 120_000);

  it('shows a guest the disclosure page with the labels and no level', async () => {
    for (const [viewport, file] of [
      ['desktop', 'signal-disclosure-1440'],
      ['mobile', 'signal-disclosure-390'],
    ] as const) {
      const page = await e2e.open(`/signals/${signal.id}/disclosure`, { viewport });
      await page.getByTestId('signal-author-line').waitFor({ timeout: 30_000 });
      const text = await page.getByTestId('SignalDisclosurePage').innerText();
      expect(text).toContain(`SIGNAL #${signal.id} DISCLOSURE`);
      expect(text).toContain(`by ${name}, FX strategist · completed `);
      expect(text).toContain(DISCLOSURE);
      expect(text).toContain('RISK DISCLOSURE');
      for (const level of ['1.26543', '1.26111', '1.26987', '1.27345', 'LONG']) expect(text).not.toContain(level);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, file);
      if (viewport === 'desktop') await e2e.a11y(page);
    }
  }, 90_000);
});
