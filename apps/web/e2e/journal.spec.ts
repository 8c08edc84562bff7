import { readFileSync } from 'node:fs';
import { LEADERBOARD_MIN_TRADES } from '@t0/contracts';
import { decodeReport, parseMt5Report } from '@t0/contracts/domain/journal/trade-import';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { pick } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// The subscriber's own book in Chromium: I TOOK IT in the signal dialog, then MY RESULTS with my
// curve beside the desk's once the desk closes. A scripted feed, so the desk closes at a typed price.

/** A language's catalogue of a namespace (src/locales/<language>/<namespace>.json). */
const catalogue = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const LONG = {
  instrument: 'AUDUSD',
  direction: 'long',
  entryPrice: 0.65,
  slPrice: 0.648,
  // Above the desk's close at 0.654 (next test): a T0 crossed on the way there would take its share
  // when the price monitor runs before the close, and the desk's figures would depend on that race.
  t0Price: 0.6545,
  t1Price: 0.6575,
  monthlyBias: 'Bullish',
  memo: 'Range break',
};

describeE2E('the subscriber’s own book', () => {
  const e2e = setupE2E({ feed: { AUDUSD: 0.65 } });
  let admin: TestUser;
  let sub: TestUser;
  let first: number;

  beforeAll(async () => {
    admin = await e2e.user('admin');
    sub = await e2e.user('subscriber');
    first = (await expectOk(admin.api.post('/api/signals', LONG), 'signal')).id;
  });

  const openDialog = async (page: Page) => {
    page.setDefaultTimeout(30_000);
    await page.getByTestId('signals-table').waitFor({ timeout: 45_000 });
    await page
      .getByTestId('signals-table')
      .getByRole('row', { name: /AUDUSD/ })
      .first()
      .getByText('AUDUSD')
      .click();
    const dialog = page.getByTestId('signal-dialog');
    await dialog.waitFor();
    return dialog;
  };

  it('marks a signal taken from the dialog, at the entry, on the phone and the desktop', async () => {
    const { page, errors } = await e2e.openWith('/dashboard', { as: sub, viewport: 'mobile' });
    const dialog = await openDialog(page);
    const panel = dialog.getByTestId('took-it');
    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'I TOOK IT' }).click();
    await panel
      .getByTestId('took-it-state')
      .getByText(/You took it at 0\.65000 · open/)
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'took-it-dialog-mobile', { fullPage: false });
    const mine = await expectOk(sub.api.get('/api/user/results'), 'results');
    expect(mine.trades).toMatchObject([{ signalId: first, decision: 'took', fillPrice: 0.65, account: 'Main' }]);
    expect(errors).toEqual([]);

    const desktop = await e2e.open('/dashboard', { as: sub });
    const d = await openDialog(desktop);
    // The state survives a new page: the panel reads it from the server.
    await d
      .getByTestId('took-it-state')
      .getByText(/You took it at 0\.65000/)
      .waitFor();
    await d.getByTestId('took-it').scrollIntoViewIfNeeded();
    await e2e.shot(desktop, 'took-it-dialog-desktop', { fullPage: false });
  }, 150_000);

  it('shows my results beside the desk’s, with both curves, once the desk has closed', async () => {
    // A second signal the subscriber took worse (0.6505) and closed half of early at 0.6520.
    await e2e.movePrice('AUDUSD', 0.6505);
    const second = (
      await expectOk(
        admin.api.post('/api/signals', {
          ...LONG,
          entryPrice: 0.6505,
          slPrice: 0.6485,
          t0Price: 0.6545,
          t1Price: 0.6575,
        }),
        'second',
      )
    ).id;
    await expectOk(sub.api.post(`/api/signals/${second}/took`, { fillPrice: 0.651 }), 'took');
    await expectOk(sub.api.post(`/api/signals/${second}/exits`, { price: 0.652, share: 50 }), 'exit');
    await e2e.movePrice('AUDUSD', 0.654);
    await expectOk(admin.api.post(`/api/signals/${first}/close`, { exitPrice: 0.654 }), 'close first');
    await expectOk(admin.api.post(`/api/signals/${second}/close`, { exitPrice: 0.654 }), 'close second');

    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, errors } = await e2e.openWith('/results', { as: sub, viewport });
      page.setDefaultTimeout(30_000);
      await page.getByTestId('results-table').waitFor({ timeout: 45_000 });
      // Mine: first 40 / 20 = +2R; second (risk 25 pips) 50 % at +10 pips (0.4R) and 50 % at +30 (1.2R) = +0.8R.
      // The desk's: +2R and 35 / 20 = +1.75R.
      const figures = page.getByTestId('my-figures');
      await figures.locator('[data-figure="totalR"]').getByText('+2.80R').waitFor();
      await figures.locator('[data-figure="deskTotalR"]').getByText('+3.75R').waitFor();
      await page.getByTestId('results-curves').waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toContain('not part of the desk');
      expect(text).not.toMatch(/\bNaN\b|\bnull\b|undefined/);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `results-${viewport}`);
      if (viewport === 'desktop') await e2e.a11y(page);
      expect(errors).toEqual([]);
    }
  }, 150_000);
  it('shows the desk, not the public, how many took each signal', async () => {
    const page = await e2e.open('/admin123?tab=signals', { as: admin });
    page.setDefaultTimeout(30_000);
    const cells = page.getByTestId('signals-table').getByTestId('signal-takers');
    await cells.first().waitFor({ timeout: 45_000 });
    // One subscriber took each of the two signals; figures wait for five takers.
    expect(await cells.allInnerTexts()).toEqual(['1', '1']);
    await cells.first().scrollIntoViewIfNeeded();
    await e2e.shot(page, 'console-signal-takers', { fullPage: false });
    const anonymous = await fetch(`${e2e.product.url}/api/admin/signals/takers`);
    expect(anonymous.status).toBe(401);
  }, 120_000);
  it('sets a price alert in the profile, and its firing reaches the open terminal', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/profile?section=alerts', { as: sub, viewport });
      page.setDefaultTimeout(30_000);
      const section = page.getByTestId('price-alerts-section');
      await section.waitFor({ timeout: 45_000 });
      if (viewport === 'desktop') {
        await pick(section, 'Instrument', 'AUDUSD');
        await section.getByLabel('Price').fill('0.6550');
        await section.getByLabel('Note').fill('Range top');
        await section.getByRole('button', { name: 'ADD ALERT' }).click();
      }
      await section.getByTestId('price-alerts-table').getByText('AUDUSD ABOVE 0.65500').waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `price-alerts-${viewport}`, { fullPage: false });
      if (viewport === 'desktop') await e2e.a11y(page);
    }
    const terminal = await e2e.open('/dashboard', { as: sub });
    await terminal.getByTestId('signals-table').waitFor({ timeout: 45_000 });
    await e2e.movePrice('AUDUSD', 0.6556);
    await terminal.getByText('PRICE ALERT: AUDUSD above 0.65500 (mid)').waitFor({ timeout: 30_000 });
    const alerts = await expectOk(sub.api.get('/api/user/price-alerts'), 'alerts');
    expect(alerts).toMatchObject([{ instrument: 'AUDUSD', firedCount: 1, active: false }]);
  }, 150_000);

  it('imports an MT5 report at the suggested server time, then a CSV, and matches a trade by hand', async () => {
    await expectOk(sub.api.post('/api/user/accounts', { name: 'MT5 demo' }), 'account');
    await e2e.movePrice('AUDUSD', 0.6501);
    const third = await expectOk(
      admin.api.post('/api/signals', {
        ...LONG,
        entryPrice: 0.6501,
        slPrice: 0.6481,
        t0Price: 0.6531,
        t1Price: 0.6561,
      }),
      'third',
    );
    const page = await e2e.open('/results', { as: sub });
    page.setDefaultTimeout(30_000);
    const panel = page.getByTestId('import-panel');
    await panel.waitFor({ timeout: 45_000 });
    const input = panel.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'ReportHistory-demo.html',
      mimeType: 'text/html',
      buffer: mt5ReportFollowing(third.createdAt),
    });
    await pick(panel, 'Into account', 'MT5 demo');
    await panel.getByRole('button', { name: 'IMPORT', exact: true }).click();
    // Nothing is written until the broker's time is known; the suggestion applies on one click.
    await panel.getByTestId('import-offset').getByText('Your signals suggest UTC+03:00.').waitFor();
    expect(await expectOk(sub.api.get('/api/user/imported-trades'), 'nothing yet')).toEqual([]);
    await panel.getByRole('button', { name: 'IMPORT AT UTC+03:00' }).click();
    await panel.getByTestId('import-result').getByText('4 TRADES · 1 MATCHED · 4 NEW · 0 ALREADY IMPORTED').waitFor();
    expect(await panel.getByLabel('Broker’s server time').inputValue()).toBe('UTC+03:00');
    const unmatched = panel.getByTestId('unmatched-trade');
    await expect.poll(() => unmatched.count(), { timeout: 15_000 }).toBe(3);
    // The matched trade is the account's entry for the new signal.
    const book = await expectOk(sub.api.get('/api/user/results?account=MT5%20demo'), 'book');
    expect(book.trades).toMatchObject([{ signalId: third.id, decision: 'took', fillPrice: 0.6501 }]);

    // The CSV: its AUDUSD trade follows the same signal, whose entry is the report's trade already.
    const opened = new Date(Date.parse(third.createdAt) + 120_000).toISOString();
    const csv = readFileSync(
      new URL('../../../packages/contracts/src/domain/fixtures/imports/trades.csv', import.meta.url),
    )
      .toString('utf8')
      .replace('2026-11-10T12:01:05Z', opened);
    await input.setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    expect(await panel.getByRole('radio', { name: 'CSV' }).isChecked()).toBe(true);
    await pick(panel, 'Broker’s server time', 'UTC±00:00');
    await panel.getByLabel(/Broker symbols/).fill('DJ30=US30');
    await panel.getByRole('button', { name: 'IMPORT', exact: true }).click();
    await panel.getByTestId('import-result').getByText('3 TRADES · 0 MATCHED · 3 NEW · 0 ALREADY IMPORTED').waitFor();
    await expect.poll(() => unmatched.count(), { timeout: 15_000 }).toBe(6);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await panel.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'import-desktop');
    await e2e.a11y(page);

    // By hand: the CSV's AUDUSD trade to the first signal, one of the candidates the select offers.
    const row = panel.locator('[data-ref="t-1"]');
    await row.getByLabel('Signal for AUDUSD t-1').click();
    const imported = await expectOk(sub.api.get('/api/user/imported-trades?unmatched=true'), 'unmatched');
    const t1 = imported.find((t: { ref: string }) => t.ref === 't-1');
    const candidates = await expectOk(sub.api.get(`/api/user/imported-trades/${t1.id}/candidates`), 'candidates');
    // The three AUDUSD longs of this file (or two, run alone), newest first.
    expect(candidates.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([third.id, first]));
    const options = page.getByRole('option', { name: /AUDUSD LONG/ });
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBe(candidates.length);
    await page.getByRole('option', { name: new RegExp(`^#${first} AUDUSD LONG`) }).click();
    await row.getByRole('button', { name: 'MATCH' }).click();
    await page.getByText(`AUDUSD matched to signal #${first}`).waitFor();
    await expect.poll(() => unmatched.count(), { timeout: 15_000 }).toBe(5);
    const trades = await expectOk(sub.api.get('/api/user/imported-trades'), 'imported');
    expect(trades.find((t: { ref: string }) => t.ref === 't-1')).toMatchObject({
      signalId: first,
      account: 'MT5 demo',
    });

    const phone = await e2e.open('/results', { as: sub, viewport: 'mobile' });
    const phonePanel = phone.getByTestId('import-panel');
    await phonePanel.getByTestId('unmatched-trade').first().waitFor({ timeout: 45_000 });
    await phonePanel.getByPlaceholder('No signal of this trade').first().waitFor({ timeout: 45_000 });
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await e2e.shot(phone, 'import-mobile');
  }, 180_000);

  it('shows MY RESULTS, MY TRADE and the leaderboard in Arabic and Spanish at 390 and 1440 px', async () => {
    // An analyst with no closed signal yet: listed on the board, unranked.
    const analyst = await e2e.user('user');
    const named = await admin.api.post(`/api/admin/users/${analyst.id}/analyst`, {
      displayName: 'Ana Lyst',
      title: 'Head of FX',
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    for (const locale of ['ar', 'es'] as const) {
      const journal = catalogue(locale, 'journal');
      const record = catalogue(locale, 'record');
      for (const viewport of ['mobile', 'desktop'] as const) {
        const { page, errors } = await e2e.openWith('/results', { as: sub, locale, viewport });
        page.setDefaultTimeout(30_000);
        await page.getByTestId('results-table').waitFor({ timeout: 45_000 });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await page.getByRole('heading', { level: 1, name: journal['page.title'] }).waitFor();
        // My figures as written everywhere (R, Latin digits), beside the desk's, in the reader's words.
        // (The imported trades of the test before count too: the figure itself is that test's to check.)
        const total = page.getByTestId('my-figures').locator('[data-figure="totalR"]');
        await total.getByText(/^[+-]?\d+\.\d{2}R$/).waitFor();
        const text = await page.locator('main').innerText();
        for (const key of ['page.notice', 'figures.deskSame', 'curves.title', 'book.title', 'import.title'])
          expect(text, key).toContain(journal[key]);
        expect(text).not.toContain('MY BOOK');
        expect(text).not.toContain('IMPORT FILLS');
        expect(text).not.toMatch(/\bNaN\b|\bnull\b|undefined/);
        expect(await hasHorizontalScroll(page)).toBe(false);
        await e2e.shot(page, `results-${locale}-${viewport}`);
        if (locale === 'ar') await e2e.a11y(page);
        expect(errors).toEqual([]);

        const board = await e2e.open('/performance/leaderboard', { as: admin, locale, viewport });
        board.setDefaultTimeout(30_000);
        await board.getByText(record['leaderboard.windowAll']!, { exact: true }).click();
        await board.locator('[data-slug="ana-lyst"]').waitFor({ timeout: 45_000 });
        expect(await board.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await board.getByRole('heading', { level: 1, name: record['page.leaderboard'] }).waitFor();
        expect(await board.getByTestId('leaderboard-rules').textContent()).toBe(
          record['leaderboard.rules']!.replace('{{min}}', String(LEADERBOARD_MIN_TRADES)),
        );
        expect(await board.getByTestId('leaderboard-visibility').textContent()).toBe(
          record['leaderboard.internalBadge'],
        );
        const table = await board.getByTestId('leaderboard-table').innerText();
        for (const key of ['leaderboard.rank', 'leaderboard.expectancy', 'leaderboard.unranked'])
          expect(table, key).toContain(record[key]);
        expect(await hasHorizontalScroll(board)).toBe(false);
        await e2e.shot(board, `leaderboard-${locale}-${viewport}`);
        if (locale === 'ar') await e2e.a11y(board);
      }

      // MY TRADE in the signal dialog, in the reader's words.
      const terminal = await e2e.open('/dashboard', { as: sub, locale, viewport: 'mobile' });
      const panel = (await openDialog(terminal)).getByTestId('took-it');
      await panel.scrollIntoViewIfNeeded();
      await panel.getByText(journal['trade.title']!, { exact: true }).waitFor();
      await panel.getByRole('link', { name: journal['trade.results'] }).waitFor();
      expect(await panel.getByRole('button', { name: journal['trade.skippedIt'], exact: true }).count()).toBe(1);
      expect(await hasHorizontalScroll(terminal)).toBe(false);
      await e2e.shot(terminal, `took-it-dialog-${locale}-mobile`, { fullPage: false });
    }
  }, 240_000);
});

/**
 * The MetaTrader 5 fixture with its times moved so that its first position follows a signal
 * published at `publishedAt` as it followed the unit test's first signal (in the server's UTC+3):
 * the report as the subscriber would save it today, in its own UTF-16 bytes.
 */
function mt5ReportFollowing(publishedAt: string) {
  const file = readFileSync(
    new URL('../../../packages/contracts/src/domain/fixtures/imports/mt5-trade-history-utc+3.html', import.meta.url),
  );
  let html = decodeReport(new Uint8Array(file));
  const shift = Date.parse(publishedAt) - Date.parse('2026-11-10T12:00:00Z');
  const mt5 = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '.');
  for (const trade of parseMt5Report(html))
    for (const wall of [trade.openTime, trade.closeTime]) {
      if (!wall) continue;
      html = html.split(mt5(Date.parse(`${wall}Z`))).join(mt5(Date.parse(`${wall}Z`) + shift));
    }
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, 'utf16le')]);
}
