import { expect, it } from 'vitest';
import { consoleReady, openTab, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The instrument catalogue in the browser: the console's INSTRUMENTS section adds NAS100 with its
// sizes, and a US30 trade reads in points (never in hundreds of "pips") in the terminal's table.

describeE2E('instruments', () => {
  const e2e = setupE2E({
    feed: { AUDUSD: 0.652, GBPJPY: 196.6, GBPUSD: 1.34, US30: 42000, BTCUSD: 110000, XAUUSD: 3340 },
  });

  it('adds an instrument in the console at 1440 and 390 px', async () => {
    // The vendor quotes the new instrument's feed symbol before it is in the catalogue.
    e2e.feed.set('NAS100', 19500);
    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123', { as: admin });
    await consoleReady(page);
    await openTab(page, 'INSTRUMENTS');
    const table = page.getByTestId('instrument-table');
    await table.getByTestId('instrument-US30').getByText('1 points').waitFor();
    await table.getByTestId('instrument-GBPUSD').getByText('0.0001 pips').waitFor();

    const form = page.getByRole('region', { name: 'ADD INSTRUMENT', exact: true });
    await form.getByRole('textbox', { name: /^Symbol/ }).fill('NAS100');
    await form.getByLabel('Tick size').fill('0.1');
    await form.getByLabel('Pip or point size').fill('1');
    await pick(form, 'Unit', 'POINTS');
    await form.getByLabel('Decimals').fill('1');
    await form.getByLabel('Feed symbol').fill('NDX');
    await form.getByLabel('Entry tolerance (points)').fill('20');
    await form.getByLabel('Reference price').fill('19500');
    await page.getByTestId('instrument-save').click();
    await toastTitled(page, 'Success').waitFor();
    const row = table.getByTestId('instrument-NAS100');
    await row.getByText('NDX').waitFor();
    await row.getByText('20 points').waitFor();
    expect(
      ((await admin.api.get('/api/instruments')).body as Array<{ symbol: string }>).map((i) => i.symbol),
    ).toContain('NAS100');
    await e2e.shot(page, 'instruments-console-desktop');
    await e2e.a11y(page);

    const mobile = await e2e.open('/admin123?tab=instruments', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('instrument-NAS100').waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(mobile, 'instruments-console-mobile');
  });

  it('shows a US30 move of 258 points as 258 points in the terminal at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    const sub = await e2e.user('subscriber');
    const created = await admin.api.post('/api/signals', {
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41900,
      t0Price: 42258,
      t1Price: 42600,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    e2e.feed.set('US30', 42258);
    const end = Date.now() + 30_000;
    for (;;) {
      const s = (
        (await sub.api.get('/api/signals')).body as Array<{ id: number; result: { pips: number } | null }>
      ).find((x) => x.id === created.body.id);
      if (s?.result?.pips === 258) break;
      if (Date.now() > end) throw new Error(`US30 did not reach 42258: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 300));
    }

    // At 1440 px the terminal's P&L column; at 390 px (where the table keeps fewer columns) the row's dialog.
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/dashboard', { as: sub, viewport });
      const table = page.getByTestId('signals-table');
      await table.getByText('US30').first().waitFor();
      await e2e.shot(page, `instruments-us30-terminal-${viewport}`);
      let scope = table;
      if (viewport === 'mobile') {
        await table.locator('tr[aria-label^="US30 LONG signal"]').first().click();
        scope = page.getByRole('dialog');
      }
      const pnl = scope.locator('[data-testid="pnl"]:visible', { hasText: 'points' }).first();
      await pnl.waitFor();
      expect(await pnl.textContent()).toMatch(/^\+258\.0 points · /);
      expect(await scope.getByText(/\d pips/).count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      if (viewport === 'mobile') await e2e.shot(page, 'instruments-us30-dialog-mobile');
    }
  });
});
