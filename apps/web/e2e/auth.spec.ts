import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, hasHorizontalScroll, PASSWORD, setupE2E, uniqueEmail } from './harness';

/** The toast on screen with this title (one at a time; an older one may still be leaving). */
async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('.t0-toast', { hasText: title }).last();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('EMAIL').fill(email);
  await form.getByLabel('PASSWORD', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'ACCESS_TERMINAL' }).click();
}

describeE2E('auth page, checkout start and password reset', () => {
  const e2e = setupE2E();

  it('opens in LOGIN mode with the rotating statistics, and switches to REGISTER', async () => {
    const page = await e2e.open('/auth');
    await page.getByTestId('login-form').waitFor();
    await e2e.shot(page, 'auth-login-desktop', { fullPage: false });
    await e2e.a11y(page);
    const stats = page.getByTestId('stats-carousel').first();
    const before = await stats.textContent();
    await expect.poll(() => stats.textContent(), { timeout: 6000 }).not.toBe(before);
    await page.getByText('REGISTER', { exact: true }).click();
    await page.getByTestId('register-form').waitFor();
    expect(await page.getByTestId('register-form').textContent()).toContain(
      'Minimum 8 characters, 1 uppercase, 1 special character',
    );
    await e2e.shot(page, 'auth-register-desktop', { fullPage: false });
    await e2e.a11y(page);
    await page.getByRole('link', { name: /RETURN TO MAIN TERMINAL/ }).click();
    await page.getByTestId('landing-page').waitFor();
  });

  it('fits a 390 px phone', async () => {
    const page = await e2e.open('/subscribe', { viewport: 'mobile' });
    await page.getByTestId('register-form').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'auth-register-mobile');
    await e2e.a11y(page);
  });

  it('shows the schema messages on the login form', async () => {
    const page = await e2e.open('/login');
    const form = page.getByTestId('login-form');
    await form.getByRole('button', { name: 'ACCESS_TERMINAL' }).click();
    const text = (await form.textContent()) ?? '';
    expect(text).toContain('Invalid email address');
    expect(text).toContain('Password is required');
  });

  it('toasts "Login failed" with the server message for a wrong password', async () => {
    const user = await e2e.user('user');
    const page = await e2e.open('/auth');
    await login(page, user.email, 'Wrong!Password1');
    const text = await toastText(page, 'Login failed');
    expect(text).toContain('Login failed');
    expect(text.replace('Login failed', '').trim().length).toBeGreaterThan(3);
    expect(await page.locator('.t0-toast-destructive').count()).toBe(1);
    // The form keeps its input and is usable again.
    expect(await page.getByTestId('login-form').getByLabel('EMAIL').inputValue()).toBe(user.email);
    await e2e.shot(page, 'auth-login-failed', { fullPage: false });
  });

  it('signs a subscriber in with the welcome toast and goes to the dashboard', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/auth');
    await login(page, sub.email, sub.password);
    const text = await toastText(page, 'Welcome back!');
    expect(text).toContain('Welcome back!');
    expect(await page.locator('.t0-toast-welcome').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('DashboardPage').waitFor();
  });

  it('validates the register form as it is typed, with the shared messages', async () => {
    const page = await e2e.open('/auth');
    await page.getByText('REGISTER', { exact: true }).click();
    const form = page.getByTestId('register-form');
    const password = form.getByLabel('PASSWORD', { exact: true });
    await password.fill('abc');
    await form.getByText('Password must be at least 8 characters').waitFor();
    await password.fill('abcdefgh');
    await form.getByText('Password must contain at least 1 uppercase letter').waitFor();
    await password.fill('Abcdefgh');
    await form.getByText('Password must contain at least 1 special character').waitFor();
    await password.fill(PASSWORD);
    await form.getByRole('button', { name: 'INITIALIZE_TERMINAL' }).click();
    const text = (await form.textContent()) ?? '';
    expect(text).toContain('First name is required');
    expect(text).toContain('Invalid email address');
    await e2e.shot(page, 'auth-register-invalid', { fullPage: false });
  });

  it('toasts "Registration failed" for an address already registered', async () => {
    const existing = await e2e.user('user');
    const page = await e2e.open('/subscribe');
    const form = page.getByTestId('register-form');
    await form.getByLabel('FIRST NAME').fill('Ada');
    await form.getByLabel('LAST NAME').fill('Again');
    await form.getByLabel('EMAIL').fill(existing.email);
    await form.getByLabel('PASSWORD', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'INITIALIZE_TERMINAL' }).click();
    const text = await toastText(page, 'Registration failed');
    expect(text).toContain('Registration failed');
    expect(new URL(page.url()).pathname).toBe('/subscribe');
  });

  it('register → test-mode checkout → subscribed → dashboard', async () => {
    const email = uniqueEmail('newcomer');
    const page = await e2e.open('/auth');
    await page.getByText('REGISTER', { exact: true }).click();
    const form = page.getByTestId('register-form');
    await form.getByLabel('FIRST NAME').fill('Nova');
    await form.getByLabel('LAST NAME').fill('Trader');
    await form.getByLabel('EMAIL').fill(email);
    await form.getByLabel('PASSWORD', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'INITIALIZE_TERMINAL' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout/test');
    const stored = await page.evaluate(() =>
      ['trader_email', 'trader_name', 'pending_subscription_email', 'pending_subscription_plan'].map((k) =>
        localStorage.getItem(k),
      ),
    );
    expect(stored).toEqual([email, 'Nova Trader', email, 'monthly']);
    expect(await page.textContent('body')).toContain(email);
    await page.getByRole('button', { name: /PAY AND ACTIVATE/ }).click();
    await page.waitForURL((u) => u.pathname === '/auth/whop-success');
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await page.getByTestId('checkout-success').waitFor();
    await e2e.shot(page, 'auth-checkout-success', { fullPage: false });
    await e2e.a11y(page);
    // Continues to the terminal on its own.
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 10_000 });
    await page.getByTestId('DashboardPage').waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json()));
    expect(me.hasActiveSubscription).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('pending_subscription_email'))).toBeNull();
  });

  it('forgot password → reset through the e-mailed link → login with the new password', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/auth');
    await page.getByTestId('login-form').getByLabel('EMAIL').fill(user.email);
    await page.getByRole('button', { name: 'reset access code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('EMAIL').inputValue()).toBe(user.email);
    await page.waitForTimeout(300);
    await e2e.shot(page, 'auth-forgot-modal', { fullPage: false });
    await e2e.a11y(page);
    await dialog.getByRole('button', { name: 'SEND_RESET' }).click();
    const sent = await toastText(page, 'Reset Link Sent');
    expect(sent).toContain('Reset Link Sent');
    expect(sent).toContain('Check your email for password reset instructions');
    await dialog.waitFor({ state: 'detached' });

    const mail = await e2e.product.waitForMail(user.email, { subject: /reset/i });
    const link = mail.text.match(/https?:\/\/\S*\/reset-password\?\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await page.getByTestId('reset-password-page').waitFor();
    const input = page.getByLabel('NEW PASSWORD');
    await input.fill('weakpass');
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await page.getByText('Password must contain at least 1 uppercase letter').waitFor();
    await page.getByRole('button', { name: 'Show or hide password' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    await e2e.shot(page, 'reset-password-form', { fullPage: false });
    await e2e.a11y(page);
    const fresh = 'N3w!Secret';
    await input.fill(fresh);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await page.getByTestId('reset-complete').waitFor();
    expect(await toastText(page, 'Password Reset Successful')).toContain('Password Reset Successful');
    await e2e.shot(page, 'reset-password-complete', { fullPage: false });
    // Back to /auth on its own after 3 s.
    await page.waitForURL((u) => u.pathname === '/auth', { timeout: 6000 });

    await login(page, user.email, user.password);
    expect(await toastText(page, 'Login failed')).toContain('Login failed');
    await login(page, user.email, fresh);
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('refuses a used or made-up reset token with "Reset Failed"', async () => {
    const user = await e2e.user('user');
    const page = await e2e.open(`/reset-password?token=not-a-real-token&email=${encodeURIComponent(user.email)}`);
    await page.getByLabel('NEW PASSWORD').fill('N3w!Secret');
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    expect(await toastText(page, 'Reset Failed')).toContain('Reset Failed');
    expect(await page.getByTestId('reset-complete').count()).toBe(0);
  });

  it('sends an incomplete reset link to /auth with "Invalid Reset Link"', async () => {
    const page = await e2e.open('/reset-password?token=abc');
    await page.waitForURL((u) => u.pathname === '/auth');
    const text = await toastText(page, 'Invalid Reset Link');
    expect(text).toContain('Invalid Reset Link');
    expect(text).toContain('The password reset link is invalid or expired.');
  });
});
