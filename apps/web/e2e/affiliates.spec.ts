import { expect, it } from 'vitest';
import { consoleReady, nextDownload, openTab } from './admin-helpers';
import {
  ApiClient,
  describeE2E,
  downloadedBytes,
  hasHorizontalScroll,
  PASSWORD,
  setupE2E,
  uniqueEmail,
} from './harness';

// Affiliates: a subscriber accepts the terms in Profile › REFERRAL and gets a link; a visitor who
// follows it is counted and, registering, attributed; their test-mode payment earns a commission
// shown in the panel and in the console's AFFILIATES tab, at 1440 and 390 px.

describeE2E('affiliates', () => {
  const e2e = setupE2E();

  it('joins from the profile, counts a visit, attributes a registration and shows the commission in the console', async () => {
    const aff = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=referral', { as: aff });
    const panel = page.getByTestId('referral-section');
    await panel.getByTestId('referral-disclosure').waitFor();
    const join = panel.getByRole('button', { name: 'BECOME AN AFFILIATE' });
    expect(await join.isDisabled()).toBe(true);
    await panel.getByLabel(/I accept the affiliate terms/).check();
    await join.click();
    const link = panel.getByTestId('referral-link');
    await link.waitFor();
    const url = await link.inputValue();
    const code = await panel.getByTestId('referral-code').inputValue();
    expect(url).toMatch(new RegExp(`/\\?ref=${code}$`));

    // A visitor follows the link: the click counts, the code is kept and sent with the registration.
    const visitor = await e2e.open(`/?ref=${code}`);
    await expect
      .poll(() => visitor.evaluate(() => window.localStorage.getItem('t0_referral')), { timeout: 15_000 })
      .toContain(code);
    const api = new ApiClient(e2e.product.url);
    const email = uniqueEmail('referred');
    const kept = JSON.parse((await visitor.evaluate(() => window.localStorage.getItem('t0_referral')))!);
    const reg = await api.post('/api/register', {
      email,
      password: PASSWORD,
      firstName: 'Referred',
      lastName: 'Trader',
      ref: kept.code,
      refAt: kept.at,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const paid = await api.post('/api/test/activate-subscription', { email, plan: 'monthly' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    await page.reload();
    await panel.getByTestId('referral-clicks').getByText('1', { exact: true }).waitFor();
    await panel.getByTestId('referral-signups').getByText('1', { exact: true }).waitFor();
    await panel.getByTestId('referral-conversions').getByText('1', { exact: true }).waitFor();
    await panel
      .getByTestId('referral-earnings')
      .getByText(/PENDING/)
      .waitFor();
    await e2e.shot(page, 'affiliates-referral-desktop');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.a11y(page);

    const phone = await e2e.open('/profile?section=referral', { as: aff, viewport: 'mobile' });
    await phone.getByTestId('referral-link').waitFor();
    await e2e.shot(phone, 'affiliates-referral-mobile');
    expect(await hasHorizontalScroll(phone)).toBe(false);

    // The console: the affiliate's row with the sign-up and the pending commission; the CSV of what is due.
    const admin = await e2e.user('admin');
    for (const viewport of ['desktop', 'mobile'] as const) {
      const consolePage = await e2e.open('/admin123?tab=affiliates', { as: admin, viewport });
      await consoleReady(consolePage);
      await openTab(consolePage, 'AFFILIATES');
      const tab = consolePage.getByTestId('affiliates-tab');
      const row = tab.getByTestId('affiliate-row').filter({ hasText: aff.email });
      await row.getByText(code).waitFor();
      await row.getByText('ACTIVE').waitFor();
      await e2e.shot(consolePage, `affiliates-console-${viewport}`);
      expect(await hasHorizontalScroll(consolePage), viewport).toBe(false);
      if (viewport === 'desktop') {
        await e2e.a11y(consolePage);
        const download = nextDownload(consolePage);
        await tab.getByRole('button', { name: 'PAYOUTS CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^affiliate-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = (await downloadedBytes(file)).toString('utf8');
        expect(csv.split(/\r?\n/)[0]).toBe('affiliate_id,email,code,status,currency,payable,pending');
      }
    }
  });
});
