import { POLL } from '@t0/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, downloadedBytes, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// The subscriber terminal against the built product: content is published by an
// administrator through the REST API, then read in Chromium by subscribers and other accounts.

const MEMO_TEXT = 'GBPJPY keeps failing under the 197.00 weekly supply; shorts on retests while 197.20 holds.';
const NOTE_TEXT = 'Monthly: range top at 198.00, expect mean reversion.';
const RESOURCE_TEXT = 'T0 risk checklist\n1. Size every position at 1%.\n2. Move the stop to break-even at T0.\n';

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Waits until the terminal's sections have their data (signals table rendered). The first render
 * waits longer than the harness default: on a loaded machine the bundle can take a while to start.
 */
async function openTerminal(page: Page) {
  page.setDefaultTimeout(30_000);
  await page.getByTestId('DashboardPage').waitFor({ timeout: 45_000 });
  await page.getByTestId('signals-table').waitFor();
}

const unreadLabel = (page: Page) => page.getByTestId('notification-bell').getAttribute('aria-label');

describeE2E('subscriber terminal', () => {
  // Market signals are published at the live price: a scripted feed stands at their entries.
  const e2e = setupE2E({ feed: { AUDUSD: 0.6, US30: 42000, GBPJPY: 196.45 } });
  let admin: TestUser;
  const posts: { id: number; title: string; excerpt: string }[] = [];
  let resourceUrl = '';
  let imageUrl = '';

  beforeAll(async () => {
    admin = await e2e.user('admin');
    const api = admin.api;
    const signal = (body: Record<string, unknown>) =>
      expectOk(api.post('/api/signals', { monthlyBias: 'Bullish', ...body }), 'signal');
    // Closed signals come from the lifecycle: published at market, then closed at market once the
    // feed stands at the exit (or already closed by the price watcher when it got there first).
    const closedSignal = async (body: Record<string, unknown>, exitPrice: number) => {
      const s = await signal(body);
      await e2e.movePrice(body.instrument as string, exitPrice);
      const res = await api.post(`/api/signals/${s.id}/close`, { exitPrice });
      if (res.status !== 200 && res.status !== 409) throw new Error(`close: ${res.status} ${JSON.stringify(res.body)}`);
    };
    await closedSignal(
      {
        instrument: 'AUDUSD',
        direction: 'long',
        entryPrice: 0.6,
        slPrice: 0.55,
        t0Price: 0.62,
        t1Price: 0.64,
        confidence: 70,
      },
      0.63,
    );
    await closedSignal(
      { instrument: 'US30', direction: 'long', entryPrice: 42000, slPrice: 41500, t0Price: 42500, t1Price: 43000 },
      42600,
    );
    await signal({
      instrument: 'GBPJPY',
      direction: 'short',
      entryPrice: 196.45,
      slPrice: 197.2,
      t0Price: 195.6,
      t1Price: 194.3,
      status: 'active',
      confidence: 92,
      monthlyBias: 'Bearish',
      memo: 'Weekly supply rejection; sell the retest below 196.50',
    });
    // A chart image uploaded to a signed URL (a real 1×1 PNG), then attached to the memo.
    const image = await expectOk(
      api.post('/api/chart-memos/upload-image', { fileName: 'gbpjpy-monthly.png' }),
      'image url',
    );
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const putImage = await fetch(new URL(image.uploadURL, e2e.product.url), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(putImage.status).toBe(200);
    imageUrl = ((await putImage.json()) as { objectPath: string }).objectPath;
    await expectOk(
      api.request('PUT', '/api/chart-memos/GBPJPY', {
        memoText: MEMO_TEXT,
        keyLevels: '197.20 invalidation\n195.60 T0',
        memoImageUrls: [imageUrl],
      }),
      'memo',
    );
    await expectOk(
      api.post('/api/chart-notes', { instrument: 'GBPJPY', timeframe: 'Monthly', content: NOTE_TEXT }),
      'note',
    );
    for (const [title, excerpt] of [
      ['Why We Wait for the Retest', 'Chasing a breakout buys the worst price of the move.'],
      [
        'Position Sizing Is the Strategy',
        'Two traders can take the same signals and end the year in different places.',
      ],
    ] as const) {
      const post = await expectOk(
        api.post('/api/blog-posts', {
          title,
          excerpt,
          author: 'T0 Research Desk',
          content: `${title}: first paragraph.\n\nSecond paragraph of ${title}.`,
          published: true,
        }),
        'post',
      );
      posts.push({ id: post.id, title, excerpt });
    }
    // A document uploaded to a signed URL, then published as a resource.
    const { uploadURL } = await expectOk(
      api.post('/api/resources/upload', { fileName: 'risk-checklist.txt' }),
      'upload url',
    );
    const put = await fetch(new URL(uploadURL, e2e.product.url), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: RESOURCE_TEXT,
    });
    const stored = (await put.json()) as { objectPath: string; fileSize: number };
    expect(put.status).toBe(200);
    resourceUrl = stored.objectPath;
    await expectOk(
      api.post('/api/resources', {
        title: 'Risk Checklist',
        description: 'Run through it before every trade.',
        category: 'risk-management',
        fileUrl: resourceUrl,
        fileName: 'risk-checklist.txt',
        fileType: 'text/plain',
        fileSize: stored.fileSize,
      }),
      'resource',
    );
  });

  it('shows a subscriber the admin’s signals; the dialog copies a price', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: sub });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.product.url });
    await openTerminal(page);

    // Active first, then the newest; memo cut at 15 characters; P&L floating from the live price.
    const rows = page.getByTestId('signals-table').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    const first = await rows.first().innerText();
    expect(first).toContain('GBPJPY');
    expect(first).toContain('SHORT');
    expect(first).toContain('196.450');
    expect(first).toContain('Weekly supply r...');
    expect(first).toMatch(/pips · [+−]?\d+\.\d\dR/);
    await expect
      .poll(() => page.getByTestId('stat-cards').innerText())
      .toMatch(/ACTIVE SIGNALS\s*1[\s\S]*TOTAL SIGNALS\s*3/);

    // Heat map: the open trade's floating result first, then the two closed signals' real outcomes.
    // (Drawn once the table has painted, with the other panels below it.)
    await page.getByTestId('heatmap').waitFor();
    const cells = page.getByTestId('heatmap').locator('[data-heat-state]');
    expect(await cells.count()).toBe(3);
    expect(await cells.first().innerText()).toContain('GBPJPY');
    expect(await cells.first().getAttribute('data-heat-kind')).toBe('open');
    expect(await cells.nth(1).getAttribute('data-heat-kind')).toBe('closed');

    // Subscriber analysis: memo, key levels and the monthly note; the chart is our own (no third party).
    const analysis = page.getByTestId('analysis-GBPJPY');
    await analysis.getByTestId('memo-text').waitFor();
    expect(await analysis.getByTestId('memo-text').innerText()).toBe(MEMO_TEXT);
    expect(await analysis.innerText()).toContain('197.20 invalidation');
    // The notes are their own read: the box is there before its text.
    await expect.poll(() => analysis.getByTestId('timeframe-note').innerText()).toContain(NOTE_TEXT);
    await analysis.getByTestId('analysis-price-chart').waitFor();
    // A memo image opens in a new tab.
    const imageLink = analysis.getByRole('link', { name: 'Open GBPJPY chart image 1 in a new tab' });
    expect(await imageLink.getAttribute('target')).toBe('_blank');
    const [imageTab] = await Promise.all([context.waitForEvent('page'), imageLink.click()]);
    await imageTab.waitForLoadState();
    expect(new URL(imageTab.url()).pathname).toBe(imageUrl);
    await imageTab.close();
    await analysis.getByRole('tab', { name: 'WEEKLY' }).click();
    expect(await analysis.getByTestId('timeframe-note').innerText()).toContain(
      'No analysis notes available for WEEKLY timeframe.',
    );
    await page.getByRole('tab', { name: 'AUDUSD' }).click();
    expect(await page.getByTestId('analysis-AUDUSD').getByTestId('memo-text').innerText()).toBe(
      '[No analysis notes available]',
    );
    await e2e.shot(page, 'terminal-dashboard');
    await e2e.a11y(page);

    await rows.first().click();
    const dialog = page.getByTestId('signal-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('dialog-entry').innerText()).toBe('196.450');
    expect(await dialog.getByTestId('dialog-stop-loss').innerText()).toBe('197.200');
    const text = await dialog.innerText();
    expect(text).toContain('Bearish');
    expect(text).toContain('CLOSE TERMINAL');
    await expect.poll(() => dialog.getByTestId('confidence-label').innerText()).toBe('Very High');
    await expect.poll(() => dialog.getByRole('meter').getAttribute('aria-valuenow')).toBe('92');

    await dialog.getByRole('button', { name: 'Copy entry' }).click();
    await page.getByText('Copied!').waitFor();
    expect(await dialog.locator('[data-copied]').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('196.450');
    await e2e.shot(page, 'terminal-dialog-copied');
    // The check mark goes after 2 s.
    await expect.poll(() => dialog.locator('[data-copied]').count(), { timeout: 4000 }).toBe(0);
    await e2e.a11y(page);

    await dialog.getByRole('button', { name: 'CLOSE TERMINAL' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('paints the signals table before the panels below it are asked for', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: sub, waitForApp: false });
    // The panels below the table (heat map, analysis, blog, resources) are one chunk: how many
    // table rows are on screen when the browser asks for it. Routing also turns the cache off.
    const rowsWhenAsked: number[] = [];
    await page.route(/\/assets\/SecondaryPanels-[\w-]+\.js$/, async (route) => {
      rowsWhenAsked.push(await page.getByTestId('signals-table').locator('tbody tr').count());
      await route.continue();
    });
    await page.reload();
    await openTerminal(page);
    await page.getByTestId('heatmap').waitFor();
    await page.locator('#blog').waitFor();
    expect(rowsWhenAsked).toEqual([3]);
    await context.close();
  });

  it('locks analysis and hides the heat map without a subscription; the API withholds memo text', async () => {
    // The server withholds analysis from a signed-in account without a subscription.
    const user = await e2e.user('user');
    const memos = await expectOk(user.api.get('/api/chart-memos'), 'memos as user');
    const memo = memos.find((m: { instrument: string }) => m.instrument === 'GBPJPY');
    expect(memo).toMatchObject({ locked: true, memoText: '', keyLevels: '', memoImageUrls: [] });
    expect(JSON.stringify(memos)).not.toContain('weekly supply');
    const notes = await expectOk(user.api.get('/api/chart-notes'), 'notes as user');
    expect(JSON.stringify(notes)).not.toContain('range top');

    // Such an account is shown the landing page at /dashboard: no terminal, no heat map.
    const landing = await e2e.open('/dashboard', { as: user });
    await landing.getByTestId('landing-page').waitFor({ timeout: 45_000 });
    expect(await landing.getByTestId('DashboardPage').count()).toBe(0);
    expect(await landing.getByTestId('heatmap').count()).toBe(0);

    // A subscription that ends while the terminal is open and its live stream is down (a proxy
    // that drops it): once the memos are stale (30 s) the next section shown asks again, the
    // server answers locked, and the page follows it.
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: sub, clock: true });
    await context.route(/\/trpc\/live\./, (route) => route.abort());
    await page.reload();
    await openTerminal(page);
    await page.getByTestId('analysis-GBPJPY').getByTestId('memo-text').waitFor();
    await page.getByTestId('heatmap').waitFor();
    await expectOk(sub.api.post('/api/test/deactivate-subscription', { email: sub.email }), 'deactivate');
    // The page's clock (its timers and Date.now()) moves on past the memos' freshness: they are stale.
    await page.clock.fastForward(POLL.chartMemosStaleMs + 1_000);
    await page.getByRole('tab', { name: 'GBPUSD' }).click();
    await page.getByRole('tab', { name: 'GBPJPY' }).click();
    const analysis = page.getByTestId('analysis-GBPJPY');
    await analysis.getByTestId('memo-locked').waitFor();
    const text = await analysis.innerText();
    expect(text).toContain('PREMIUM ANALYSIS LOCKED');
    expect(text).toContain('LOGIN TO UNLOCK COMPLETE T0 ANALYSIS');
    expect(text).toContain('[TIMEFRAME NOTES HIDDEN — SUBSCRIBERS ONLY]');
    expect(text).not.toContain(MEMO_TEXT);
    expect(text).not.toContain(NOTE_TEXT);
    await page.getByTestId('heatmap').waitFor({ state: 'detached' });
    await e2e.shot(page, 'terminal-locked');
    await e2e.a11y(page);
  }, 120_000);

  it('follows a subscription that ends while the terminal is open, at once over the live stream', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: sub });
    await openTerminal(page);
    await page.getByTestId('heatmap').waitFor();
    await page.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 10_000 });
    await expectOk(sub.api.post('/api/test/deactivate-subscription', { email: sub.email }), 'deactivate');
    // account.changed: the account is read again and the route shows what a non-subscriber sees.
    await page.getByTestId('landing-page').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('heatmap').count()).toBe(0);
    expect(await page.getByText(MEMO_TEXT).count()).toBe(0);
  });

  it('raises the badge for a broadcast within 5 s; mark read lowers it; system status moves it', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: sub });
    await openTerminal(page);
    expect(await unreadLabel(page)).toBe('Notifications');

    const title = `Weekly outlook ${Date.now()}`;
    await expectOk(
      admin.api.post('/api/notifications', {
        title,
        message: 'Quiet open expected tonight.',
        type: 'info',
        priority: 'high',
      }),
      'broadcast',
    );
    const sentAt = Date.now();
    await expect.poll(() => unreadLabel(page), { timeout: 6000, interval: 200 }).toBe('Notifications, 1 unread');
    expect(Date.now() - sentAt).toBeLessThan(6000);

    await page.getByTestId('notification-bell').click();
    const popover = page.getByTestId('notifications-popover');
    await popover.waitFor();
    const item = popover.getByTestId('popover-item').filter({ hasText: title });
    // An info broadcast is labelled by its type, not as a signal.
    expect(await item.locator('[data-type]').innerText()).toBe('INFO');
    await e2e.shot(page, 'terminal-notifications-popover');
    await e2e.a11y(page);
    await item.getByRole('button', { name: `Mark "${title}" read` }).click();
    await expect.poll(() => unreadLabel(page)).toBe('Notifications');
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');

    const status = await e2e.open('/system-status', { as: sub });
    status.setDefaultTimeout(30_000);
    const active = status.getByTestId('active-alerts');
    const processed = status.getByTestId('processed-alerts');
    await processed.getByText(title).waitFor();
    expect(await active.getByText(title).count()).toBe(0);
    expect(await status.getByRole('button', { name: 'MARK ALL READ' }).count()).toBe(0);

    await processed.getByRole('button', { name: `MARK UNREAD: ${title}` }).click();
    await status.getByText('Notification marked as unread').waitFor();
    await active.getByText(title).waitFor();
    await expect.poll(() => status.getByTestId('unread-count').innerText()).toBe('1');
    expect(await processed.getByText(title).count()).toBe(0);
    await status.getByRole('button', { name: 'MARK ALL READ' }).waitFor();
    await e2e.shot(status, 'system-status-active');
    await e2e.a11y(status);

    await active.getByRole('button', { name: `MARK READ: ${title}` }).click();
    await status.getByText('Notification marked as read').waitFor();
    await processed.getByText(title).waitFor();
    await expect.poll(() => status.getByTestId('unread-count').innerText()).toBe('0');
    expect(await active.getByText('NO ALERTS DETECTED').count()).toBe(1);
    await e2e.shot(status, 'system-status-processed');
  });

  it('goes from the blog list to a post and back to the terminal’s blog section', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/blog', { as: sub });
    page.setDefaultTimeout(30_000);
    await page.getByTestId('blog-card').first().waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('blog-card').count()).toBe(2);
    expect(await page.getByTestId('blog-count').innerText()).toBe('2 INSIGHTS PUBLISHED');
    expect(await page.title()).toBe('TRADING INSIGHTS | T0 Terminal');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Trading insights/);
    expect(await page.getByRole('link', { name: 'BACK TO TERMINAL' }).getAttribute('href')).toBe('/dashboard');
    await e2e.shot(page, 'blog-list');
    await e2e.a11y(page);

    const newest = posts[posts.length - 1]!;
    await page.getByRole('link', { name: `READ FULL ANALYSIS: ${newest.title}` }).click();
    await page.getByTestId('blog-post').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${newest.id}`);
    expect(await page.title()).toBe(`${newest.title} | T0 Terminal`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(newest.excerpt);
    expect(await page.getByTestId('blog-content').locator('p').count()).toBe(2);
    expect(await page.getByTestId('blog-post').innerText()).toContain('T0 Research Desk');
    await e2e.shot(page, 'blog-post');
    await e2e.a11y(page);

    await page.getByRole('link', { name: 'BACK TO INSIGHTS' }).click();
    await page.getByTestId('DashboardPage').waitFor();
    // The parameter is removed and the blog section is scrolled into view.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // At the top of the window, or as near as the page can scroll (the section is close to its end).
    const blogInView = () =>
      page.evaluate(() => {
        // Measured from the bottom of the sticky header, which the section stops below.
        const header = document.querySelector('[data-testid="terminal-header"]')?.getBoundingClientRect().bottom ?? 0;
        const top = document.getElementById('blog')!.getBoundingClientRect().top - header;
        const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        return window.scrollY > 0 && (Math.abs(top) < 60 || (atBottom && top >= 0 && top < window.innerHeight));
      });
    await expect.poll(blogInView, { timeout: 5000 }).toBe(true);

    // Public: a visitor reads the list, goes back home, and an unknown post is not found.
    const visitor = await e2e.open('/blog');
    visitor.setDefaultTimeout(30_000);
    await visitor.getByTestId('blog-card').first().waitFor({ timeout: 45_000 });
    expect(await visitor.getByRole('link', { name: 'BACK TO HOME' }).getAttribute('href')).toBe('/');
    await visitor.goto('/blog/999999');
    await visitor.getByText('Blog post not found').waitFor();
  });

  it('downloads a resource in a new tab', async () => {
    const sub = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/dashboard', { as: sub });
    await openTerminal(page);
    const item = page.getByTestId('resource-item').filter({ hasText: 'Risk Checklist' });
    await item.waitFor();
    expect(await item.innerText()).toContain(`${RESOURCE_TEXT.length} Bytes`);
    const link = item.getByRole('link', { name: 'DOWNLOAD: Risk Checklist' });
    expect(await link.getAttribute('target')).toBe('_blank');
    // The new tab turns into a download of the stored file (served as an attachment).
    const [tab, download] = await Promise.all([
      context.waitForEvent('page'),
      page.waitForEvent('download'),
      link.click(),
    ]);
    expect(tab).toBeTruthy();
    expect(new URL(download.url()).pathname).toBe(resourceUrl);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    expect((await downloadedBytes(download)).toString('utf8')).toBe(RESOURCE_TEXT);
  });

  it('fits a 390 px wide phone', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: sub, viewport: 'mobile' });
    await openTerminal(page);
    // Without ?scrollTo the page scrolls to the signals terminal (500 ms after arrival), just below the sticky header.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const header = document.querySelector('[data-testid="terminal-header"]')!.getBoundingClientRect().bottom;
            const top = document.getElementById('terminal')!.getBoundingClientRect().top;
            (window as any).__scrollState = { y: window.scrollY, top, header };
            return window.scrollY > 0 && Math.abs(top - header) < 40;
          }),
        { timeout: 5000, message: 'scrolled to the terminal below the header' },
      )
      .toBe(true)
      .catch(async (err) => {
        throw new Error(`${err.message}: ${JSON.stringify(await page.evaluate(() => (window as any).__scrollState))}`);
      });
    await page.getByTestId('analysis-GBPJPY').getByTestId('memo-text').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The essential columns stay in view without scrolling the table.
    for (const name of ['SYMBOL', 'DIRECTION', 'ENTRY', 'STATUS']) {
      const box = await page
        .getByTestId('signals-table')
        .getByRole('columnheader', { name: new RegExp(`^${name}`) })
        .boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await e2e.shot(page, 'terminal-mobile');
    await e2e.a11y(page);

    const status = await e2e.open('/system-status', { as: sub, viewport: 'mobile' });
    await status.getByTestId('active-alerts').waitFor({ timeout: 45_000 });
    expect(await hasHorizontalScroll(status)).toBe(false);
    await e2e.shot(status, 'system-status-mobile');
  });
});
