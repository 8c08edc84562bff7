import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, screenshot, setupE2E, type TestUser } from './harness';

// The app in the browser's language (docs/features/languages.md): Arabic right to left, Spanish,
// the account's choice over the browser's; prices stay left to right and are written as the copier
// block writes them (Latin digits, '.', the instrument's decimals); nothing scrolls sideways.

/** A language's catalogue of a namespace (src/locales/<language>/<namespace>.json). */
const words = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
/** A language's landing catalogue (src/locales/<language>/landing.json). */
const landingWords = (language: string) => words(language, 'landing');
/** A language's profile catalogue (src/locales/<language>/profile.json). */
const profileWords = (language: string) => words(language, 'profile');
/** The landing header's sign-in button in Arabic (landing:nav.memberLogin). */
const MEMBER_LOGIN_AR = landingWords('ar')['nav.memberLogin']!;

/** What the window shows, under e2e/screenshots/ with the others. */
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

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

  it('shows the profile’s sections and the cancel dialog in Arabic right to left and in Spanish, at 1440 and 390 px', async () => {
    const sub = await e2e.user('subscriber');
    // The translated sections: each tab and the heading of its panel.
    const sections = [
      ['profile', 'profile-section', 'user.title'],
      ['security', 'security-section', 'security.title'],
      ['billing', 'billing-section', 'billing.title'],
      ['trading', 'trading-section', 'trading.title'],
      ['referral', 'referral-section', 'referral.title'],
    ] as const;
    for (const [locale, language, dir] of [
      ['ar', 'ar', 'rtl'],
      ['es-ES', 'es', 'ltr'],
    ] as const) {
      const w = profileWords(language);
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, errors } = await e2e.openWith('/profile', { as: sub, locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.waitForFunction((d) => document.documentElement.dir === d, dir);
        await expect.poll(() => page.getByRole('tab').first().textContent()).toBe(w['tab.profile']);
        expect(await page.getByRole('tablist').getAttribute('aria-label')).toBe(w['page.sections']);
        // Each tab's words fit its tab (the column of tabs is 220 px wide at 1440 px).
        if (viewport === 'desktop')
          expect(
            await page
              .getByRole('tab')
              .evaluateAll((tabs) => tabs.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent)),
          ).toEqual([]);
        for (const [tab, testId, title] of sections) {
          await page.getByRole('tab', { name: w[`tab.${tab}`] }).click();
          const panel = page.getByTestId(testId);
          await panel.waitFor();
          await page.waitForFunction(() => !document.querySelector('[data-testid="loading-skeleton"]'));
          expect(await panel.getByRole('heading', { level: 2 }).textContent(), `${locale} ${tab}`).toBe(w[title]);
          expect(await fitsWidth(page), `${locale} ${viewport} ${tab}`).toBe(true);
          expect(await hasHorizontalScroll(page), `${locale} ${viewport} ${tab}`).toBe(false);
          await e2e.shot(page, `profile-${tab}-${locale}-${viewport}`, { fullPage: true });
          if (locale === 'ar') await e2e.a11y(page);
        }

        // Billing in test mode: the status, the renewal date in the reader's language with Latin
        // digits (as amounts have), the invoice's amount as written everywhere.
        await page.getByRole('tab', { name: w['tab.billing'] }).click();
        const billing = page.getByTestId('billing-section');
        await billing.getByTestId('billing-cancel').waitFor();
        expect(await billing.getByTestId('billing-status').textContent()).toContain(w['status.active']);
        const period = (await billing.getByTestId('billing-period').innerText()).replace(/\s+/g, ' ');
        expect(period).toContain(w['billing.renewsOn']);
        if (locale === 'ar') expect(period).toMatch(/\d{1,2} [\u0600-\u06FF]+ \d{4}/);
        else expect(period).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
        expect(await billing.innerText()).not.toMatch(/[\u0660-\u0669]/);
        expect(await billing.getByTestId('billing-invoices').innerText()).toMatch(/\$\d+\.\d{2}/);

        if (viewport === 'desktop') {
          await billing.getByTestId('billing-cancel').click();
          const dialog = page.getByTestId('cancel-dialog');
          await dialog.waitFor();
          await expect
            .poll(() => page.getByRole('dialog').getByRole('heading').first().textContent())
            .toBe(w['cancel.title']);
          // The reasons in the reader's words; the one sent is the desk's English.
          expect(await dialog.locator('option').allTextContents()).toContain(w['cancel.reason.break']);
          await page.waitForTimeout(300); // the dialog's opening transition
          await e2e.shot(page, `profile-cancel-${locale}`, { fullPage: false });
          if (locale === 'ar') await e2e.a11y(page);
          await dialog.getByRole('button', { name: w['cancel.keep'] }).click();
          await dialog.waitFor({ state: 'hidden' });
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    }
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
          // Its publication time in the reader's language, with Latin digits in Arabic as prices have.
          const created = await dialog.getByTestId('dialog-created').innerText();
          if (locale === 'ar') expect(created).toMatch(/^\d{1,2} [\u0600-\u06FF]+ \d{4}، \d{2}:\d{2} /);
          else
            expect(created).toMatch(
              /^\d{1,2} (?:ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}, \d{2}:\d{2} /,
            );
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

  it('shows the blog’s list and a post in Arabic right to left and in Spanish, the post’s own words as written', async () => {
    const post = await admin.api.post('/api/blog-posts', {
      title: 'Why We Wait for the Retest',
      excerpt: 'Chasing a breakout buys the worst price of the move.',
      author: 'T0 Research Desk',
      content: 'First paragraph.\n\nSecond paragraph.',
      published: true,
    });
    if (post.status !== 200) throw new Error(`post: ${post.status} ${JSON.stringify(post.body)}`);
    const id = (post.body as { id: number }).id;
    const words = {
      ar: {
        title: 'تحليلات التداول',
        count: 'نُشر تحليل واحد',
        read: 'اقرأ التحليل كاملًا',
        back: 'العودة إلى التحليلات',
        dir: 'rtl',
      },
      'es-ES': {
        title: 'ANÁLISIS DE TRADING',
        count: '1 ANÁLISIS PUBLICADO',
        read: 'LEER ANÁLISIS COMPLETO',
        back: 'VOLVER A LOS ANÁLISIS',
        dir: 'ltr',
      },
    } as const;
    for (const locale of ['ar', 'es-ES'] as const) {
      const w = words[locale];
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, errors } = await e2e.openWith('/blog', { locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.waitForFunction((d) => document.documentElement.dir === d, w.dir);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(w.title);
        await expect.poll(() => page.getByTestId('blog-count').textContent()).toBe(w.count);
        const card = page.getByTestId('blog-card').first();
        // The post's own words stay as the desk wrote them; the chrome around them is translated.
        expect(await card.getByRole('heading').textContent()).toBe('Why We Wait for the Retest');
        expect(await card.getByRole('link', { name: `${w.read}: Why We Wait for the Retest` }).count()).toBe(1);
        const text = await card.innerText();
        if (locale === 'ar') {
          expect(text).toMatch(/\d{1,2} [\u0600-\u06FF]+ \d{4}/);
          expect(text).not.toMatch(/[\u0660-\u0669]/);
        } else expect(text).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
        expect(await page.title()).toContain(w.title);
        expect(await fitsWidth(page)).toBe(true);
        await e2e.shot(page, `blog-list-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);

        await card.getByRole('link', { name: new RegExp(w.read) }).click();
        await page.getByTestId('blog-post').waitFor();
        expect(new URL(page.url()).pathname).toBe(`/blog/${id}`);
        expect(await page.getByRole('link', { name: w.back }).count()).toBe(1);
        expect(await page.getByTestId('blog-content').innerText()).toContain('Second paragraph.');
        expect(await page.getByTestId('blog-post').innerText()).toContain('T0 Research Desk');
        expect(await fitsWidth(page)).toBe(true);
        await e2e.shot(page, `blog-post-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);
        expect(errors).toEqual([]);
      }
    }
  });

  it('shows the notification popover in Arabic right to left and in Spanish, the notices as stored', async () => {
    const sub = await e2e.user('subscriber');
    const stamp = Date.now();
    // More than the popover shows (10): its footer counts them.
    for (let i = 1; i <= 11; i++) {
      const res = await admin.api.post('/api/notifications', {
        title: `Desk notice ${stamp}-${i}`,
        message: 'Quiet open expected tonight.',
        type: 'info',
        priority: 'high',
      });
      if (res.status !== 200) throw new Error(`notice: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // Each language marks its own notice read (Arabic the newest, Spanish the one before).
    const notice = { ar: `Desk notice ${stamp}-11`, 'es-ES': `Desk notice ${stamp}-10` } as const;
    const words = {
      ar: {
        bell: /^الإشعارات، \d+ إشعار\S* غير مقروءة?$/,
        title: 'إشعارات النظام',
        footer: /^عرض 10 من \d+ إشعار(ًا)?$/,
        center: 'مركز الإشعارات',
        markRead: `تعليم «${notice.ar}» كمقروء`,
        toast: 'عُلّم الإشعار كمقروء',
        now: /^(الآن|قبل [\u0600-\u06FF\d ]+)$/,
        dir: 'rtl',
      },
      'es-ES': {
        bell: /^Notificaciones, \d+ sin leer$/,
        title: 'NOTIFICACIONES DEL SISTEMA',
        footer: /^MOSTRANDO 10 DE \d+ NOTIFICACIONES$/,
        center: 'CENTRO DE NOTIFICACIONES',
        markRead: `Marcar «${notice['es-ES']}» como leída`,
        toast: 'Notificación marcada como leída',
        now: /^(ahora|hace \d+ minutos?)$/,
        dir: 'ltr',
      },
    } as const;
    for (const locale of ['ar', 'es-ES'] as const) {
      const w = words[locale];
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, errors } = await e2e.openWith('/dashboard', { as: sub, locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.waitForFunction((d) => document.documentElement.dir === d, w.dir);
        const bell = page.getByTestId('notification-bell');
        await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(w.bell);
        await bell.click();
        const popover = page.getByTestId('notifications-popover');
        await popover.waitFor();
        await expect.poll(() => popover.getByText(w.title, { exact: true }).count()).toBe(1);
        const item = popover.getByTestId('popover-item').filter({ hasText: notice[locale] });
        await item.waitFor();
        // The notice's own words as the server stored them; the time since in the reader's language.
        expect(await item.innerText()).toContain('Quiet open expected tonight.');
        expect((await item.locator('time').innerText()).trim()).toMatch(w.now);
        expect(await popover.getByTestId('popover-footer').innerText()).toMatch(w.footer);
        expect(await popover.getByRole('link', { name: w.center, exact: true }).count()).toBe(1);
        expect(await popover.innerText()).not.toMatch(/[\u0660-\u0669]/);
        // Every control's words whole, none cut at the popover's edge.
        const cut = await popover.evaluate((el) =>
          [...el.querySelectorAll('button, a')]
            // A notice's own title is cut with an ellipsis on purpose.
            .filter((c) => !c.closest('[data-testid="popover-item"]') || c.tagName === 'BUTTON')
            .filter(
              (c) =>
                c.scrollWidth > c.clientWidth + 1 ||
                c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1,
            )
            .map((c) => c.textContent),
        );
        expect(cut).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await e2e.shot(page, `notifications-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);
        if (viewport === 'desktop') {
          await item.getByRole('button', { name: w.markRead }).click();
          await page.getByText(w.toast).first().waitFor();
          await expect.poll(() => item.getAttribute('data-read')).toBe('true');
        }
        expect(errors).toEqual([]);
      }
    }
  });

  it('shows the subscriber’s messages in Arabic right to left and in Spanish, the messages as written', async () => {
    const sub = await e2e.user('subscriber');
    const words = {
      ar: { title: 'الرسائل', field: 'الرسالة', send: 'إرسال', you: 'أنت', sent: 'أُرسلت', dir: 'rtl' },
      'es-ES': { title: 'MENSAJES', field: 'Mensaje', send: 'ENVIAR', you: 'TÚ', sent: 'ENVIADO', dir: 'ltr' },
    } as const;
    for (const locale of ['ar', 'es-ES'] as const) {
      const w = words[locale];
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, errors } = await e2e.openWith('/messages', { as: sub, locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.waitForFunction((d) => document.documentElement.dir === d, w.dir);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(w.title);
        const thread = page.getByTestId('message-thread');
        await thread.waitFor();
        if (viewport === 'desktop') {
          const text = `Yearly billing, please (${locale}).`;
          await thread.getByLabel(w.field, { exact: true }).fill(text);
          await thread.getByRole('button', { name: w.send }).click();
          const mine = thread.getByTestId('message').filter({ hasText: text });
          await mine.waitFor();
          // Who and when in the reader's language (Latin digits), the message as written.
          const line = await mine.locator('p').first().innerText();
          expect(line.startsWith(`${w.you} · `)).toBe(true);
          expect(line.endsWith(` · ${w.sent}`)).toBe(true);
          expect(line).not.toMatch(/[\u0660-\u0669]/);
          if (locale === 'ar') expect(line).toMatch(/\d{1,2} [\u0600-\u06FF]+ \d{4}/);
        }
        expect(await fitsWidth(page)).toBe(true);
        await e2e.shot(page, `messages-${locale}-${viewport}`, { fullPage: false });
        if (locale === 'ar') await e2e.a11y(page);
        expect(errors).toEqual([]);
      }
    }
  });

  it('answers every language page pre-rendered in its language, each naming every version of itself', async () => {
    const pages = [
      ['/', 'en', 'ltr', 'TRADE WITH THE'],
      ['/es/', 'es', 'ltr', 'OPERA CON LOS'],
      ['/pt-br/', 'pt-BR', 'ltr', 'OPERE COM OS'],
      ['/ar/', 'ar', 'rtl', 'تداول مع'],
      ['/ar', 'ar', 'rtl', 'تداول مع'],
      ['/performance', 'en', 'ltr', 'TRACK RECORD'],
      ['/ar/performance', 'ar', 'rtl', 'سجل الأداء'],
      ['/es/performance', 'es', 'ltr', 'HISTORIAL DE RESULTADOS'],
      ['/pt-br/performance', 'pt-BR', 'ltr', 'HISTÓRICO DE RESULTADOS'],
    ] as const;
    const english = await fetch(`${e2e.product.url}/`, { headers: { 'accept-encoding': 'br' } });
    for (const [address, lang, dir, shown] of pages) {
      const res = await fetch(`${e2e.product.url}${address}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, address).toBe(200);
      // Served as the English page is: the same caching and policy, brotli.
      for (const header of ['cache-control', 'content-security-policy'])
        expect(res.headers.get(header), `${address} ${header}`).toBe(english.headers.get(header));
      expect(res.headers.get('content-encoding'), address).toBe('br');
      const html = await res.text();
      expect(html, address).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(html, address).toContain(shown);
      const base = address.includes('performance') ? '/performance' : '/';
      // The page's own title and description in its language (the record's, the landing page's).
      const ownWords = base === '/' ? landingWords(lang) : words(lang, 'record');
      expect(html.match(/<meta name="description" content="([^"]*)">/)?.[1], address).toBe(
        ownWords['meta.description'],
      );
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], address).toBe(
        base === '/' ? 'T0 Terminal' : `${ownWords['meta.title']} | T0 Terminal`,
      );
      const own =
        base === '/'
          ? { en: '/', es: '/es/', 'pt-BR': '/pt-br/', ar: '/ar/' }
          : {
              en: '/performance',
              es: '/es/performance',
              'pt-BR': '/pt-br/performance',
              ar: '/ar/performance',
            };
      // Absolute, on the site's address (PUBLIC_URL, written in by the server: the build was not given it).
      const site = e2e.product.url;
      const canonical = address === '/ar' ? '/ar/' : address;
      expect(html, address).toContain(`<link rel="canonical" href="${site}${canonical}">`);
      for (const [code, href] of Object.entries(own))
        expect(html, address).toContain(`<link rel="alternate" hreflang="${code}" href="${site}${href}">`);
      expect(html, address).toContain(`<link rel="alternate" hreflang="x-default" href="${site}${own.en}">`);
      // A language page carries its own words for hydration, and no other language's; English none.
      const carried = html.match(/<script type="application\/json" id="t0-words">([\s\S]*?)<\/script>/)?.[1];
      if (lang === 'en') expect(carried, address).toBeUndefined();
      else
        expect(Object.keys(JSON.parse(carried!) as object).sort(), address).toEqual(
          base === '/' ? ['landing', 'shell'] : ['record', 'shell'],
        );
    }
  });

  it('shows /ar/ in Arabic to an English browser: right to left, no sideways scroll, axe clean, in Arabic once hydrated', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, errors } = await e2e.openWith('/ar/', { locale: 'en-US', viewport });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await page.locator('#hero-title').textContent()).toBe('تداول مع البنوك، لا ضدها.');
      // The app has taken over (idle after hydration), and the address's language stayed.
      await page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'));
      await page
        .getByTestId('utc-clock')
        .filter({ hasText: /\d\d:\d\d:\d\d UTC/ })
        .waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await page.locator('#hero-title').textContent()).toBe('تداول مع البنوك، لا ضدها.');
      expect(await page.locator('header').getByText('المنصة').count()).toBeGreaterThan(0);
      const links = page.getByTestId('language-links');
      expect(await links.getByRole('link', { name: 'العربية' }).getAttribute('aria-current')).toBe('page');
      expect(await fitsWidth(page)).toBe(true);
      await e2e.shot(page, `prerendered-ar-${viewport}`, { fullPage: false });
      await links.scrollIntoViewIfNeeded();
      // Figures read left to right but sit where the column's words do: the clock ends where the
      // support address above it ends (it sat at the column's far side).
      const edge = (testId: string) =>
        page.getByTestId(testId).evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return Math.round(range.getBoundingClientRect().right);
        });
      expect(Math.abs((await edge('utc-clock')) - (await edge('support-email')))).toBeLessThanOrEqual(2);
      await e2e.shot(page, `prerendered-ar-footer-${viewport}`, { fullPage: false });
      await e2e.a11y(page);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('shows /es/ in Spanish to an Arabic browser, at 390 and 1440 px', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, errors } = await e2e.openWith('/es/', { locale: 'ar', viewport });
      await page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'));
      await page
        .getByTestId('utc-clock')
        .filter({ hasText: /\d\d:\d\d:\d\d UTC/ })
        .waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
      expect(await page.locator('#hero-title').textContent()).toBe('OPERA CON LOS BANCOS, NO CONTRA ELLOS.');
      expect(await fitsWidth(page)).toBe(true);
      await e2e.shot(page, `prerendered-es-${viewport}`, { fullPage: false });
      expect(errors).toEqual([]);
    }
  });

  it('keeps the language on the links of a language page, and past it; the language links choose for the visitor', async () => {
    const { page, errors } = await e2e.openWith('/ar/', { locale: 'en-US', viewport: 'desktop' });
    await page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'));
    // The record in Arabic, and home again in Arabic.
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'سجل الأداء' }).click();
    await page.waitForURL('**/ar/performance');
    await page.getByTestId('PerformancePage').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The record's own words in Arabic (the landing page did not carry them: fetched with i18next).
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe(words('ar', 'record')['meta.title']);
    expect(await page.getByTestId('hypothetical-notice').textContent()).toBe(
      words('ar', 'record')['page.hypothetical'],
    );
    await page.getByRole('link', { name: words('ar', 'shell')['back.home']! }).click();
    await page.waitForURL((url) => url.pathname === '/ar/');
    await page.locator('#hero-title').waitFor();
    // A screen with no language version (the sign-in) stays in the language of the visit.
    await page.locator('header').getByRole('link', { name: MEMBER_LOGIN_AR }).click();
    await page.waitForURL('**/auth');
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 20_000 }).toBe('تسجيل دخول آمن');
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(errors).toEqual([]);

    // An Arabic browser following the English link sees English, and keeps it on the next visit to /.
    const arabic = await e2e.openWith('/ar/', { locale: 'ar', viewport: 'desktop' });
    await arabic.page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'));
    await arabic.page.getByTestId('language-links').getByRole('link', { name: 'English' }).click();
    await arabic.page.waitForURL((url) => url.pathname === '/');
    await arabic.page.waitForFunction(() => document.documentElement.classList.contains('t0-idle'));
    await arabic.page
      .getByTestId('utc-clock')
      .filter({ hasText: /\d\d:\d\d:\d\d UTC/ })
      .waitFor();
    expect(await documentLanguage(arabic.page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await arabic.page.locator('#hero-title').textContent()).toMatch(/^TRADE WITH THE/);
    expect(arabic.errors).toEqual([]);
  });
});
