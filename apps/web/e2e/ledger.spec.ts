import { expect, it } from 'vitest';
import { consoleReady, nextDownload, openTab } from './admin-helpers';
import { describeE2E, downloadedBytes, hasHorizontalScroll, setupE2E } from './harness';

// The console's LEDGER: test-mode payments and a simulated chargeback, the dispute flagged, the
// month's dispute rate past its threshold with the alert, and the CSV; the dispute's evidence and
// its submission; the ANALYTICS tab's REVENUE figures of the same payments. A product of its own:
// the ledger, its rate and the revenue count every payment the product took.

describeE2E('ledger', () => {
  const e2e = setupE2E({ ownProduct: true });

  it('shows payments and a flagged dispute with the rate alert, its evidence submitted, and the revenue at 1440 and 390 px', async () => {
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
    await tab.locator('[data-kind="dispute_opened"]').getByText('DISPUTE OPENED').waitFor();
    await expect.poll(() => tab.getByTestId('ledger-entry').count()).toBe(4);
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

    // The dispute's evidence: the buyer's sign-ins and the texts Stripe would get; submitted once approved.
    await tab
      .locator('[data-kind="dispute_opened"]')
      .getByRole('button', { name: /^Evidence of dispute/ })
      .click();
    const drawer = page.getByTestId('dispute-drawer');
    await drawer.getByText('TEST MODE').waitFor();
    await drawer.getByText(disputed.email).first().waitFor();
    await expect.poll(() => drawer.getByTestId('evidence-sign-in').count()).toBeGreaterThan(0);
    expect(await drawer.getByTestId('evidence-access-log').innerText()).toContain(disputed.email);
    // What the buyer accepted at checkout: these buyers were made subscribers without one.
    expect(await drawer.getByTestId('evidence-consent').innerText()).toContain('No consent on record');
    await e2e.shot(page, 'dispute-evidence-desktop', { fullPage: false });
    await e2e.a11y(page);
    await drawer.getByRole('button', { name: 'SUBMIT EVIDENCE' }).click();
    await page.getByRole('dialog', { name: 'SUBMIT EVIDENCE' }).getByRole('button', { name: 'SUBMIT' }).click();
    await drawer
      .getByTestId('evidence-submitted')
      .getByText(/Test mode: recorded as submitted/)
      .waitFor();
    expect(await drawer.getByRole('button', { name: 'SUBMIT EVIDENCE' }).count()).toBe(0);
    await e2e.shot(page, 'dispute-evidence-submitted-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Revenue: three monthly buyers this month, one disputed (its access ended): two holders, each at
    // the plan's monthly price (the payment each made); three payments, one dispute still open.
    const ledger = await admin.api.get('/api/admin/ledger?kind=payment');
    const price = ledger.body.entries[0].amount as number;
    expect(ledger.body.entries.map((e: { amount: number }) => e.amount)).toEqual([price, price, price]);
    const month = new Date().toISOString().slice(0, 7);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await openTab(page, 'ANALYTICS');
    const revenue = page.getByTestId('revenue-figures');
    const card = (label: string) => revenue.locator(`[data-testid="revenue-card"][data-label="${label}"]`);
    await card('ACTIVE HOLDERS').getByText('2', { exact: true }).waitFor();
    await card('MRR NOW')
      .getByText(dollars(2 * price), { exact: true })
      .waitFor();
    const row = revenue.locator(`[data-testid="revenue-month"][data-month="${month}"]`);
    await row.getByText(`+${dollars(2 * price)}`).waitFor();
    await row.getByText('1/0/0', { exact: true }).waitFor();
    await row.getByText(dollars(3 * price), { exact: true }).waitFor();
    await revenue.locator(`[data-testid="revenue-cohort"][data-month="${month}"]`).getByText('2 (67%)').waitFor();
    await revenue.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'revenue-console-desktop');
    await e2e.a11y(page);
    const revenueCsv = nextDownload(page);
    await revenue.getByRole('button', { name: 'CSV' }).click();
    const revenueFile = await revenueCsv;
    expect(revenueFile.suggestedFilename()).toMatch(/^t0-revenue-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
    const revenueLines = (await downloadedBytes(revenueFile)).toString('utf8').trimEnd().split('\r\n');
    expect(revenueLines).toHaveLength(13);
    expect(revenueLines.at(-1)).toMatch(new RegExp(`^${month},0.00,${((2 * price) / 100).toFixed(2)},`));

    const mobile = await e2e.open('/admin123?tab=ledger', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('dispute-rate-alert').waitFor();
    await expect.poll(() => mobile.getByTestId('ledger-entry').count()).toBe(4);
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(mobile, 'ledger-console-mobile');
    await mobile
      .locator('[data-kind="dispute_opened"]')
      .getByRole('button', { name: /^Evidence of dispute/ })
      .click();
    await mobile.getByTestId('evidence-submitted').waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await e2e.shot(mobile, 'dispute-evidence-mobile', { fullPage: false });
    await mobile.keyboard.press('Escape');
    await openTab(mobile, 'ANALYTICS');
    await mobile
      .locator('[data-testid="revenue-card"][data-label="ACTIVE HOLDERS"]')
      .getByText('2', { exact: true })
      .waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await mobile.getByTestId('revenue-figures').scrollIntoViewIfNeeded();
    await e2e.shot(mobile, 'revenue-console-mobile');
  });
});
