import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeE2E, hasHorizontalScroll, livePrice, setupE2E, type TestUser } from './harness';

// In the browser: our own charts (the signal's levels and marks, the analysis charts
// without any third-party request), the risk calculator, the sticky header after the auto-scroll,
// the popover's labels and how an item opens, and phone layouts.

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function openTerminal(page: Page) {
  page.setDefaultTimeout(30_000);
  await page.getByTestId('DashboardPage').waitFor({ timeout: 45_000 });
  await page.getByTestId('signals-table').waitFor();
}

/** What the chart element says it holds (written from the charting library's own objects). */
async function chartState(chart: Locator) {
  return chart.evaluate((el: HTMLElement) => ({
    series: el.dataset.series,
    bars: Number(el.dataset.bars ?? 0),
    lastClose: Number(el.dataset.lastClose),
    lines: JSON.parse(el.dataset.priceLines ?? '[]') as { title: string; price: number }[],
    markers: JSON.parse(el.dataset.markers ?? '[]') as { text: string; time: number }[],
  }));
}

async function chartWithBars(chart: Locator) {
  await chart.waitFor();
  await expect.poll(async () => (await chartState(chart)).bars, { timeout: 30_000 }).toBeGreaterThan(0);
  return chartState(chart);
}

describeE2E('terminal charts, risk calculator, header and notifications', () => {
  const e2e = setupE2E();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await e2e.user('admin');
    const signal = (body: Record<string, unknown>) =>
      expectOk(admin.api.post('/api/signals', { monthlyBias: 'Bullish', ...body }), 'signal');
    // A market signal is published at the simulated feed's live price, its levels placed around it.
    const gbpjpy = await livePrice(e2e.product, 'GBPJPY');
    const at = (offset: number) => Math.round((gbpjpy + offset) * 1000) / 1000;
    await signal({
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: at(0),
      slPrice: at(0.75),
      t0Price: at(-0.85),
      t1Price: at(-2.15),
      status: 'active',
    });
    // A buy limit well below the simulated market (near 42,762), so the lifecycle leaves its levels as published.
    await signal({
      instrument: 'US30',
      direction: 'long',
      entryPrice: 41000,
      slPrice: 40880,
      t0Price: 41150,
      t1Price: 41300,
      status: 'limit',
    });
    await expectOk(
      admin.api.post('/api/blog-posts', {
        title: 'Position Sizing Is the Strategy',
        excerpt: 'Two traders can take the same signals and end the year in different places.',
        author: 'T0 Research Desk',
        content: 'First paragraph.\n\nSecond paragraph.',
        published: true,
      }),
      'post',
    );
    // The simulated feed fills its history on the first price refresh after start.
    await vi.waitFor(
      async () => {
        const res = await admin.api.get('/api/candles?symbol=US30&timeframe=monthly');
        if ((res.body?.candles?.length ?? 0) <= 50) throw new Error(`history not filled yet: ${res.status}`);
      },
      { timeout: 90_000, interval: 1000 },
    );
  }, 150_000);

  it('draws a subscriber’s signal with its four level lines and its open, and sizes it from the trading config', async () => {
    const sub = await e2e.user('subscriber');
    await expectOk(
      sub.api.post('/api/auth/trading-config', {
        positionSize: '1',
        riskTolerance: 'moderate',
        autoExecute: false,
        maxDailyTrades: '10',
        accountSize: 25000,
      }),
      'config',
    );
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/dashboard', { as: sub, viewport });
      await openTerminal(page);
      await page.getByTestId('signals-table').locator('tbody tr').filter({ hasText: 'US30' }).click();
      const dialog = page.getByTestId('signal-dialog');
      await dialog.waitFor();
      const chart = dialog.getByTestId('signal-price-chart');
      const state = await chartWithBars(chart);
      expect(state.series).toBe('Candlestick');
      expect(state.lines).toEqual([
        { title: 'ENTRY', price: 41000 },
        { title: 'STOP', price: 40880 },
        { title: 'T0', price: 41150 },
        { title: 'T1', price: 41300 },
      ]);
      expect(state.markers.map((m) => m.text)).toEqual(['OPEN']);
      // The last bar is where the live price is (the simulated US30 stays near 42,762).
      expect(Math.abs(state.lastClose / 42762 - 1)).toBeLessThan(0.2);

      // $25,000 × 1% = $250 over a 120-point stop at $1 a point per lot: 2.08 lots.
      const calc = dialog.getByTestId('risk-calculator');
      await calc.getByTestId('risk-lots').waitFor();
      expect(await calc.getByTestId('risk-lots').innerText()).toBe('2.08 LOTS');
      expect(await calc.getByTestId('risk-stop-pips').innerText()).toBe('120');
      expect(await calc.getByTestId('risk-at-stop').innerText()).toBe('-$249.60');
      expect(await calc.getByTestId('risk-at-t0').innerText()).toBe('$312.00');
      expect(await calc.getByTestId('risk-at-t1').innerText()).toBe('$624.00');
      await dialog.getByText('CHART · TIMES IN').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await e2e.shot(page, `terminal16-signal-dialog-${viewport}`, { fullPage: false });
      if (viewport === 'mobile') expect(await hasHorizontalScroll(page)).toBe(false);

      // Another timeframe: the same four lines on other bars.
      await dialog.getByText('4H', { exact: true }).click();
      await expect.poll(async () => (await chartState(chart)).bars).toBeGreaterThan(100);
      expect((await chartState(chart)).lines.map((l) => l.title)).toEqual(['ENTRY', 'STOP', 'T0', 'T1']);
      // A what-if account size in the dialog: $10,000 × 1% = $100 → 0.83 lots, $99.60 at the stop.
      await calc.getByLabel('ACCOUNT (USD)').fill('10000');
      await expect.poll(() => calc.getByTestId('risk-lots').innerText()).toBe('0.83 LOTS');
      expect(await calc.getByTestId('risk-at-stop').innerText()).toBe('-$99.60');
      if (viewport === 'desktop') {
        await e2e.shot(page, 'terminal16-signal-dialog-4h', { fullPage: false });
        await e2e.a11y(page);
      }
    }
  });

  it('renders the analysis charts from the product alone, with the vendor’s chart as a link', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: sub });
    const foreign: string[] = [];
    const origin = new URL(e2e.product.url).origin;
    context.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(req.url());
    });
    await page.reload();
    await openTerminal(page);
    const analysis = page.getByTestId('analysis-GBPJPY');
    await analysis.scrollIntoViewIfNeeded();
    const monthly = await chartWithBars(analysis.getByTestId('analysis-price-chart'));
    expect(monthly.series).toBe('Candlestick');
    expect(monthly.bars).toBeGreaterThanOrEqual(50);
    const link = analysis.getByRole('link', { name: /OPEN ON TRADINGVIEW/ });
    expect(await link.getAttribute('href')).toBe('https://www.tradingview.com/chart/?symbol=FX%3AGBPJPY&interval=1M');
    expect(await link.getAttribute('target')).toBe('_blank');
    await e2e.shot(page, 'terminal16-analysis-monthly', { fullPage: false });

    for (const [tab, interval] of [
      ['WEEKLY', '1W'],
      ['4H', '240'],
    ] as const) {
      await analysis.getByRole('tab', { name: tab, exact: true }).click();
      const state = await chartWithBars(analysis.getByTestId('analysis-price-chart'));
      expect(state.bars, tab).toBeGreaterThanOrEqual(100);
      expect(await analysis.getByRole('link', { name: /OPEN ON TRADINGVIEW/ }).getAttribute('href')).toContain(
        `interval=${interval}`,
      );
    }
    await page.getByRole('tab', { name: 'US30', exact: true }).click();
    await chartWithBars(page.getByTestId('analysis-US30').getByTestId('analysis-price-chart'));
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(foreign).toEqual([]);
    await e2e.a11y(page);
  });

  it('keeps the header in view after the auto-scroll to the terminal, on desktop and phone', async () => {
    const sub = await e2e.user('subscriber');
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/dashboard', { as: sub, viewport });
      await openTerminal(page);
      const header = page.getByTestId('terminal-header');
      // Scrolled to the terminal, which starts right below the header.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const head = document.querySelector('[data-testid="terminal-header"]')!.getBoundingClientRect();
              const terminal = document.getElementById('terminal')!.getBoundingClientRect();
              return (
                window.scrollY > 0 &&
                head.top === 0 &&
                terminal.top >= head.bottom - 1 &&
                terminal.top < head.bottom + 40
              );
            }),
          { timeout: 6000 },
        )
        .toBe(true);
      for (const control of [
        header.getByTestId('notification-bell'),
        header.getByRole('link', { name: 'Profile', exact: true }),
      ]) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
      }
      await e2e.shot(page, `terminal16-after-scroll-${viewport}`, { fullPage: false });
      // Further down, it is still there.
      await page.mouse.move(200, 400);
      // Wheel until the page's end (panels that load late make the page longer after a first wheel).
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, 20_000);
          return page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
        })
        .toBe(true);
      await page.waitForTimeout(200);
      expect((await header.boundingBox())!.y).toBe(0);
      expect(await header.getByTestId('notification-bell').isVisible()).toBe(true);
      if (viewport === 'mobile') expect(await hasHorizontalScroll(page)).toBe(false);
    }
  });

  it('labels only signal notifications with a direction, and opens an item in the notification center', async () => {
    const sub = await e2e.user('subscriber');
    const stamp = Date.now();
    const info = await expectOk(
      admin.api.post('/api/notifications', {
        title: `Maintenance ${stamp}`,
        message: 'Price servers go down at 22:00 UTC for ten minutes.',
        type: 'info',
        priority: 'normal',
      }),
      'info',
    );
    await expectOk(
      admin.api.post('/api/notifications', {
        title: `GBPJPY setup ${stamp}`,
        message: 'Sell the retest below 196.50.',
        type: 'signal',
        priority: 'high',
      }),
      'signal',
    );
    const page = await e2e.open('/dashboard', { as: sub });
    await openTerminal(page);
    await page.getByTestId('notification-bell').click();
    const popover = page.getByTestId('notifications-popover');
    const infoItem = popover.getByTestId('popover-item').filter({ hasText: `Maintenance ${stamp}` });
    const signalItem = popover.getByTestId('popover-item').filter({ hasText: `GBPJPY setup ${stamp}` });
    await infoItem.waitFor();
    // "go down" would read SHORT, but a broadcast is not a signal: it is labelled by its type.
    expect(await infoItem.locator('[data-direction]').count()).toBe(0);
    expect(await infoItem.locator('[data-type]').innerText()).toBe('INFO');
    expect(await signalItem.locator('[data-direction]').getAttribute('data-direction')).toBe('SHORT');
    await e2e.shot(page, 'terminal16-popover', { fullPage: false });
    await e2e.a11y(page);

    // A click anywhere on the item (here, by its message: the title's link covers the whole item) opens it.
    const message = (await infoItem.getByText('Price servers go down').boundingBox())!;
    const item = (await infoItem.boundingBox())!;
    await infoItem.click({ position: { x: message.x - item.x + 20, y: message.y - item.y + message.height / 2 } });
    await page.waitForURL((u) => u.pathname === '/system-status');
    expect(new URL(page.url()).searchParams.get('open')).toBeTruthy();
    const opened = page.locator('[data-opened="true"]');
    await opened.waitFor();
    expect(await opened.innerText()).toContain(`Maintenance ${stamp}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('NOTIFICATION CENTER');
    expect(info).toBeTruthy();
    await e2e.shot(page, 'terminal16-notification-center-opened', { fullPage: false });
    await e2e.a11y(page);
  });

  it('fits 390 px phones: terminal, profile, trading config, blog, notification center, checkout', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: sub, viewport: 'mobile' });
    await openTerminal(page);
    // The sparkline is drawn from 24 hours of bars read once per visit: a read made while a
    // just-started product was still writing its history draws none until the next read (5 min),
    // so the page is opened once more rather than waited out.
    const sparkline = page.getByTestId('watch-US30').locator('svg polyline');
    try {
      await sparkline.waitFor({ timeout: 15_000 });
    } catch {
      await page.reload();
      await openTerminal(page);
      await sparkline.waitFor({ timeout: 30_000 });
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
    // After the arrival's scroll to the terminal, back to the top for the first screen.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(0);
    await page.waitForTimeout(800);
    // As a reader would: the wheel (the page stops putting the terminal back in place).
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, -20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.waitForTimeout(300);
    await e2e.shot(page, 'terminal16-dashboard-top-mobile', { fullPage: false });
    await e2e.shot(page, 'terminal16-dashboard-mobile');
    await e2e.a11y(page);

    for (const [path, name, ready] of [
      ['/profile', 'profile', 'time-zone'],
      ['/profile?section=trading', 'trading', 'account-size'],
      ['/system-status', 'notification-center', 'active-alerts'],
    ] as const) {
      const p = await e2e.open(path, { as: sub, viewport: 'mobile' });
      await p.getByTestId(ready).waitFor({ timeout: 45_000 });
      await p.waitForTimeout(300);
      expect(await hasHorizontalScroll(p), path).toBe(false);
      await e2e.shot(p, `terminal16-${name}-mobile`);
    }

    // The blog list keeps its cards off the screen's edges.
    const blog = await e2e.open('/blog', { viewport: 'mobile' });
    await blog.getByTestId('blog-card').first().waitFor({ timeout: 45_000 });
    const card = (await blog.getByTestId('blog-card').first().boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(12);
    expect(card.x + card.width).toBeLessThanOrEqual(390 - 12);
    expect(await hasHorizontalScroll(blog)).toBe(false);
    await e2e.shot(blog, 'terminal16-blog-mobile');

    // The test-mode checkout has a way back.
    const buyer = await e2e.user('user');
    const started = await expectOk(
      buyer.api.post('/api/create-checkout-session', { email: buyer.email, plan: 'monthly' }),
      'checkout',
    );
    const target = new URL(started.url, e2e.product.url);
    const checkout = await e2e.open(target.pathname + target.search, {
      as: buyer,
      viewport: 'mobile',
      waitForApp: false,
    });
    const back = checkout.getByRole('link', { name: /Cancel and go back/ });
    await back.waitFor();
    expect(await hasHorizontalScroll(checkout)).toBe(false);
    await e2e.shot(checkout, 'terminal16-checkout-mobile');
    await back.click();
    await checkout.waitForURL((u) => u.pathname === '/');
  });

  it('plays the start-up screen once per browser session, and never with reduced motion', async () => {
    const { page } = await e2e.openWith('/', { waitForApp: false, startup: true });
    await page.getByTestId('startup-screen').waitFor();
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('landing-page').waitFor();
    // The pre-rendered page holds the screen's markup; it is shown only when it plays.
    expect(await page.getByTestId('startup-screen').isVisible()).toBe(false);

    const context = await e2e.browser.newContext({ reducedMotion: 'reduce', baseURL: e2e.product.url });
    try {
      const calm = await context.newPage();
      await calm.goto('/');
      await calm.getByTestId('landing-page').waitFor({ timeout: 30_000 });
      expect(await calm.getByTestId('startup-screen').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
