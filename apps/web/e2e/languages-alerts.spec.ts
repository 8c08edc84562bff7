import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The profile's ALERTS tab (alert settings, MY PRICE ALERTS, web push, Telegram, community), the
// two-factor panel under SECURITY and the notification center in Arabic (right to left) and
// Spanish (docs/features/languages.md). The words are read from the catalogues; what the server
// stored (a notice's title and text) and a subscriber's own note stay as written; prices keep
// Latin digits.

/** A language's catalogue of a namespace (src/locales/<language>/<namespace>.json). */
const words = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
/** `{{name}}` filled in, as the app's lookup writes it. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

const LANGUAGES = [
  { locale: 'ar', language: 'ar', dir: 'rtl' },
  { locale: 'es-ES', language: 'es', dir: 'ltr' },
] as const;
/** Arabic at both widths; Spanish once, on the desktop. */
const RUNS = [
  { ...LANGUAGES[0], viewport: 'desktop' },
  { ...LANGUAGES[0], viewport: 'mobile' },
  { ...LANGUAGES[1], viewport: 'desktop' },
] as const;

/** document.scrollingElement.scrollWidth <= innerWidth: nothing sticks out sideways. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth);
}

async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="loading-skeleton"]'));
}

describeE2E('the alerts, two-factor and notification center in other languages', () => {
  const e2e = setupE2E();

  it('shows the profile’s ALERTS tab in Arabic right to left at 1440 and 390 px, and in Spanish', async () => {
    const sub = await e2e.user('subscriber');
    // One price alert that never fires (AUDUSD far below 5), with the subscriber's own note.
    const created = await sub.api.post('/api/user/price-alerts', {
      instrument: 'AUDUSD',
      condition: 'above',
      level: '5',
      side: 'mid',
      repeat: 'once',
      note: 'Range top',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    for (const { locale, language, dir, viewport } of RUNS) {
      const p = words(language, 'profile');
      const a = words(language, 'alerts');
      const { page, errors } = await e2e.openWith('/profile?section=alerts', { as: sub, locale, viewport });
      page.setDefaultTimeout(30_000);
      await page.waitForFunction((d) => document.documentElement.dir === d, dir);
      const alerts = page.getByTestId('alerts-section');
      await expect.poll(() => alerts.getByRole('heading', { level: 2 }).textContent()).toBe(p['alerts.title']);
      await settled(page);
      await alerts.getByRole('switch', { name: p['alerts.email'] }).waitFor();
      expect(await alerts.getByRole('switch', { name: p['alerts.quiet'] }).count()).toBe(1);
      // The channel table's cells are named in the reader's words.
      const cell = fill(p['alerts.cell']!, {
        event: p['alerts.event.t0_hit']!,
        channel: p['alerts.channel.email']!,
      });
      expect(await page.getByTestId('channel-table').getByRole('checkbox', { name: cell }).count()).toBe(1);
      expect(await alerts.getByRole('button', { name: p['alerts.save'] }).count()).toBe(1);

      // MY PRICE ALERTS: its words translated, the price as written everywhere, the note as written.
      const prices = page.getByTestId('price-alerts-section');
      expect(await prices.getByRole('heading', { level: 2 }).textContent()).toBe(a['section.title']);
      expect(await prices.getByRole('button', { name: a['form.add'] }).count()).toBe(1);
      const table = prices.getByTestId('price-alerts-table');
      await table.getByText('5.00000', { exact: true }).waitFor();
      expect(await table.innerText()).toContain(a['condition.above']);
      expect(await table.innerText()).not.toMatch(/[\u0660-\u0669]/);
      if (viewport === 'desktop') expect(await table.innerText()).toContain('Range top');
      // The level reads left to right inside the right-to-left row.
      expect(await table.getByText('5.00000', { exact: true }).evaluate((el) => getComputedStyle(el).direction)).toBe(
        'ltr',
      );

      for (const [testId, title] of [
        ['web-push-section', p['push.title']],
        ['telegram-section', p['telegram.title']],
        ['community-section', p['community.title']],
      ] as const)
        expect(await page.getByTestId(testId).getByRole('heading', { level: 2 }).textContent(), testId).toBe(title);

      expect(await fitsWidth(page), `${locale} ${viewport}`).toBe(true);
      expect(await hasHorizontalScroll(page), `${locale} ${viewport}`).toBe(false);
      await e2e.shot(page, `alerts-tab-${language}-${viewport}`, { fullPage: true });
      if (language === 'ar') await e2e.a11y(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 300_000);

  it('shows the two-factor panel under SECURITY in Arabic right to left at 1440 and 390 px, and in Spanish', async () => {
    const admin = await e2e.user('admin');
    for (const { locale, language, dir, viewport } of RUNS) {
      const p = words(language, 'profile');
      const { page, errors } = await e2e.openWith('/profile?section=security', { as: admin, locale, viewport });
      page.setDefaultTimeout(30_000);
      await page.waitForFunction((d) => document.documentElement.dir === d, dir);
      const panel = page.getByTestId('two-factor-section');
      await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe(p['twoFactor.title']);
      expect(await panel.getByText(p['twoFactor.description']!).count()).toBe(1);
      // The shared administrator has no second factor here: the set-up, started, shows the secret
      // (left to right) and asks for a code; nothing is confirmed, so nothing changes for it.
      await panel.getByText(p['twoFactor.off']!, { exact: true }).waitFor();
      await panel.getByRole('button', { name: p['twoFactor.setUp'] }).click();
      const enrolment = panel.getByTestId('second-factor-enrolment');
      await enrolment.waitFor();
      expect(await enrolment.getAttribute('aria-label')).toBe(p['twoFactor.confirmLabel']);
      await enrolment.getByAltText(p['twoFactor.qr']!).waitFor();
      expect(await enrolment.getByLabel(p['twoFactor.code']!, { exact: true }).count()).toBe(1);
      expect(await enrolment.getByRole('button', { name: p['twoFactor.confirm'] }).count()).toBe(1);
      const secret = enrolment.getByTestId('second-factor-secret');
      expect((await secret.textContent())!.trim()).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await secret.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

      expect(await fitsWidth(page), `${locale} ${viewport}`).toBe(true);
      expect(await hasHorizontalScroll(page), `${locale} ${viewport}`).toBe(false);
      await panel.scrollIntoViewIfNeeded();
      await e2e.shot(page, `two-factor-${language}-${viewport}`, { fullPage: true });
      if (language === 'ar') await e2e.a11y(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 300_000);

  it('shows the notification center in Arabic right to left at 1440 and 390 px, and in Spanish, the notices as stored', async () => {
    const [admin, sub] = await Promise.all([e2e.user('admin'), e2e.user('subscriber')]);
    const title = `Desk alert ${Date.now()}`;
    const res = await admin.api.post('/api/notifications', {
      title,
      message: 'Spreads widen around the rate decision.',
      type: 'alert',
      priority: 'high',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    for (const { locale, language, dir, viewport } of RUNS) {
      const n = words(language, 'notifications');
      const shell = words(language, 'shell');
      const { page, errors } = await e2e.openWith('/system-status', { as: sub, locale, viewport });
      page.setDefaultTimeout(30_000);
      await page.waitForFunction((d) => document.documentElement.dir === d, dir);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(n['popover.center']);
      await settled(page);
      expect(await page.getByRole('link', { name: shell['back.terminal'] }).count()).toBe(1);
      const active = page.getByRole('region', { name: n['center.active'] });
      const processed = page.getByRole('region', { name: n['center.processed'] });
      await processed.waitFor();
      // The first run (Arabic on the desktop) marks it read, below: unread before, read after.
      const read = !(language === 'ar' && viewport === 'desktop');
      const item = (read ? processed : active).getByTestId('alert-item').filter({ hasText: title });
      await item.waitFor();
      const text = await item.innerText();
      // The notice as the server stored it; its priority and type in the reader's words.
      expect(text).toContain('Spreads widen around the rate decision.');
      expect(text).toContain(n['priority.high']);
      expect(text).toContain(n['type.alert']);
      expect(text).not.toMatch(/[\u0660-\u0669]/);
      if (language === 'ar') expect((await item.locator('time').innerText()).trim()).toMatch(/[\u0600-\u06FF]/);
      const button = fill(read ? n['center.markUnreadLabel']! : n['center.markReadLabel']!, { title });
      await item.getByRole('button', { name: button }).waitFor();

      expect(await fitsWidth(page), `${locale} ${viewport}`).toBe(true);
      expect(await hasHorizontalScroll(page), `${locale} ${viewport}`).toBe(false);
      await e2e.shot(page, `system-status-${language}-${viewport}`, { fullPage: false });
      if (language === 'ar') await e2e.a11y(page);

      if (language === 'ar' && viewport === 'desktop') {
        await item.getByRole('button', { name: button }).click();
        await page.getByText(n['toast.read']!).first().waitFor();
        await processed.getByTestId('alert-item').filter({ hasText: title }).waitFor();
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 300_000);
});
