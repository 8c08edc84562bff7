import { expect, it } from 'vitest';
import { consoleReady, nextDownload, openTab, pick, toastTitled } from './admin-helpers';
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
// shown in the panel and in the console's AFFILIATES tab, at 1440 and 390 px. The desk gives a new
// promotion code to an affiliate in the console's PROMOTION CODES, and the codes list shows it.

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
    // Kept for the desk's window, as the visit answered it (the default 30 days).
    expect(kept.days).toBe(30);
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

  it('the desk gives a new promotion code to an affiliate; the codes list shows the affiliate, at 1440 and 390 px', async () => {
    const aff = await e2e.user('subscriber');
    const state = await aff.api.get('/api/user/referral');
    const joined = await aff.api.post('/api/user/referral', { disclosure: state.body.currentDisclosure });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const code = joined.body.code as string;
    const promo = `PARTNER-${code}`;

    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123?tab=analytics', { as: admin });
    await consoleReady(page);
    const section = page.getByTestId('promotion-codes-section');
    await section.getByRole('button', { name: 'CREATE CODE' }).waitFor({ timeout: 30_000 });
    await section.getByRole('textbox', { name: 'Code', exact: true }).fill(promo);
    await section.getByLabel('Percent').fill('15');
    await pick(section, 'Affiliate', `${code} · ${aff.email}`);
    await section.getByRole('button', { name: 'CREATE CODE' }).click();
    await toastTitled(page, 'CODE CREATED').waitFor();
    const row = section.getByTestId('promotion-codes-table').locator('tr').filter({ hasText: promo });
    await expect.poll(() => row.getByTestId('promotion-code-affiliate').textContent(), { timeout: 15_000 }).toBe(code);
    const listed = (await admin.api.get('/api/admin/promotion-codes')).body.codes as Array<Record<string, unknown>>;
    expect(listed.find((c) => c.code === promo)).toMatchObject({ affiliateCode: code });
    await row.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'affiliate-promotion-code-desktop', { fullPage: false });
    await e2e.a11y(page);

    const phone = await e2e.open('/admin123?tab=analytics', { as: admin, viewport: 'mobile' });
    await consoleReady(phone);
    const phoneRow = phone.getByTestId('promotion-codes-table').locator('tr').filter({ hasText: promo });
    // On a phone the affiliate is said under the code, within the screen's width.
    const onPhone = phoneRow.getByTestId('promotion-code-affiliate-phone');
    await onPhone.getByText(`AFFILIATE ${code}`).waitFor({ timeout: 30_000 });
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await phoneRow.scrollIntoViewIfNeeded();
    const box = await onPhone.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await e2e.shot(phone, 'affiliate-promotion-code-mobile', { fullPage: false });
  });
});
