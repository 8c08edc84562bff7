import { expect, it } from 'vitest';
import { consoleReady, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// Trials and promotion codes in the local test mode, in the browser: the console's PROMOTION CODES
// (ANALYTICS tab, beside the business figures) creates a code; a buyer starts a free trial on the
// test checkout with it; the console lists the redemption and the buyer's Billing shows the trial,
// at 1440 and 390 px.

describeE2E('trials and promotion codes', () => {
  const e2e = setupE2E({ env: { PRICE_HISTORY: 'false' } });

  it('creates a code, a buyer starts a trial with it, the console lists the redemption, at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    const settings = (await admin.api.get('/api/admin/site-settings')).body as Record<string, unknown>;
    const { updatedAt: _u, defaultSupportEmail: _d, ...edit } = settings;
    expect(
      (await admin.api.request('PUT', '/api/admin/site-settings', { ...edit, trialDays: { monthly: 14, yearly: 0 } }))
        .status,
    ).toBe(200);

    const page = await e2e.open('/admin123?tab=analytics', { as: admin });
    await consoleReady(page);
    const section = page.getByTestId('promotion-codes-section');
    await section.getByText('NO CODES').waitFor({ timeout: 30_000 });
    await section.getByLabel('Code').fill('launch20');
    await section.getByLabel('Percent').fill('20');
    await section.getByLabel('Max uses').fill('100');
    await section.getByRole('button', { name: 'CREATE CODE' }).click();
    await toastTitled(page, 'CODE CREATED').waitFor();
    await section.getByTestId('promotion-codes-table').getByText('LAUNCH20').waitFor();

    // A buyer starts a checkout: the test checkout offers the trial and takes the code.
    const buyer = await e2e.user('user');
    const started = await buyer.api.post('/api/create-checkout-session', { email: buyer.email, plan: 'monthly' });
    expect(started.status).toBe(200);
    const checkoutUrl = new URL(started.body.url as string);
    // The test checkout is a server page of its own (no app to wait for).
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      baseURL: e2e.product.url,
    });
    const checkout = await context.newPage();
    await checkout.goto(checkoutUrl.pathname + checkoutUrl.search);
    await checkout.getByTestId('checkout-trial').waitFor();
    await checkout.getByLabel('Promotion code (optional)').fill('LAUNCH20');
    expect(await hasHorizontalScroll(checkout)).toBe(false);
    await e2e.shot(checkout, 'trial-checkout-mobile');
    await checkout.getByRole('button', { name: 'START FREE TRIAL (TEST)' }).click();
    await checkout.waitForURL(/whop-success/);
    await context.close();

    // The console lists who redeemed which code; the discount waits for the first paid invoice.
    await page.reload();
    await consoleReady(page);
    const redemptions = page.getByTestId('promotion-redemptions-table');
    await redemptions.getByText(buyer.email).waitFor({ timeout: 30_000 });
    await redemptions.getByText('AFTER TRIAL').waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'promotion-codes-console-desktop');
    await e2e.a11y(page);

    const mobile = await e2e.open('/admin123?tab=analytics', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('promotion-redemptions-table').getByText(buyer.email).waitFor({ timeout: 30_000 });
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await mobile.getByTestId('promotion-codes-section').scrollIntoViewIfNeeded();
    await e2e.shot(mobile, 'promotion-codes-console-mobile', { fullPage: false });

    // The buyer's Billing: the trial and when it ends.
    const billing = await e2e.open('/profile?section=billing', { as: buyer, viewport: 'mobile' });
    await billing.getByTestId('billing-trial').waitFor({ timeout: 30_000 });
    expect(await billing.getByTestId('billing-period').textContent()).toContain('TRIAL ENDS ON');
    expect(await hasHorizontalScroll(billing)).toBe(false);
    await e2e.shot(billing, 'trial-billing-mobile');
  });
});
