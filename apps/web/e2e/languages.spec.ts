import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, setupE2E, type TestUser } from './harness';

// The app in the browser's language (docs/features/languages.md): Arabic right to left, Spanish,
// the account's choice over the browser's; prices stay left to right and are written as the copier
// block writes them (Latin digits, '.', the instrument's decimals); nothing scrolls sideways.

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
  // Market signals are published at the live price: a scripted feed stands at the prices the
  // copier block writes GBPJPY 196.125 and AUDUSD 0.65169.
  const e2e = setupE2E({ feed: { GBPJPY: 196.125, AUDUSD: 0.65169 } });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await e2e.user('admin');
    for (const [instrument, levels] of [
      ['AUDUSD', { entryPrice: 0.65169, slPrice: 0.649, t0Price: 0.654, t1Price: 0.658 }],
      ['GBPJPY', { entryPrice: 196.125, slPrice: 195.6, t0Price: 197.2, t1Price: 198.3 }],
    ] as const) {
      const res = await admin.api.post('/api/signals', {
        instrument,
        direction: 'long',
        monthlyBias: 'Bullish',
        confidence: 80,
        ...levels,
      });
      if (res.status !== 200) throw new Error(`signal: ${res.status} ${JSON.stringify(res.body)}`);
    }
  });

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

  it('shows the terminal in Arabic right to left and in Spanish, prices as the copier block writes them', async () => {
    const sub = await e2e.user('subscriber');
    const words = {
      ar: { title: 'منصة T0 للتداول', table: 'منصة الإشارات', copy: 'نسخ الدخول', dir: 'rtl' },
      'es-ES': { title: 'TERMINAL DE TRADING T0', table: 'TERMINAL DE SEÑALES', copy: 'Copiar entrada', dir: 'ltr' },
    } as const;
    for (const locale of ['ar', 'es-ES'] as const) {
      const w = words[locale];
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context, errors } = await e2e.openWith('/dashboard', { as: sub, locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.waitForFunction((d) => document.documentElement.dir === d, w.dir);
        await expect.poll(() => page.locator('#terminal-title').textContent()).toBe(w.title);
        expect(await page.locator('#signals-title').textContent()).toBe(w.table);
        const table = page.getByTestId('signals-table');
        await table.waitFor();
        // The entries as the copier block writes them, whatever the language.
        await expect.poll(() => table.getByText('196.125', { exact: true }).count()).toBeGreaterThan(0);
        expect(await table.getByText('0.65169', { exact: true }).count()).toBeGreaterThan(0);
        expect(await table.innerText()).not.toMatch(/[\u0660-\u0669]/);
        expect(await fitsWidth(page)).toBe(true);
        // The terminal scrolls itself below the sticky header on arrival: back to the top as a reader
        // would (a wheel turn stops it), for the screen as seen.
        await page.mouse.move(10, 400);
        await expect
          .poll(async () => {
            await page.mouse.wheel(0, -3000);
            return page.evaluate(() => window.scrollY);
          })
          .toBe(0);
        await e2e.shot(page, `terminal-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);

        if (viewport === 'desktop') {
          // The dialog's level and its copy button: the block's figure too.
          await context.grantPermissions(['clipboard-read', 'clipboard-write']);
          await table
            .getByRole('row', { name: /GBPJPY/ })
            .first()
            .click();
          const dialog = page.getByTestId('signal-dialog');
          await dialog.waitFor();
          expect(await dialog.getByTestId('dialog-entry').innerText()).toBe('196.125');
          await dialog.getByRole('button', { name: w.copy }).click();
          await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('196.125');
          if (locale === 'ar') {
            await e2e.shot(page, 'terminal-ar-dialog');
            await e2e.a11y(page);
          }
          await page.keyboard.press('Escape');
        }
        expect(errors).toEqual([]);
      }
    }
  });
});
