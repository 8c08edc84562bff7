import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiClient, describeE2E, hasHorizontalScroll, setupE2E } from './harness';

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('.t0-toast', { hasText: title }).last();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

async function section(page: Page, tab: string, testId: string) {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByTestId(testId);
  await panel.waitFor();
  return panel;
}

describeE2E('profile', () => {
  const e2e = setupE2E();

  it('shows the seven sections, each readable and scanned', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile', { as: user });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(user.email);
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'USER PROFILE',
      'SECURITY',
      'BILLING',
      'ALERTS',
      'TRADING CONFIG',
      'DEVELOPER SETTINGS',
      'REFERRAL',
    ]);
    const sections: [string, string][] = [
      ['USER PROFILE', 'profile-section'],
      ['SECURITY', 'security-section'],
      ['BILLING', 'billing-section'],
      ['ALERTS', 'alerts-section'],
      ['TRADING CONFIG', 'trading-section'],
      ['DEVELOPER SETTINGS', 'developer-section'],
      ['REFERRAL', 'referral-section'],
    ];
    for (const [tab, id] of sections) {
      await section(page, tab, id);
      // A section may load several lists at once (ALERTS: settings, webhooks, deliveries).
      await page.waitForFunction(() => !document.querySelector('[data-testid="loading-skeleton"]'));
      await e2e.shot(page, `profile-${id}`, { fullPage: false });
      await e2e.a11y(page);
    }
  });

  it('cancels with a reason and resumes from Billing in test mode', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=billing', { as: user });
    const panel = page.getByTestId('billing-section');
    await panel.getByTestId('billing-cancel').waitFor();
    expect(await panel.getByTestId('billing-status').textContent()).toContain('ACTIVE');
    expect(await panel.getByTestId('billing-status').textContent()).toContain('TEST MODE');
    expect(await panel.getByTestId('billing-period').textContent()).toContain('RENEWS ON');
    expect(await panel.getByTestId('billing-invoices').locator('tbody tr').count()).toBe(1);

    await panel.getByTestId('billing-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByLabel('WHY ARE YOU CANCELLING? (OPTIONAL)').selectOption('Taking a break');
    await dialog.getByRole('button', { name: 'CANCEL AT PERIOD END' }).click();
    expect(await toastText(page, 'Billing Updated')).toContain('access continues until then');
    await panel.getByTestId('billing-cancelling').waitFor();
    expect(await panel.getByTestId('billing-cancelling').textContent()).toContain('Reason given: Taking a break.');
    expect(await panel.getByTestId('billing-period').textContent()).toContain('ENDS ON');
    expect((await user.api.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });
    // The scan is of the page, not of the dialog fading out (half-transparent text fails contrast).
    await dialog.waitFor({ state: 'hidden' });
    await e2e.a11y(page);

    await panel.getByTestId('billing-resume').click();
    await panel.getByTestId('billing-cancel').waitFor();
    expect(await panel.getByTestId('billing-cancelling').count()).toBe(0);
    expect((await user.api.get('/api/billing')).body).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
  });

  it('saves edited names across a reload', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile', { as: user });
    const panel = page.getByTestId('profile-section');
    expect(await panel.getByLabel('EMAIL').getAttribute('readonly')).not.toBeNull();
    await panel.getByLabel('FIRST NAME').fill('Katherine');
    await panel.getByLabel('LAST NAME').fill('Johnson');
    await panel.getByRole('button', { name: 'UPDATE PROFILE' }).click();
    expect(await toastText(page, 'Profile Updated')).toContain('Profile Updated');
    await page.reload();
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    expect(await page.getByTestId('profile-section').getByLabel('FIRST NAME').inputValue()).toBe('Katherine');
    expect(await page.getByTestId('profile-section').getByLabel('LAST NAME').inputValue()).toBe('Johnson');
    const me = (await user.api.get('/api/auth/user')).body;
    expect([me.firstName, me.lastName]).toEqual(['Katherine', 'Johnson']);

    await page.getByTestId('profile-section').getByLabel('FIRST NAME').fill('   ');
    await page.getByTestId('profile-section').getByRole('button', { name: 'UPDATE PROFILE' }).click();
    await page.getByText('First name is required').waitFor();
  });

  it('loads the alert settings with their defaults and saves changes across a reload', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: user });
    const panel = page.getByTestId('alerts-section');
    const sw = (name: string) => panel.getByRole('switch', { name });
    await sw('EMAIL NOTIFICATIONS').waitFor();
    expect(await sw('EMAIL NOTIFICATIONS').isChecked()).toBe(true);
    expect(await sw('SMS ALERTS').isChecked()).toBe(false);
    expect(await sw('TRADING SIGNALS').isChecked()).toBe(true);
    expect(await sw('PRICE ALERTS').isChecked()).toBe(true);
    await sw('EMAIL NOTIFICATIONS').click({ force: true });
    await sw('SMS ALERTS').click({ force: true });
    await panel.getByRole('button', { name: 'SAVE ALERT SETTINGS' }).click();
    expect(await toastText(page, 'Alert Settings Updated')).toContain('Alert Settings Updated');
    await page.reload();
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await page.getByTestId('alerts-section').getByRole('switch', { name: 'SMS ALERTS' }).waitFor();
    expect(
      await page.getByTestId('alerts-section').getByRole('switch', { name: 'EMAIL NOTIFICATIONS' }).isChecked(),
    ).toBe(false);
    expect(await page.getByTestId('alerts-section').getByRole('switch', { name: 'SMS ALERTS' }).isChecked()).toBe(true);
    expect((await user.api.get('/api/auth/notification-settings')).body).toEqual({
      emailNotifications: false,
      smsAlerts: true,
      tradingSignals: true,
      priceAlerts: true,
    });
  });

  it('saves the channel table, instrument filter and quiet hours, and shows them after a reload', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: user });
    const table = page.getByTestId('channel-table');
    const cell = (name: string) => table.getByRole('checkbox', { name });
    await cell('T0 HIT by WEBHOOK').waitFor();
    expect(await cell('T0 HIT by WEBHOOK').isChecked()).toBe(true);
    expect(await cell('SIGNAL PUBLISHED by TELEGRAM').isDisabled()).toBe(true);
    await cell('T0 HIT by WEBHOOK').click();
    await cell('ACTIVATED by E-MAIL').click();
    const panel = page.getByTestId('alerts-section');
    await panel.locator('label', { hasText: /^US30$/ }).click();
    await panel.getByRole('switch', { name: 'QUIET HOURS' }).click({ force: true });
    await panel.getByLabel('FROM', { exact: true }).fill('23:30');
    await panel.getByRole('button', { name: 'SAVE ALERT SETTINGS' }).click();
    expect(await toastText(page, 'Alert Settings Updated')).toContain('Alert Settings Updated');
    await page.reload();
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await cell('T0 HIT by WEBHOOK').waitFor();
    expect(await cell('T0 HIT by WEBHOOK').isChecked()).toBe(false);
    expect(await cell('ACTIVATED by E-MAIL').isChecked()).toBe(true);
    expect(await page.getByTestId('alerts-section').getByLabel('FROM', { exact: true }).inputValue()).toBe('23:30');
    const stored = (await user.api.get('/api/user/delivery-preferences')).body;
    expect(stored).toMatchObject({
      instruments: ['US30'],
      quietHours: { start: '23:30', end: '07:00', urgentStillComes: true },
    });
    expect(stored.channels.t0_hit.webhook).toBe(false);
  });

  it('loads the trading config with its defaults and saves changes across a reload', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=trading', { as: user });
    const panel = page.getByTestId('trading-section');
    await panel.getByLabel('DEFAULT POSITION SIZE').waitFor();
    expect(await panel.getByLabel('DEFAULT POSITION SIZE').inputValue()).toBe('2');
    expect(await panel.getByLabel('RISK TOLERANCE').inputValue()).toBe('moderate');
    expect(await panel.getByLabel('MAX DAILY TRADES').inputValue()).toBe('10');
    expect(await panel.getByLabel('ACCOUNT SIZE (USD)').inputValue()).toBe('');
    // The terminal executes nothing: no auto-execute switch, a plain statement instead.
    expect(await panel.getByRole('switch').count()).toBe(0);
    expect(await panel.innerText()).toContain('MANUAL EXECUTION');
    expect(await panel.getByTestId('today-signals').innerText()).toMatch(/TODAY: \d+ OF 10 SIGNALS/);
    await panel.getByLabel('DEFAULT POSITION SIZE').selectOption('5');
    await panel.getByLabel('RISK TOLERANCE').selectOption('aggressive');
    await panel.getByLabel('MAX DAILY TRADES').fill('4');
    await panel.getByLabel('ACCOUNT SIZE (USD)').fill('25000');
    await panel.getByRole('button', { name: 'UPDATE CONFIGURATION' }).click();
    expect(await toastText(page, 'Configuration Updated')).toContain('Configuration Updated');
    await page.reload();
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    const after = page.getByTestId('trading-section');
    await after.getByLabel('DEFAULT POSITION SIZE').waitFor();
    expect(await after.getByLabel('DEFAULT POSITION SIZE').inputValue()).toBe('5');
    expect(await after.getByLabel('RISK TOLERANCE').inputValue()).toBe('aggressive');
    expect(await after.getByLabel('MAX DAILY TRADES').inputValue()).toBe('4');
    expect(await after.getByLabel('ACCOUNT SIZE (USD)').inputValue()).toBe('$25,000');
    expect((await user.api.get('/api/auth/trading-config')).body).toEqual({
      positionSize: '5',
      riskTolerance: 'aggressive',
      autoExecute: false,
      maxDailyTrades: '4',
      accountSize: 25000,
    });
  });

  it('changes the password with the client rules and the server check', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=security', { as: user });
    const panel = page.getByTestId('security-section');
    const current = panel.getByLabel('CURRENT PASSWORD');
    const fresh = panel.getByLabel('NEW PASSWORD', { exact: true });
    const confirm = panel.getByLabel('CONFIRM NEW PASSWORD');
    const submit = panel.getByRole('button', { name: 'UPDATE SECURITY' });

    await submit.click();
    expect(await toastText(page, 'Validation Error')).toContain('All password fields are required.');
    await current.fill(user.password);
    await fresh.fill('N3w!Secret');
    await confirm.fill('N3w!Secrex');
    await submit.click();
    expect(await toastText(page, 'New passwords do not match.')).toContain('Validation Error');
    await fresh.fill('A!b1');
    await confirm.fill('A!b1');
    await submit.click();
    expect(await toastText(page, 'at least 6 characters')).toContain(
      'New password must be at least 6 characters long.',
    );
    await current.fill('Not!MyPassword1');
    await fresh.fill('N3w!Secret');
    await confirm.fill('N3w!Secret');
    await submit.click();
    expect(await toastText(page, 'Security Update Failed')).toContain('Current password is incorrect');

    await current.fill(user.password);
    await submit.click();
    expect(await toastText(page, 'Security Updated')).toContain('Security Updated');
    expect(await current.inputValue()).toBe('');
    // This browser stays signed in; the new password works for a fresh sign-in.
    await page.reload();
    await page.getByTestId('profile-page').waitFor();
    const other = new ApiClient(e2e.product.url);
    expect((await other.post('/api/auth/login', { email: user.email, password: 'N3w!Secret' })).status).toBe(200);
    expect(await panel.getByRole('switch', { name: 'TWO-FACTOR AUTHENTICATION' }).isDisabled()).toBe(true);
  });

  it('creates an API token in developer settings, shows it once, and it works', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=developer', { as: user });
    const panel = page.getByTestId('developer-section');
    // What is not built yet stays greyed out; the webhook address is built from the user id.
    expect(await panel.textContent()).toContain(`/api/webhooks/user/${user.id}`);
    expect(await panel.getByRole('button', { name: 'SAVE DEVELOPER SETTINGS' }).isDisabled()).toBe(true);
    await panel.getByText('NO API TOKENS').waitFor();

    await panel.getByLabel('TOKEN NAME').fill('Price bot');
    await panel.getByRole('button', { name: 'CREATE TOKEN' }).click();
    const shown = panel.getByTestId('new-api-token');
    await shown.waitFor();
    expect(await shown.textContent()).toContain('you will not see it again');
    const token = (await panel.getByTestId('new-api-token-value').textContent())!.trim();
    expect(token).toMatch(/^t0_pat_[A-Za-z0-9_-]{43}$/);
    await panel.getByTestId('api-token-table').getByText('Price bot').waitFor();
    await e2e.shot(page, 'profile-api-token-created', { fullPage: false });
    await e2e.a11y(page);

    // It works from a script (no cookie), and reading the list never shows it again.
    const res = await fetch(`${e2e.product.url}/api/signals`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
    await panel.getByRole('button', { name: 'DONE' }).click();
    await page.reload();
    await page.getByTestId('api-token-table').getByText('Price bot').waitFor();
    expect(await page.getByTestId('developer-section').textContent()).not.toContain(token);

    // Revoked after confirmation: the token stops working.
    await page.getByRole('button', { name: 'Revoke token Price bot' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'REVOKE' }).click();
    await page.getByTestId('api-token-table').getByText('REVOKED').waitFor();
    const after = await fetch(`${e2e.product.url}/api/signals`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('sends the browser to /auth when a save answers 401', async () => {
    const user = await e2e.user('subscriber');
    const { page, context } = await e2e.openWith('/profile', { as: user });
    await page.getByTestId('profile-section').waitFor();
    await context.clearCookies();
    await page.getByTestId('profile-section').getByLabel('FIRST NAME').fill('Signed Out');
    await page.getByTestId('profile-section').getByRole('button', { name: 'UPDATE PROFILE' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.getByTestId('login-form').waitFor();
  });

  it('fits a 390 px phone', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=trading', { as: user, viewport: 'mobile' });
    await page.getByTestId('trading-section').getByLabel('RISK TOLERANCE').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'profile-trading-mobile');
    await e2e.a11y(page);
  });
});
