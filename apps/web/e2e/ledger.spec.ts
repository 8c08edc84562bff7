import { expect, it } from 'vitest';
import { consoleReady, nextDownload, openTab } from './admin-helpers';
import { describeE2E, downloadedBytes, hasHorizontalScroll, setupE2E } from './harness';

// The console's LEDGER: test-mode payments and a simulated chargeback, the dispute flagged, the
// month's dispute rate past its threshold with the alert, and the CSV. A product of its own: the
// ledger and its rate count every payment the product took.

describeE2E('ledger', () => {
  const e2e = setupE2E({ ownProduct: true });

  it('shows payments and a flagged dispute with the rate alert at 1440 and 390 px, and exports CSV', async () => {
    const admin = await e2e.user('admin');
    const buyers = [await e2e.user('subscriber'), await e2e.user('subscriber'), await e2e.user('subscriber')];
    const disputed = buyers[0]!;
    const res = await admin.api.post('/api/test/dispute', { email: disputed.email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.hasActiveSubscription).toBe(false);

    const page = await e2e.open('/admin123', { as: admin });
    await consoleReady(page);
    await openTab(page, 'LEDGER');
    const tab = page.getByTestId('ledger-tab');
    await expect.poll(() => tab.getByTestId('ledger-entry').count()).toBe(4);
    await tab.locator('[data-kind="dispute_opened"]').getByText('DISPUTE OPENED').waitFor();
    await tab.locator('[data-kind="dispute_opened"]').getByText(disputed.email).waitFor();
    const alert = tab.getByTestId('dispute-rate-alert');
    await alert.getByText('DISPUTE RATE 33.33 %').waitFor();
    await e2e.shot(page, 'ledger-console-desktop');
    await e2e.a11y(page);

    const download = nextDownload(page);
    await tab.getByRole('button', { name: 'CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^t0-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloadedBytes(file)).toString('utf8');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(5);

    const mobile = await e2e.open('/admin123?tab=ledger', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('dispute-rate-alert').waitFor();
    await expect.poll(() => mobile.getByTestId('ledger-entry').count()).toBe(4);
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(mobile, 'ledger-console-mobile');
  });
});
