import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// /auth in the visitor's language (docs/features/languages.md): the login form, the stats carousel,
// the forgotten-password dialog and the chosen plan in Arabic, right to left, at 390 and 1440 px; the
// panel of a signed-in account without access in Spanish. The words are read from the catalogues;
// a plan's amount keeps Latin digits, its name stays as the desk wrote it.

/** A language's catalogue of a namespace (src/locales/<language>/<namespace>.json). */
const words = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const AR = words('ar', 'auth');
const ES = words('es', 'auth');

/** The stats carousel's labels in a language. */
const statLabels = (w: Record<string, string>) =>
  ['stats.activeTraders', 'stats.profitThisMonth', 'stats.signalsToday', 'stats.winRate'].map((k) => w[k]!);

/** The screen's chunk and the language's catalogues may take a while on a busy machine: the first wait is longer. */
const FIRST_DRAW_MS = 45_000;

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

describeE2E('/auth in Arabic and Spanish', () => {
  const e2e = setupE2E();

  // One test per size: the machine running the suite may be slow, and each size runs axe twice.
  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`shows the login form, the stats carousel, the chosen plan and the forgotten-password dialog in Arabic (${viewport})`, async () => {
      const page = await e2e.open('/auth?plan=monthly', { locale: 'ar', viewport });
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      const form = page.getByTestId('login-form');
      await form.waitFor({ timeout: FIRST_DRAW_MS });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(AR['title.login']);
      await form.getByRole('button', { name: AR['login.submit'] }).waitFor();

      // The carousel (the side panel's at 1440 px, the one under the form at 390 px): an Arabic label, the figure as written.
      const carousel = page.locator('[data-testid="stats-carousel"]:visible').first();
      await carousel.waitFor();
      expect(await carousel.getAttribute('aria-label')).toBe(AR['stats.label']);
      expect(statLabels(AR)).toContain(await carousel.locator('.t0-label').textContent());
      expect(await carousel.locator('.t0-num').textContent()).toMatch(/^[+\d,%A-Z ]+$/);

      // The plan named in the address, above the form: its label in Arabic, its amount in Latin digits.
      const chosen = page.getByTestId('chosen-plan');
      await chosen.waitFor();
      expect(await chosen.innerText()).toContain(AR['plan.signInToGet']);
      const price = (await chosen.getByTestId('chosen-plan-price').textContent()) ?? '';
      expect(price).toMatch(/\$\d[\d,]*\.\d\d/);
      expect(price).not.toMatch(/[\u0660-\u0669]/);

      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `auth-login-ar-${viewport}`, { fullPage: false });
      await e2e.a11y(page);

      await form.getByRole('button', { name: AR['login.forgot'] }).click();
      const dialog = page.getByRole('dialog', { name: AR['forgot.title'] });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(AR['forgot.text']);
      await dialog.getByLabel(AR['field.email']!).waitFor();
      await dialog.getByRole('button', { name: AR['forgot.send'] }).waitFor();
      await dialog.getByRole('button', { name: AR['forgot.cancel'] }).waitFor();
      await page.waitForTimeout(300);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `auth-forgot-ar-${viewport}`, { fullPage: false });
      await e2e.a11y(page);
    }, 180_000);
  }

  for (const [locale, w] of [
    ['es-ES', ES],
    ['ar', AR],
  ] as const) {
    it(`shows a signed-in visitor's panel in ${locale} at 390 and 1440 px`, async () => {
      const user = await e2e.user('user');
      for (const viewport of ['mobile', 'desktop'] as const) {
        const page = await e2e.open('/auth', { as: user, locale, viewport });
        const panel = page.getByTestId('signed-in-panel');
        await panel.waitFor({ timeout: FIRST_DRAW_MS });
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(w['title.pending']);
        await panel.getByTestId('chosen-plan').waitFor();
        const text = (await panel.innerText()) ?? '';
        expect(text).toContain(w['signedIn.title']);
        expect(text).toContain(user.email);
        expect(text).toContain(w['plan.label']);
        expect(text).toContain(w['signedIn.logout']);
        await panel.getByRole('button', { name: w['signedIn.activate'] }).waitFor();
        expect(await panel.getByTestId('chosen-plan-price').textContent()).not.toMatch(/[\u0660-\u0669]/);
        expect((await documentLanguage(page)).dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(await hasHorizontalScroll(page)).toBe(false);
        await e2e.shot(page, `auth-signed-in-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);
      }
    }, 180_000);
  }

  it("shows the checkout's return page to a signed-out buyer in Arabic and Spanish at 390 px", async () => {
    for (const [locale, w, path, testId, title] of [
      ['ar', AR, '/auth/whop-success?source=whop', 'whop-success-signed-out', 'checkout.whopTitle'],
      ['es-ES', ES, '/auth/whop-success', 'checkout-success-signed-out', 'checkout.received'],
    ] as const) {
      const page = await e2e.open(path, { locale, viewport: 'mobile' });
      const body = page.getByTestId(testId);
      await body.waitFor({ timeout: FIRST_DRAW_MS });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(w[title]);
      await body.getByRole('link', { name: w['checkout.goToLogin'] }).waitFor();
      expect((await documentLanguage(page)).dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `auth-checkout-return-${locale}-mobile`, { fullPage: false });
      if (locale === 'ar') await e2e.a11y(page);
    }
  }, 180_000);
});
