import { POLL } from '@t0/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// In Chromium against the built product: the levels of open signals are withheld from
// an account without a subscription and shown as locked; /api/logout reached from another site
// asks to confirm, while our own links sign out at once.

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

const row = (page: Page, instrument: string) =>
  page.getByTestId('signals-table').getByRole('row', { name: new RegExp(`^${instrument} `) });

describeE2E('premium signal levels and sign-out from another site', () => {
  // Market signals are published at the live price: a scripted feed stands at their entries.
  const e2e = setupE2E({ feed: { GBPJPY: 196.45, US30: 42000 } });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await e2e.user('admin');
    const signal = (body: Record<string, unknown>) =>
      expectOk(admin.api.post('/api/signals', { monthlyBias: 'Bearish', ...body }), 'signal');
    await signal({
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 196.45,
      slPrice: 197.2,
      t0Price: 195.6,
      t1Price: 194.3,
      status: 'active',
      memo: 'Sell the retest below 196.50',
    });
    // Closed at market by the administrator when the feed reaches 42,500 (short of its targets).
    const closed = await signal({
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41500,
      t0Price: 45000,
      t1Price: 46000,
      status: 'active',
      monthlyBias: 'Bullish',
    });
    await e2e.movePrice('US30', 42500);
    await expectOk(admin.api.post(`/api/signals/${closed.id}/close`, { exitPrice: 42500 }), 'close');
  });

  it('shows a lapsed subscriber the open signal’s levels as locked, and the closed one whole', async () => {
    const desktopSub = await e2e.user('subscriber');
    const mobileSub = await e2e.user('subscriber');
    // Their live streams are down (a proxy that drops them): over the stream the page would leave
    // the terminal at once (account.changed); while it is down the signal list's poll brings the lock.
    const withoutStream = async (opts: Parameters<typeof e2e.openWith>[1]) => {
      const { page, context } = await e2e.openWith('/dashboard', opts);
      await context.route(/\/trpc\/live\./, (route) => route.abort());
      await page.reload();
      return page;
    };
    const desktop = await withoutStream({ as: desktopSub, clock: true });
    const mobile = await withoutStream({ as: mobileSub, viewport: 'mobile', clock: true });
    await openTerminal(desktop);
    await openTerminal(mobile);
    // While subscribed: every level.
    expect(await row(desktop, 'GBPJPY').innerText()).toContain('196.450');

    // The subscriptions end; the next poll of the signal list brings the locked view. Each page's
    // clock moves on past the poll's interval instead of the test waiting for it.
    for (const sub of [desktopSub, mobileSub])
      await expectOk(sub.api.post('/api/test/deactivate-subscription', { email: sub.email }), 'deactivate');
    for (const page of [desktop, mobile]) {
      expect(await row(page, 'GBPJPY').locator('[data-locked="true"]').count()).toBe(0);
      await page.clock.fastForward(POLL.signalsDashboardMs + 1_000);
      await expect
        .poll(() => row(page, 'GBPJPY').locator('[data-locked="true"]').count(), { timeout: 20_000, interval: 250 })
        .toBeGreaterThan(0);
    }

    const open = row(desktop, 'GBPJPY');
    expect(await open.getAttribute('aria-label')).toContain('levels locked');
    const openText = await open.innerText();
    expect(openText).toContain('LOCKED');
    for (const figure of ['196.450', '197.200', '195.600', '194.300', 'Sell the retest'])
      expect(openText).not.toContain(figure);
    const closedText = await row(desktop, 'US30').innerText();
    expect(closedText).toContain('42,000.00');
    expect(closedText).not.toContain('LOCKED');
    expect(await row(mobile, 'GBPJPY').innerText()).toContain('LOCKED');
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(desktop, 'signals-locked-desktop');
    await e2e.shot(mobile, 'signals-locked-mobile');

    // The dialog shows the lock and the way to unlock it instead of the levels.
    await open.click();
    const dialog = desktop.getByTestId('signal-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('dialog-entry').count()).toBe(0);
    const dialogText = await dialog.innerText();
    expect(dialogText).toContain('SIGNAL LOCKED');
    expect(dialogText).toContain('This signal is open in a room your plan does not include');
    expect(dialogText).not.toContain('Sell the retest');
    // UPGRADE: the plan choice, or the billing while the page still holds the account as subscribed; for the signal's room.
    expect(await dialog.getByTestId('dialog-upgrade').getAttribute('href')).toMatch(
      /^\/(subscribe\?|profile\?section=billing&)room=main$/,
    );
    await e2e.shot(desktop, 'signal-dialog-locked', { fullPage: false });
    await e2e.a11y(desktop);
    await dialog.getByRole('button', { name: 'CLOSE TERMINAL' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The closed signal's dialog keeps its copyable levels.
    await row(desktop, 'US30').click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('dialog-entry').innerText()).toBe('42,000.00');
    await row(mobile, 'GBPJPY').click();
    await mobile.getByTestId('signal-dialog').getByText('SIGNAL LOCKED').waitFor();
    await e2e.shot(mobile, 'signal-dialog-locked-mobile', { fullPage: false });
  }, 150_000);

  it('asks to confirm a sign-out that comes from another site, and signs out on the button', async () => {
    const user = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: user });
    await openTerminal(page);
    // Another site linking to our sign-out address (served in the browser, nothing leaves the machine).
    const foreign = 'http://elsewhere.example';
    await context.route(`${foreign}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Elsewhere</title><a id="out" href="${e2e.product.url}/api/logout">free prizes</a>`,
      }),
    );
    await page.goto(`${foreign}/`);
    await page.click('#out');
    await page.getByRole('heading', { name: 'SIGN OUT?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/api/logout');
    // Still signed in.
    expect((await page.request.get(`${e2e.product.url}/api/auth/user`)).status()).toBe(200);
    await e2e.shot(page, 'logout-confirm-desktop');
    await e2e.a11y(page, { includeStartup: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'logout-confirm-mobile');

    await page.getByRole('button', { name: 'SIGN OUT' }).click();
    await page.waitForURL(`${e2e.product.url}/`);
    expect((await page.request.get(`${e2e.product.url}/api/auth/user`)).status()).toBe(401);
  });

  it('signs out at once through our own LOGOUT link', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: user });
    await openTerminal(page);
    await page.getByRole('link', { name: 'LOGOUT' }).first().click();
    await page.waitForURL(`${e2e.product.url}/`);
    await page.getByTestId('landing-page').waitFor({ timeout: 30_000 });
    expect((await page.request.get(`${e2e.product.url}/api/auth/user`)).status()).toBe(401);
    expect(await page.getByRole('heading', { name: 'SIGN OUT?' }).count()).toBe(0);
  });
});
