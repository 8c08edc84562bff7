import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { consoleReady, openTab, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The instrument catalogue in the browser: the console's INSTRUMENTS section adds NAS100 with its
// sizes, and a US30 trade reads in points (never in hundreds of "pips") in the terminal's table.

const prices: Record<string, string> = {
  'AUD/USD': '0.65200',
  'GBP/JPY': '196.600',
  'GBP/USD': '1.34000',
  DJI: '42000',
  'BTC/USD': '110000',
  'XAU/USD': '3340',
  NDX: '19500',
};
const vendor = createServer((req, res) => {
  const symbols = new URL(req.url ?? '/', 'http://x').searchParams.get('symbol')?.split(',') ?? [];
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(Object.fromEntries(symbols.filter((s) => prices[s]).map((s) => [s, { price: prices[s] }]))));
});
await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
const vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => vendor.close(() => resolve())));

describeE2E('instruments', () => {
  const e2e = setupE2E({ env: { PRICE_FEED: 'twelvedata', PRICE_FEED_KEY: 'e2e-key', PRICE_FEED_URL: vendorUrl, PRICE_REFRESH_MS: '1000' } });

  it('adds an instrument in the console at 1440 and 390 px', async () => {
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
    expect(((await admin.api.get('/api/instruments')).body as Array<{ symbol: string }>).map((i) => i.symbol)).toContain('NAS100');
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
    prices.DJI = '42258';
    const end = Date.now() + 30_000;
    for (;;) {
      const s = ((await sub.api.get('/api/signals')).body as Array<{ id: number; result: { pips: number } | null }>).find((x) => x.id === created.body.id);
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
