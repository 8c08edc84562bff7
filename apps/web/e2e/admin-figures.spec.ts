import { expect, it } from 'vitest';
import { consoleReady, openTab } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The console's business figures and e-mail counts, from what the product recorded: subscribers
// paid through the test mode, one cancelled with a reason, one payment declined on the test-mode
// checkout page.
describeE2E('business figures and e-mails by kind', () => {
  const e2e = setupE2E({ env: { PLAN_MONTHLY_PRICE: '49', PLAN_YEARLY_PRICE: '490', PLAN_CURRENCY: 'usd' } });

  it('declines a simulated failed payment on the test-mode checkout page, then shows the figures and e-mail counts', async () => {
    const admin = await e2e.user('admin');
    const subs = [await e2e.user('subscriber'), await e2e.user('subscriber'), await e2e.user('subscriber')];
    const leaving = subs[2]!;
    expect(
      (await leaving.api.post('/api/billing/cancel', { reason: 'Too expensive: looking for a cheaper plan' })).status,
    ).toBe(200);
    const forgetful = await e2e.user('user');
    expect((await forgetful.api.post('/api/auth/forgot-password', { email: forgetful.email })).status).toBe(200);
    // Sent by the job queue, after the answer.
    await e2e.product.waitForMail(forgetful.email, { subject: /reset/i });

    // A subscriber's card is declined on a new test-mode payment.
    const started = await subs[0]!.api.post('/api/create-checkout-session', { email: subs[0]!.email, plan: 'monthly' });
    expect(started.status).toBe(200);
    const checkoutUrl = new URL(started.body.url as string);
    const checkout = await e2e.open(`${checkoutUrl.pathname}${checkoutUrl.search}`, { viewport: 'mobile' });
    await checkout.getByRole('button', { name: 'SIMULATE FAILED PAYMENT' }).click();
    const alert = checkout.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^Your card was declined\. Your subscription is now past due: access continues until .+ UTC\./,
    );
    expect(await hasHorizontalScroll(checkout)).toBe(false);
    await e2e.shot(checkout, 'checkout-declined-390');

    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/admin123?tab=analytics', { as: admin, viewport });
      await consoleReady(page);
      const figures = page.getByTestId('business-figures');
      await figures.getByText('MRR').waitFor();
      const card = (label: string) => figures.locator('.mantine-Paper-root').filter({ hasText: label });
      const value = (label: string) => card(label).locator('.t0-num').textContent();
      expect(await card('ACTIVE SUBSCRIBERS').textContent()).toContain('3 paying, 0 free access');
      // Three monthly subscriptions at $49 (the declined one is past due, still billed).
      expect(await value('MRR')).toBe('$147.00');
      expect(await value('FAILED PAYMENTS')).toBe('1');
      expect(await value('NEW THIS MONTH')).toBe('3');
      expect(await value('CHURN')).toBe('NO DATA');
      const reasons = page.getByTestId('cancel-reasons');
      await reasons.getByText('Too expensive: 1').waitFor();
      await reasons.getByText(leaving.email).waitFor();
      await page.getByTestId('analytics-figures').getByText('DATABASE LATENCY').waitFor();
      await page.waitForTimeout(300);
      await e2e.shot(page, `admin-analytics-business-${viewport}`);
      expect(await hasHorizontalScroll(page)).toBe(false);
      if (viewport === 'mobile')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      else await e2e.a11y(page);

      await openTab(page, 'EMAILS');
      const kinds = page.getByTestId('email-kinds');
      await kinds.waitFor();
      // Each subscriber was welcomed once; one reset link went out.
      expect(await kinds.locator('tr[data-kind="welcome"] td').allTextContents()).toEqual([
        expect.stringContaining('WELCOME'),
        '3',
        '0',
        '3',
        '0',
      ]);
      expect(await kinds.locator('tr[data-kind="password_reset"] td').allTextContents()).toEqual([
        expect.stringContaining('PASSWORD RESET'),
        '1',
        '0',
        '1',
        '0',
      ]);
      await page.getByTestId('email-failures-empty').waitFor();
      await page.waitForTimeout(300);
      await e2e.shot(page, `admin-emails-by-kind-${viewport}`);
      expect(await hasHorizontalScroll(page)).toBe(false);
      if (viewport === 'desktop') await e2e.a11y(page);
    }
  });
});
