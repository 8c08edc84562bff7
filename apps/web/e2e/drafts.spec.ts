import { POLL } from '@t0/contracts';
import { expect, it } from 'vitest';
import { consoleReady, openTab, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// TradingView alerts into drafts in the browser: the console's TRADINGVIEW SOURCES make a webhook
// URL (shown once), an alert posted to it as TradingView does becomes a draft in the SIGNALS tab's
// DRAFTS list, and the desk publishes one and discards another, at 1440 and 390 px.

/** What TradingView posts once `{{ticker}}` and `{{close}}` are filled in (text/plain: it does not check JSON). */
const alertBody = (over: Record<string, string>) =>
  JSON.stringify({
    instrument: 'FX:GBPUSD',
    direction: 'buy',
    orderType: 'limit',
    entry: '1.33000',
    stop: '1.32500',
    t0: '1.33600',
    t1: '1.34200',
    memo: 'H4 demand retest',
    ...over,
  });

describeE2E('TradingView drafts', () => {
  // No chart history: nothing here draws a chart, and the first start is quicker.
  const e2e = setupE2E({ env: { PRICE_HISTORY: 'false' } });

  it('creates a source, receives alerts as drafts, publishes and discards them, at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123', { as: admin, clock: true });
    await consoleReady(page);
    await openTab(page, 'SIGNALS');
    const drafts = page.getByTestId('drafts-section');
    await drafts.getByText('NO DRAFTS').waitFor();

    const sources = page.getByTestId('alert-sources-section');
    await sources.getByLabel('Source name').fill('H4 demand zones');
    await sources.getByLabel("Telegram message to the desk's chat when a draft arrives").check();
    await sources.getByRole('button', { name: 'CREATE SOURCE' }).click();
    const url = (await page.getByTestId('new-alert-source-url').textContent())!.trim();
    expect(url).toMatch(new RegExp(`^${e2e.product.url}/api/inbound/alerts/[A-Za-z0-9_-]{43}$`));
    await sources.getByTestId('alert-sources-table').getByText('H4 demand zones').waitFor();

    const post = (body: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' }, body });
    expect((await post(alertBody({}))).status).toBe(201);
    expect(
      (
        await post(
          alertBody({
            instrument: 'AUDUSD',
            direction: 'sell',
            entry: '0.65500',
            stop: '0.65800',
            t0: '0.65200',
            t1: '0.65000',
            memo: 'Range top',
          }),
        )
      ).status,
    ).toBe(201);
    expect((await post('{"instrument": "FX:GBPUSD"}')).status).toBe(400);

    // The list's next poll brings them: the page's clock moves on instead of the test waiting.
    await page.clock.fastForward(POLL.signalDraftsMs);
    const table = drafts.getByTestId('drafts-table');
    await table.getByText('AUDUSD').waitFor();
    await drafts.getByText('DRAFTS (2)').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'drafts-console-desktop');
    await e2e.a11y(page);

    // Publish the GBPUSD limit: it becomes a signal like any other.
    await page
      .getByRole('button', { name: /^Publish draft \d+$/ })
      .last()
      .click();
    await page.getByRole('dialog').getByText('GBPUSD LONG LIMIT: entry 1.33000').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'PUBLISH' }).click();
    await toastTitled(page, 'SIGNAL PUBLISHED').waitFor();
    await drafts.getByText('DRAFTS (1)').waitFor();
    const signals = (await admin.api.get('/api/signals')).body as Array<{
      instrument: string;
      status: string;
      memo: string;
    }>;
    expect(signals.find((s) => s.memo === 'H4 demand retest')).toMatchObject({ instrument: 'GBPUSD', status: 'limit' });

    // Discard the other.
    await page.getByRole('button', { name: /^Discard draft \d+$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'DISCARD' }).click();
    await toastTitled(page, 'DRAFT DISCARDED').waitFor();
    await drafts.getByText('NO DRAFTS').waitFor();

    // 390 px: a new draft and the sources, without sideways scrolling.
    expect((await post(alertBody({ memo: 'Second touch' }))).status).toBe(201);
    const mobile = await e2e.open('/admin123?tab=signals', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('drafts-table').getByText('GBPUSD').waitFor();
    await mobile.getByTestId('alert-sources-table').getByText('H4 demand zones').waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(mobile, 'drafts-console-mobile');
    await mobile.getByTestId('alert-sources-section').scrollIntoViewIfNeeded();
    await e2e.shot(mobile, 'drafts-sources-mobile');
  });
});
