import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, hasHorizontalScroll, PASSWORD, setupE2E, uniqueEmail } from './harness';

const SUPPORT = 'help-desk@support.example.net';

/** The toast on screen (one at a time). */
/** The toast on screen with this title (one at a time; an older one may still be leaving). */
async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('.t0-toast', { hasText: title }).last();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

describeE2E('landing page', () => {
  const e2e = setupE2E({ env: { SUPPORT_EMAIL: SUPPORT } });

  it('shows the sections in order with the live ticker', async () => {
    const page = await e2e.open('/');
    const ticker = page.getByTestId('ticker');
    await page.locator('[data-testid="ticker"][data-live="true"]').waitFor();
    const tickerText = (await ticker.textContent()) ?? '';
    for (const symbol of ['AUDUSD', 'GBPJPY', 'US30', 'BTCUSD', 'XAUUSD']) expect(tickerText).toContain(symbol);
    expect(tickerText).toContain('SIMULATED');
    expect(tickerText).toMatch(/[+-]\d+\.\d pips/);
    // BTCUSD and XAUUSD always show the static values.
    expect(tickerText).toContain('110,140.00');

    const order = await page.evaluate(() =>
      ['[data-testid="ticker"]', 'header', '#home', '#features', '#preview', '#contact', 'footer'].map(
        (s) => document.querySelector(s)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    expect(await page.locator('#features h3').allTextContents()).toEqual([
      'T0 BLOG',
      'T0 RESOURCES',
      'MULTI-TIMEFRAME ANALYSIS',
    ]);
    const gallery = page.getByTestId('preview-gallery');
    expect(await gallery.locator('svg[role="img"]').count()).toBe(11);
    expect(await page.locator('#preview').textContent()).toContain('STATUS: UNAUTHORIZED');
    for (const claim of ['10,000+', '24/7', 'REAL-TIME', '90%', '847', '12'])
      expect(await page.locator('#home').textContent()).toContain(claim);

    for (const name of ['ACCESS TERMINAL', 'MEMBER LOGIN', 'GET ACCESS', 'ACCESS ALL FEATURES WITH SUBSCRIPTION']) {
      expect(await page.getByRole('link', { name, exact: true }).first().getAttribute('href'), name).toBe('/auth');
    }
    await e2e.shot(page, 'landing-desktop');
    await e2e.shot(page, 'landing-desktop-top', { fullPage: false });
    await e2e.a11y(page);
  });

  it('takes over its copy as the build drew it, while its links stay in the app and it is drawn again on return', async () => {
    const page = await e2e.open('/');
    // React marks each element it draws or hydrates with its fiber key: the static blocks
    // (components/StaticMarkup.tsx) carry it, nothing inside them does.
    const blocks = () =>
      page.evaluate(() => {
        const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
        return [...document.querySelectorAll('[data-static]')].map((b) => ({
          name: b.getAttribute('data-static'),
          block: owned(b),
          elements: b.querySelectorAll('*').length,
          owned: [...b.querySelectorAll('*')].filter(owned).length,
        }));
      });
    const adopted = await blocks();
    expect(adopted.map((b) => b.name)).toEqual([
      'landing-hero',
      'landing-features',
      'landing-preview',
      'landing-offer',
      'landing-footer-nav',
      'landing-legal',
    ]);
    for (const b of adopted) {
      expect(b.block, b.name!).toBe(true);
      expect(b.elements, b.name!).toBeGreaterThan(2);
      expect(b.owned, b.name!).toBe(0);
    }
    // An in-app link inside goes through the router: the same document, no new load.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('[data-static="landing-footer-nav"]').getByRole('link', { name: 'TRACK RECORD' }).click();
    await page.waitForURL('**/performance');
    await page.getByTestId('PerformancePage').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Back on the landing page nothing is left to adopt: the app draws the blocks, the same copy.
    await page.goBack();
    await page.getByTestId('landing-page').waitFor();
    const drawn = await blocks();
    expect(drawn.map((b) => b.name)).toEqual(adopted.map((b) => b.name));
    for (const b of drawn) expect(b.owned, b.name!).toBe(b.elements);
    expect(await page.locator('#features h3').allTextContents()).toEqual([
      'T0 BLOG',
      'T0 RESOURCES',
      'MULTI-TIMEFRAME ANALYSIS',
    ]);
    // The hero's way in still leads to the sign-in page without a new load.
    await page.locator('[data-static="landing-hero"]').getByRole('link', { name: 'ACCESS TERMINAL' }).click();
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('opens a preview larger, still locked', async () => {
    const page = await e2e.open('/');
    await page.getByTestId('preview-gallery').getByRole('button').nth(3).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('MEMBER ACCESS REQUIRED');
    await page.waitForTimeout(300);
    await e2e.shot(page, 'landing-preview-dialog', { fullPage: false });
    await e2e.a11y(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await e2e.open('/', { viewport: 'mobile' });
    // The hero fills a phone's first screen: the sections below it are laid out and painted only as
    // they come near the screen (content-visibility), and drawn in full when scrolled to.
    const drawn = (id: string) =>
      page.evaluate((i) => document.querySelector(`#${i} h2`)!.checkVisibility({ contentVisibilityAuto: true }), id);
    expect(await drawn('preview')).toBe(false);
    expect(await drawn('contact')).toBe(false);
    // As the menu's links scroll to it: its top under the sticky bar, whatever was estimated above it.
    await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
    await expect.poll(() => drawn('contact')).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top)))
      .toBe(60);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'landing-mobile');
    await e2e.shot(page, 'landing-mobile-top', { fullPage: false });
    await e2e.a11y(page);
  });

  it('lets a visitor who asks for reduced motion scroll the standing ticker from the keyboard', async () => {
    const page = await e2e.open('/', { reducedMotion: true });
    const viewport = page.getByTestId('ticker-viewport');
    await expect.poll(() => viewport.getAttribute('tabindex')).toBe('0');
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    expect(await viewport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The focus ring shows: drawn inside the strip, whose edge fade (a mask) would hide it outside.
    expect(
      await viewport.evaluate((el) => {
        const style = getComputedStyle(el);
        return [el.matches(':focus-visible'), style.outlineStyle, style.outlineOffset, style.maskImage];
      }),
    ).toEqual([true, 'solid', '-2px', 'none']);
    await e2e.a11y(page);
  });

  it('falls back to the static ticker when live prices fail', async () => {
    const { page, context } = await e2e.openWith('/', { waitForApp: false });
    await context.route(/\/trpc\/[^?]*prices\.live/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '[]' }),
    );
    await page.reload();
    await page.getByTestId('landing-page').waitFor();
    const ticker = page.getByTestId('ticker');
    // The failed request has been answered once the ticker says STATIC.
    await expect.poll(() => ticker.textContent(), { timeout: 10_000 }).toContain('STATIC');
    expect(await ticker.getAttribute('data-live')).toBe('false');
    const text = (await ticker.textContent()) ?? '';
    expect(text).toContain('STATIC');
    expect(text).toContain('0.65169');
    expect(text).toContain('196.122');
    expect(text).toContain('42,762');
    expect(text).toContain('3346.70');
  });

  it('shows the support address from the server setting, a live UTC clock and back-to-top', async () => {
    const page = await e2e.open('/');
    const support = page.getByTestId('support-email');
    expect(await support.textContent()).toBe(SUPPORT);
    expect(await support.getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    const clock = page.getByTestId('utc-clock');
    const first = (await clock.textContent()) ?? '';
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2} UTC$/);
    const now = new Date().toISOString().slice(11, 16);
    expect(first.slice(0, 5) === now || Math.abs(Number(first.slice(3, 5)) - Number(now.slice(3, 5))) <= 1).toBe(true);
    await expect.poll(() => clock.textContent(), { timeout: 3000 }).not.toBe(first);
    for (const label of ['TERMS', 'PRIVACY', 'RISK'])
      expect(await page.locator('footer').textContent()).toContain(label);
    expect(await page.locator('footer a[href="/dashboard"]').textContent()).toBe('TERMINAL');
    expect(await page.locator('footer a[href="/profile"]').textContent()).toBe('PROFILE');
    expect(await page.locator('footer a[href="/performance"]').textContent()).toBe('TRACK RECORD');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('checks the registration form on both paths', async () => {
    const page = await e2e.open('/#contact');
    const form = page.getByTestId('landing-registration');
    await form.getByRole('button', { name: 'CONTINUE TO REGISTRATION' }).click();
    expect(await page.getByTestId('landing-form-alert').textContent()).toBe(
      'Please fill in your name and email address.',
    );
    await form.getByLabel('NAME').fill('Ada Lovelace');
    await form.getByLabel('EMAIL').fill('ada.example');
    await form.getByRole('button', { name: 'CONTINUE TO REGISTRATION' }).click();
    expect(await page.getByTestId('landing-form-alert').textContent()).toBe('Please enter a valid email address.');
    await form.getByLabel('EMAIL').fill('a@b');
    await form.getByRole('button', { name: 'CONTINUE TO REGISTRATION' }).click();
    expect(await page.getByTestId('landing-form-alert').textContent()).toBe('Please enter a valid email address.');
    await e2e.shot(page, 'landing-form-invalid', { fullPage: false });

    await form.getByLabel('NAME').fill('');
    await form.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION' }).click();
    const text = await toastText(page, 'VALIDATION ERROR');
    expect(text).toContain('VALIDATION ERROR');
    expect(text).toContain('Please enter your name and email address');
  });

  it('stores name and e-mail and goes on to /subscribe with the register form filled in', async () => {
    const page = await e2e.open('/');
    const form = page.getByTestId('landing-registration');
    await form.getByLabel('NAME').fill('Grace Brewster Hopper');
    await form.getByLabel('EMAIL').fill('grace@example.com');
    await form.getByLabel('PHONE').fill('+44 20 7946 0000');
    await form.getByLabel('EXPERIENCE').selectOption('advanced');
    await form.getByRole('button', { name: 'CONTINUE TO REGISTRATION' }).click();
    await page.waitForURL((u) => u.pathname === '/subscribe');
    const stored = await page.evaluate(() => [
      localStorage.getItem('trader_name'),
      localStorage.getItem('trader_email'),
    ]);
    expect(stored).toEqual(['Grace Brewster Hopper', 'grace@example.com']);
    const register = page.getByTestId('register-form');
    await register.waitFor();
    expect(await register.getByLabel('EMAIL').inputValue()).toBe('grace@example.com');
    expect(await register.getByLabel('FIRST NAME').inputValue()).toBe('Grace');
    expect(await register.getByLabel('LAST NAME').inputValue()).toBe('Brewster Hopper');
  });

  it('shows CONNECTION ERROR when the checkout cannot start, and lets the visitor try again', async () => {
    const { page, context } = await e2e.openWith('/');
    await context.route(/\/trpc\/[^?]*payments\.createCheckoutSession/, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { message: 'Payments are down', code: -32603, data: { code: 'BAD_GATEWAY', httpStatus: 502 } } },
        ]),
      });
    });
    const form = page.getByTestId('landing-registration');
    await form.getByLabel('NAME').fill('Ada');
    await form.getByLabel('EMAIL').fill('ada@example.com');
    await form.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION' }).click();
    const pending = form.getByRole('button', { name: 'INITIALIZING ACCESS...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    const text = await toastText(page, 'CONNECTION ERROR');
    expect(text).toContain('CONNECTION ERROR');
    expect(text).toContain('Failed to start checkout process: Payments are down');
    expect(await form.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION' }).isEnabled()).toBe(true);
  });

  it('Activate → test-mode checkout → paid → set password from the welcome e-mail → terminal', async () => {
    const email = uniqueEmail('visitor');
    const page = await e2e.open('/');
    const form = page.getByTestId('landing-registration');
    await form.getByLabel('NAME').fill('Visiting Trader');
    await form.getByLabel('EMAIL').fill(email);
    // What the buyer accepts by activating, each page one click away (the checkout records its version).
    const consent = form.getByTestId('landing-consent');
    expect(await consent.textContent()).toBe(
      'By activating you accept the Terms of Service, the Risk Disclosure and the Refund Policy.',
    );
    expect(await consent.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe('/refund');
    await consent.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'landing-consent', { fullPage: false });
    await form.getByRole('button', { name: 'ACTIVATE SUBSCRIPTION' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout/test');
    expect(await page.textContent('body')).toContain('TEST MODE');
    expect(await page.textContent('body')).toContain(email);
    await e2e.shot(page, 'landing-checkout-test-mode', { fullPage: false });
    // The terms and the risk disclosure are one click from paying.
    expect(await page.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: 'Risk disclosure' }).getAttribute('href')).toBe('/risk');
    expect(await page.getByRole('link', { name: 'Refund policy' }).getAttribute('href')).toBe('/refund');
    await page.getByRole('button', { name: /PAY AND ACTIVATE/ }).click();
    await page
      .waitForURL((u) => u.pathname !== '/checkout/test', { timeout: 10_000 })
      .catch(async () => {
        await e2e.shot(page, 'debug-checkout');
        throw new Error(`still on the checkout page: ${await page.textContent('body')}`);
      });
    await page.waitForURL((u) => u.pathname === '/auth/whop-success');
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    const done = page.getByTestId('checkout-success-signed-out');
    await done.waitFor();
    expect(await done.textContent()).toContain(email);
    await e2e.shot(page, 'landing-checkout-success-visitor', { fullPage: false });

    // The account was created with the payment; its password comes from the welcome link.
    const mail = await e2e.product.waitForMail(email, { subject: /Welcome/ });
    const link = mail.text.match(/https?:\/\/\S*\/reset-password\?\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByTestId('startup-screen').waitFor({ state: 'detached' });
    await page.getByLabel('NEW PASSWORD').fill(PASSWORD);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await page.getByTestId('reset-complete').waitFor();
    await page.getByRole('link', { name: 'CONTINUE TO LOGIN' }).click();
    const login = page.getByTestId('login-form');
    await login.waitFor();
    await login.getByLabel('EMAIL').fill(email);
    await login.getByLabel('PASSWORD', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'ACCESS_TERMINAL' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('DashboardPage').waitFor();
  });
});
