import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, setupE2E } from './harness';

// The app in the browser's language (docs/features/languages.md): Arabic right to left, Spanish,
// the account's choice over the browser's; prices stay left to right; nothing scrolls sideways.

const SHOTS = path.join(tmpdir(), 't0-languages');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false, animations: 'disabled' });
}

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** document.scrollingElement.scrollWidth <= innerWidth: nothing sticks out sideways. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth);
}

describeE2E('languages', () => {
  const e2e = setupE2E();

  it('shows the landing page in Arabic, right to left, at 390 and 1440 px, prices left to right', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, errors } = await e2e.openWith('/', { locale: 'ar', viewport });
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await expect.poll(() => page.locator('#hero-title').textContent()).toBe('تداول مع البنوك، لا ضدها.');
      expect(await page.locator('header').getByText('المنصة').count()).toBeGreaterThan(0);
      // Figures and prices keep their own direction.
      const num = page.locator('.t0-num').first();
      expect(await num.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `landing-ar-${viewport}`);
      expect(errors).toEqual([]);
    }
  });

  it('shows /auth in Arabic and in Spanish without sideways scrolling', async () => {
    for (const [locale, title, dir] of [
      ['ar', 'تسجيل دخول آمن', 'rtl'],
      ['es-ES', 'INICIO DE SESIÓN SEGURO', 'ltr'],
    ] as const) {
      for (const viewport of ['mobile', 'desktop'] as const) {
        const page = await e2e.open('/auth', { locale, viewport });
        await page.waitForFunction((d) => document.documentElement.dir === d, dir);
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
        expect((await documentLanguage(page)).dir).toBe(dir);
        expect(await fitsWidth(page)).toBe(true);
        await shot(page, `auth-${locale}-${viewport}`);
      }
    }
  });

  it('shows the landing page in Spanish for a Spanish browser', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const page = await e2e.open('/', { locale: 'es-MX', viewport });
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await expect.poll(() => page.locator('#hero-title').textContent()).toBe('OPERA CON LOS BANCOS, NO CONTRA ELLOS.');
      expect(await documentLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `landing-es-${viewport}`);
    }
  });

  it('keeps the language chosen in the profile over the browser’s, right to left in Arabic', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/profile', { as: sub, locale: 'ar', viewport: 'mobile' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const field = page.getByTestId('language');
    await expect.poll(() => field.locator('label').first().textContent()).toBe('اللغة');
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'profile-ar-mobile');

    await field.locator('input').first().click();
    await page.getByRole('option', { name: 'Español' }).click();
    await field.getByRole('button', { name: 'حفظ اللغة' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(await documentLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    expect((await sub.api.get('/api/user/preferences')).body).toMatchObject({ language: 'es' });

    // The account's choice wins over the Arabic browser on the next visit too.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await expect.poll(() => field.locator('label').first().textContent()).toBe('IDIOMA');
  });
});
