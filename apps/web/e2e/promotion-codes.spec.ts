import { expect, it } from 'vitest';
import { consoleReady, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// Trials and promotion codes in the local test mode, in the browser: the console's PROMOTION CODES
// (ANALYTICS tab, beside the business figures) creates a code, and one limited to a plan; a buyer
// starts a free trial on the test checkout, refused the code of another plan and taking the first;
// the console lists the redemption, limits a code to plans afterwards, and the buyer's Billing
// shows the trial, at 1440 and 390 px.

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
    const codes = section.getByTestId('promotion-codes-table');
    await codes.getByText('LAUNCH20').waitFor();
    const row = (code: string) => codes.locator('tr').filter({ hasText: code });
    expect(await row('LAUNCH20').getByTestId('promotion-code-plans').textContent()).toBe('EVERY PLAN');

    // A code for the yearly plan only.
    await section.getByRole('textbox', { name: 'Code', exact: true }).fill('yearly10');
    await section.getByLabel('Percent').fill('10');
    await section.getByLabel('Max uses').fill('');
    await pick(section, 'Plans', 'Yearly (yearly)');
    await page.keyboard.press('Escape');
    await section.getByRole('button', { name: 'CREATE CODE' }).click();
    await toastTitled(page, 'CODE CREATED').waitFor();
    await codes.getByText('YEARLY10').waitFor();
    expect(await row('YEARLY10').getByTestId('promotion-code-plans').textContent()).toBe('Yearly');

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
    // The yearly plan's code is refused on a monthly checkout, naming the field; nothing starts.
    await checkout.getByLabel('Promotion code (optional)').fill('YEARLY10');
    await checkout.getByRole('button', { name: 'START FREE TRIAL (TEST)' }).click();
    const refused = checkout.getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'Promotion code: This promotion code does not apply to the monthly plan.',
    );
    expect(await hasHorizontalScroll(checkout)).toBe(false);
    await e2e.shot(checkout, 'promotion-code-other-plan-mobile');
    expect((await admin.api.get('/api/admin/promotion-codes')).body.redemptions).toEqual([]);
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

    // LAUNCH20 is limited to the monthly plan afterwards: the change is kept and listed.
    await row('LAUNCH20').getByRole('button', { name: 'Edit LAUNCH20' }).click();
    const dialog = page.getByRole('dialog', { name: 'EDIT LAUNCH20' });
    await pick(dialog, 'Plans', 'Monthly (monthly)');
    // Closes the list of plans (Escape would close the dialog).
    await dialog.getByText('The plans the code applies to', { exact: false }).click();
    await e2e.shot(page, 'promotion-code-plans-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'SAVE CODE' }).click();
    await toastTitled(page, 'CODE SAVED').waitFor();
    await expect
      .poll(() => row('LAUNCH20').getByTestId('promotion-code-plans').textContent(), { timeout: 15_000 })
      .toBe('Monthly');
    const saved = (await admin.api.get('/api/admin/promotion-codes')).body.codes as Array<{
      code: string;
      plans: string[];
    }>;
    expect(saved.find((c) => c.code === 'LAUNCH20')?.plans).toEqual(['monthly']);
    expect(saved.find((c) => c.code === 'YEARLY10')?.plans).toEqual(['yearly']);
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
