import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E, uniqueEmail } from './harness';

// The development-only subscription test page at /test-subscription: its screen, its calls (/api/test/* and
// the test sign-in) and its error texts.

describeE2E('subscription test page', () => {
  const e2e = setupE2E();

  it('activates, deactivates and simulates a checkout for an address', async () => {
    const page = await e2e.open('/test-subscription');
    await page.getByText('SUBSCRIPTION TEST TERMINAL').waitFor();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.inputValue()).toBe('test@example.com');
    // TEST DASHBOARD ACCESS appears only once a user is known.
    expect(await page.getByRole('button', { name: 'TEST DASHBOARD ACCESS' }).count()).toBe(0);
    await e2e.a11y(page);

    const address = uniqueEmail('tester');
    await email.fill(address);
    // Every plan is offered, listed or not; the yearly one here.
    const plan = page.getByLabel('Plan', { exact: true });
    await page.locator('select:not([disabled])').first().waitFor();
    expect(await plan.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Monthly \(monthly\)/),
        expect.stringMatching(/^Yearly \(yearly\)/),
      ]),
    );
    await plan.selectOption('yearly');
    await page.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION', exact: true }).click();
    const result = page.getByTestId('test-result');
    await result.getByText('SUBSCRIPTION ACTIVATED').first().waitFor();
    await result.getByText(`Subscription activated for ${address} (yearly plan)`).waitFor();
    await page.getByTestId('known-user').getByText('ACTIVE', { exact: true }).waitFor();
    await e2e.shot(page, 'test-subscription-activated');

    await page.getByRole('button', { name: 'DEACTIVATE SUBSCRIPTION' }).click();
    await result.getByText('SUBSCRIPTION DEACTIVATED').first().waitFor();
    await page.getByTestId('known-user').getByText('INACTIVE', { exact: true }).waitFor();

    const fresh = uniqueEmail('checkout');
    await email.fill(fresh);
    await page.getByRole('button', { name: 'SIMULATE CHECKOUT SUCCESS' }).click();
    await result.getByText('CHECKOUT SIMULATED').first().waitFor();
    await result.getByText('Account created: yes').first().waitFor();
    // Never a password from the server: the fallback test value is shown instead.
    await result
      .getByText(/Temporary password: none returned/)
      .first()
      .waitFor();
    const mail = await e2e.product.waitForMail(fresh);
    expect(mail.text).toMatch(/reset-password\?token=/);
    await e2e.shot(page, 'test-subscription-checkout');
  });

  it('shows the server message, and the fallback when there is none', async () => {
    const page = await e2e.open('/test-subscription');
    const result = page.getByTestId('test-result');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'DEACTIVATE SUBSCRIPTION' }).click();
    await result.getByText('DEACTIVATION FAILED').first().waitFor();
    expect(await result.textContent()).toMatch(/not found/i);

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION', exact: true }).click();
    await result.getByText('ACTIVATION FAILED').first().waitFor();
    await result.getByText('Invalid email address').first().waitFor();

    // The server cannot be reached at all.
    await page.context().route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Email').fill(uniqueEmail('offline'));
    await page.getByRole('button', { name: 'SIMULATE CHECKOUT SUCCESS' }).click();
    await result.getByText('CHECKOUT FAILED').first().waitFor();
    await result.getByText('Network error occurred').first().waitFor();
  });

  it('signs in as the user under test and opens the dashboard after half a second', async () => {
    const sub = await e2e.user('user');
    const page = await e2e.open('/test-subscription', { viewport: 'mobile' });
    await page.getByLabel('Email').fill(sub.email);
    await page.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION', exact: true }).click();
    await page.getByTestId('test-result').getByText('SUBSCRIPTION ACTIVATED').first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The fixed test password does not match this account: the server's refusal is shown.
    await page.getByRole('button', { name: 'TEST DASHBOARD ACCESS' }).click();
    await page.getByTestId('test-result').getByText('LOGIN FAILED').first().waitFor();
    await e2e.shot(page, 'test-subscription-login-failed');

    await page.getByLabel('Password for the sign-in test').fill(sub.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'TEST DASHBOARD ACCESS' }).click();
    await page.getByTestId('test-result').getByText('LOGIN SUCCESSFUL').first().waitFor();
    await page.waitForURL('**/dashboard');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await page.getByTestId('DashboardPage').waitFor();
  });
});

describeE2E('subscription test page in production', () => {
  const e2e = setupE2E({ env: { NODE_ENV: 'production' } });

  it('is not there', async () => {
    const page = await e2e.open('/test-subscription');
    await page.getByText('ROUTE NOT FOUND').waitFor();
    expect(await page.getByText('SUBSCRIPTION TEST TERMINAL').count()).toBe(0);
    const res = await fetch(`${e2e.product.url}/api/test/get-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'test@example.com' }),
    });
    expect(res.status).toBe(404);
  });
});
