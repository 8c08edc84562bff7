import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { POLL } from '@t0/contracts';
import { describeE2E, hasHorizontalScroll, livePrice, setupE2E, type TestUser } from './harness';

// The terminal's panels below the signals table (analysis, blog, resources), a locked signal and the
// status and direction badges in the account's language (docs/features/languages.md): Arabic right
// to left at 390 and 1440 px, Spanish. On the shared product: its own users, room and signals (a
// room in no plan, so the plans every visitor sees stay as they are).

/** A language's terminal catalogue (src/locales/<language>/terminal.json). */
const words = (language: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/terminal.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const AR = words('ar');
const ES = words('es');

/** A catalogue's text with its `{{name}}` filled in. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** An account that chose a language in its profile. */
async function speaking(user: TestUser, language: string): Promise<TestUser> {
  await expectOk(user.api.request('PUT', '/api/user/preferences', { language }), 'language');
  return user;
}

/** The terminal open, in the language's direction, with its table and the panels below it drawn. */
async function openTerminal(page: Page, dir: 'rtl' | 'ltr') {
  page.setDefaultTimeout(30_000);
  await page.getByTestId('DashboardPage').waitFor({ timeout: 45_000 });
  await page.waitForFunction((d) => document.documentElement.dir === d, dir, { timeout: 45_000 });
  await page.getByTestId('signals-table').waitFor();
  await page.locator('#resources-title').waitFor();
}

/** Every status and direction badge of the table says its code's word in the catalogue. */
async function expectBadges(page: Page, w: Record<string, string>) {
  const table = page.getByTestId('signals-table');
  const statuses = await table
    .locator('[data-status]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-status'), (el as HTMLElement).innerText.trim()]));
  expect(statuses.length).toBeGreaterThan(0);
  for (const [code, text] of statuses) expect(text).toBe(w[`status.${code}`]);
  const directions = await table
    .locator('[data-direction]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-direction'), (el as HTMLElement).innerText.trim()]));
  expect(directions.length).toBeGreaterThan(0);
  for (const [kind, text] of directions) expect(text).toBe(w[`direction.${kind!.toLowerCase()}`]);
}

const fitsWidth = async (page: Page) => !(await hasHorizontalScroll(page));
/** The signals table is no wider than the box it would scroll in. */
const tableFits = (page: Page) =>
  page
    .getByTestId('signals-table')
    .evaluate((table) => table.getBoundingClientRect().width <= table.parentElement!.clientWidth + 1);

describeE2E('the terminal’s panels, locked signals and badges in Arabic and Spanish', () => {
  const e2e = setupE2E();
  // A room no plan includes: its open signal is locked to every subscriber (shown by its slug).
  const room = `lang-${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await e2e.user('admin');
    await expectOk(admin.api.post('/api/admin/rooms', { slug: room, name: 'Languages desk' }), 'room');
    // A memo, which the server withholds once a plan has ended (the locked analysis follows it).
    await expectOk(
      admin.api.request('PUT', '/api/chart-memos/US30', { memoText: 'Languages check: range-bound under the high.' }),
      'memo',
    );
    // Buy limits well below the market: open, their levels as published.
    const market = await livePrice(e2e.product, 'AUDUSD');
    const at = (share: number) => Math.round(market * share * 100_000) / 100_000;
    for (const signalRoom of ['main', room])
      await expectOk(
        admin.api.post('/api/signals', {
          room: signalRoom,
          instrument: 'AUDUSD',
          direction: 'long',
          entryPrice: at(0.9),
          slPrice: at(0.88),
          t0Price: at(0.93),
          t1Price: at(0.96),
          status: 'limit',
          monthlyBias: 'Bullish',
          memo: 'Languages check',
        }),
        `signal in ${signalRoom}`,
      );
    // And the widest price a row shows (US30's, `43,000.00`): the phone's columns must fit it too.
    const us30 = await livePrice(e2e.product, 'US30');
    const points = (share: number) => Math.round(us30 * share);
    await expectOk(
      admin.api.post('/api/signals', {
        instrument: 'US30',
        direction: 'short',
        entryPrice: points(1.02),
        slPrice: points(1.03),
        t0Price: points(0.99),
        t1Price: points(0.97),
        status: 'limit',
        monthlyBias: 'Bearish',
      }),
      'US30 signal',
    );
  });

  it('shows a subscriber who chose Arabic the panels and the badges in Arabic, right to left', async () => {
    const sub = await speaking(await e2e.user('subscriber'), 'ar');
    for (const viewport of ['desktop', 'mobile'] as const) {
      // An English browser: the account's choice decides.
      const { page, errors } = await e2e.openWith('/dashboard', { as: sub, viewport });
      await openTerminal(page, 'rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      await expectBadges(page, AR);
      // The table runs right to left too: its first column (the symbol) is the rightmost.
      const [symbolAt, directionAt] = await page
        .getByTestId('signals-table')
        .locator('th')
        .evaluateAll((ths) => ths.slice(0, 2).map((th) => th.getBoundingClientRect().left));
      expect(symbolAt).toBeGreaterThan(directionAt!);

      // A row's name for screen readers says its status in the reader's words.
      const row = page.getByTestId('signals-table').locator('tr[aria-label]').first();
      const code = await row.locator('[data-status]').first().getAttribute('data-status');
      expect(await row.getAttribute('aria-label')).toContain(AR[`status.${code}`]);

      expect(await page.locator('#analysis-title').textContent()).toBe(AR['analysis.title']);
      expect(await page.locator('#blog-title').textContent()).toBe(AR['blog.title']);
      expect(await page.locator('#resources-title').textContent()).toBe(AR['resources.title']);
      const analysis = page.getByTestId('analysis-GBPJPY');
      const monthly = AR['analysis.monthly']!;
      await analysis.getByRole('tab', { name: monthly }).waitFor();
      expect(await analysis.getByRole('tab', { name: AR['analysis.weekly'] }).count()).toBe(1);
      const timeframes = fill(AR['analysis.timeframes']!, { instrument: 'GBPJPY' });
      expect(await analysis.getByRole('tablist', { name: timeframes }).count()).toBe(1);
      await analysis.getByText(fill(AR['analysis.notes']!, { timeframe: monthly })).waitFor();
      await analysis.getByText(AR['analysis.memo']!, { exact: true }).waitFor();
      expect(await analysis.getByRole('link', { name: new RegExp(AR['analysis.tradingView']!) }).count()).toBe(1);
      expect(await page.getByRole('link', { name: AR['blog.viewAll'] }).count()).toBe(1);
      // The instruments' tabs stay as written.
      expect(await page.getByRole('tab', { name: 'GBPJPY' }).count()).toBe(1);

      if (viewport === 'mobile') expect(await fitsWidth(page)).toBe(true);
      await e2e.shot(page, `terminal-panels-ar-${viewport}`);
      await e2e.a11y(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('shows a subscriber who chose Arabic a signal of another room locked, and the analysis locked once the plan ends', async () => {
    const sub = await speaking(await e2e.user('subscriber'), 'ar');
    for (const viewport of ['mobile', 'desktop'] as const) {
      const desktop = viewport === 'desktop';
      const { page, context, errors } = await e2e.openWith('/dashboard', { as: sub, viewport, clock: desktop });
      await openTerminal(page, 'rtl');
      await expectBadges(page, AR);

      const lockedRow = page
        .getByTestId('signals-table')
        .locator('tr:has([data-testid="locked-status"])')
        .filter({ hasText: room });
      const status = lockedRow.getByTestId('locked-status');
      expect(await status.locator('[data-status]').innerText()).toBe(AR['status.open']);
      expect(await lockedRow.locator('[data-direction]').innerText()).toBe(AR['direction.locked']);
      expect(await lockedRow.getAttribute('aria-label')).toBe(
        fill(AR['table.rowLocked']!, { instrument: 'AUDUSD', status: AR['status.open']! }),
      );
      expect(await lockedRow.locator('[data-locked="true"]').first().getAttribute('aria-label')).toBe(
        fill(AR['locked.level']!, { label: AR['level.entry']! }),
      );
      // What is locked, in the UPGRADE button's accessible name.
      expect(await status.getByTestId('signal-upgrade').getAttribute('aria-label')).toContain(
        fill(AR['locked.subject']!, { instrument: 'AUDUSD' }),
      );
      if (!desktop) expect(await fitsWidth(page)).toBe(true);
      await e2e.shot(page, `terminal-locked-ar-${viewport}`);
      await e2e.a11y(page);

      if (desktop) {
        // The locked signal's dialog: why, in one sentence, with its room and publication time.
        await lockedRow.locator('td').first().click();
        const detail = page.getByTestId('locked-signal-detail');
        await detail.waitFor();
        const said = await detail.innerText();
        for (const key of ['locked.title', 'locked.sentence', 'locked.room', 'locked.published'])
          expect(said).toContain(AR[key]);
        // Its publication time in Arabic words with Latin digits, as prices have.
        expect(await detail.getByTestId('locked-published').innerText()).toMatch(
          /^\d{1,2} [\u0600-\u06FF]+ \d{4}، \d{2}:\d{2} /,
        );
        await page.waitForTimeout(300); // the dialog's opening transition
        await e2e.shot(page, 'terminal-locked-ar-dialog', { fullPage: false });
        await e2e.a11y(page);
        await page.keyboard.press('Escape');
        await detail.waitFor({ state: 'hidden' });

        // The plan ends while the terminal is open and its live stream is down: once the memos are
        // stale the next section shown asks again, and the analysis is locked (as terminal.spec.ts).
        await context.route(/\/trpc\/live\./, (route) => route.abort());
        await page.reload();
        await openTerminal(page, 'rtl');
        await page.getByTestId('analysis-GBPJPY').getByTestId('memo-text').waitFor();
        await expectOk(sub.api.post('/api/test/deactivate-subscription', { email: sub.email }), 'deactivate');
        await page.clock.fastForward(POLL.chartMemosStaleMs + 1_000);
        await page.getByRole('tab', { name: 'GBPUSD' }).click();
        await page.getByRole('tab', { name: 'GBPJPY' }).click();
        const analysis = page.getByTestId('analysis-GBPJPY');
        const locked = analysis.getByTestId('memo-locked');
        await locked.waitFor();
        const text = await locked.innerText();
        for (const key of ['analysis.lockedTitle', 'analysis.lockedMessage', 'analysis.hidden', 'analysis.keyLevels'])
          expect(text).toContain(AR[key]);
        expect(await analysis.innerText()).toContain(AR['analysis.notesHidden']);
        await locked.scrollIntoViewIfNeeded();
        await e2e.shot(page, 'terminal-analysis-locked-ar', { fullPage: false });
        await e2e.a11y(page);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);

  it('shows a subscriber who chose Spanish the panels in Spanish', async () => {
    const sub = await speaking(await e2e.user('subscriber'), 'es');
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, errors } = await e2e.openWith('/dashboard', { as: sub, viewport });
      await openTerminal(page, 'ltr');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await expectBadges(page, ES);
      expect(await page.locator('#analysis-title').textContent()).toBe(ES['analysis.title']);
      expect(await page.locator('#resources-title').textContent()).toBe(ES['resources.title']);
      const analysis = page.getByTestId('analysis-GBPJPY');
      await analysis.getByRole('tab', { name: ES['analysis.monthly'] }).waitFor();
      await analysis.getByText(fill(ES['analysis.notes']!, { timeframe: ES['analysis.monthly']! })).waitFor();
      if (viewport === 'mobile') {
        expect(await fitsWidth(page)).toBe(true);
        // Spanish's longer headers still leave the phone's columns (symbol, direction, entry, status) whole:
        // the table does not scroll inside its box.
        expect(await tableFits(page)).toBe(true);
      }
      await e2e.shot(page, `terminal-panels-es-${viewport}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);
});
