import { expect, it } from 'vitest';
import { describeE2E, setupE2E } from './harness';

// The live terminal: a connected tab polls nothing, and a signal the desk publishes reaches the
// subscriber's table (toast, highlighted row) within two seconds.

describeE2E('live terminal', () => {
  // A product of its own: its subscriber's table starts empty and counts every open signal.
  const e2e = setupE2E({ ownProduct: true });

  it('shows LIVE with a measured round trip, and an idle connected tab sends no polling request for 60 s', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: sub, clock: true });
    const state = page.getByTestId('live-state');
    await page.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 10_000 });
    expect(await state.textContent()).toBe('LIVE');
    expect(await page.getByTestId('round-trip').textContent()).toMatch(/^RTT \d+ms$/);
    await e2e.shot(page, 'live-header-1280');
    // The panels below the table ask for their data once, after the table has painted (one batch
    // with the blog's posts): the idle minute starts once that first read has answered.
    await page.locator('#blog').waitFor();
    await expect.poll(() => page.getByLabel('Loading blog posts').count(), { timeout: 20_000 }).toBe(0);
    await page.waitForTimeout(1_000);

    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (
        (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/api')) &&
        !url.pathname.startsWith('/trpc/live.events')
      )
        requests.push(url.pathname);
    });
    // A minute of the page's time in about 20 s: its clock runs three times as fast (each second it
    // moves 2 s on, firing every timer the page set on time), while the server's pings (every 10 s)
    // keep coming, about 30 s apart in the page's time, within the stream's 40 s of allowed silence.
    const pageNow = () => page.evaluate(() => Date.now());
    const from = await pageNow();
    while ((await pageNow()) - from < 60_000) {
      await page.clock.runFor(2_000);
      await page.waitForTimeout(1_000);
    }
    expect(requests).toEqual([]);
    expect(await state.getAttribute('data-state')).toBe('live');

    const phone = await e2e.open('/dashboard', { as: sub, viewport: { width: 390, height: 844 } });
    await phone.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 10_000 });
    await e2e.shot(phone, 'live-header-390');
  }, 120_000);

  it('puts a published signal in the subscriber table with a toast and a highlighted row within 2 s', async () => {
    const [admin, sub] = await Promise.all([e2e.user('admin'), e2e.user('subscriber')]);
    const page = await e2e.open('/dashboard', { as: sub });
    await page.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 10_000 });
    await page.getByText('No active signals found').waitFor();
    const table = page.getByTestId('signals-table');

    const started = Date.now();
    const res = await admin.api.post('/api/signals', {
      instrument: 'US30',
      direction: 'short',
      status: 'limit',
      entryPrice: 90000,
      slPrice: 91000,
      t0Price: 89000,
      t1Price: 88000,
      monthlyBias: 'Bearish',
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const id = (res.body as { id: number }).id;
    await page.getByText('NEW SIGNAL: US30 SHORT').waitFor({ timeout: 2_000 });
    const row = table.locator('tr[data-highlighted="true"]', { hasText: 'US30' });
    await row.waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await e2e.shot(page, 'live-new-signal');
    // The counts follow: the new signal is the only one, still in the table after the toast.
    expect(await table.locator('tr', { hasText: 'US30' }).count()).toBe(1);
    await page
      .getByText('TOTAL SIGNALS')
      .locator('xpath=ancestor::*[contains(@class,"Paper")][1]')
      .getByText('1', { exact: true })
      .waitFor({ timeout: 2_000 });

    // An edit changes the row in place; the highlight fades after a few seconds.
    const paused = await admin.api.request('PUT', `/api/signals/${id}`, { status: 'paused' });
    expect(paused.status, JSON.stringify(paused.body)).toBeLessThan(300);
    await table
      .locator('tr', { hasText: 'US30' })
      .getByText(/paused/i)
      .waitFor({ timeout: 2_000 });
    await table.locator('tr[data-highlighted="true"]').waitFor({ state: 'detached', timeout: 10_000 });
  }, 60_000);

  it('raises the bell when the desk broadcasts a notification', async () => {
    const [admin, sub] = await Promise.all([e2e.user('admin'), e2e.user('subscriber')]);
    const page = await e2e.open('/dashboard', { as: sub });
    await page.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 10_000 });
    const bell = page.getByTestId('notification-bell').first();
    await bell.waitFor();
    const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);
    const before = await unread();
    const res = await admin.api.post('/api/notifications', {
      title: 'Desk broadcast',
      message: 'Servers restart at 22:00 UTC.',
      type: 'info',
      priority: 'normal',
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await expect.poll(unread, { timeout: 3_000, interval: 100 }).toBe(before + 1);
    await e2e.shot(page, 'live-bell');
  }, 60_000);
});
