import { readFileSync } from 'node:fs';
import { formatPrice } from '@t0/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeE2E, livePrice, setupE2E, type TestUser } from './harness';

// The signal's dialog in the reader's language (docs/features/languages.md, namespace `signal`):
// its chart, bias, confidence, outcome and timeline in Arabic (right to left) and Spanish, the
// levels' codes T0 and T1 and every price as the copier block writes them (Latin digits).

/** A language's catalogue of the signal namespace (src/locales/<language>/signal.json). */
const words = (language: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/signal.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

/** The words of a catalogue entry before its first `{{value}}` (the chart's heading names the zone after). */
const before = (text: string) => text.split('{{')[0]!.trim();

/** document.scrollingElement.scrollWidth <= innerWidth: nothing sticks out sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth);

/** What the chart element says it holds (written from the charting library's own objects). */
const chartState = (chart: Locator) =>
  chart.evaluate((el: HTMLElement) => ({
    bars: Number(el.dataset.bars ?? 0),
    lines: JSON.parse(el.dataset.priceLines ?? '[]') as { title: string; price: number }[],
    markers: JSON.parse(el.dataset.markers ?? '[]') as { text: string }[],
  }));

describeE2E('the signal dialog in other languages', () => {
  const e2e = setupE2E();
  let admin: TestUser;
  let sub: TestUser;
  /** The published signal's entry as the copier block writes it. */
  let entry = '';

  beforeAll(async () => {
    admin = await e2e.user('admin');
    sub = await e2e.user('subscriber');
    // A market signal is published at the simulated feed's live price, its levels placed around it.
    const live = await livePrice(e2e.product, 'GBPUSD');
    const at = (offset: number) => Math.round((live + offset) * 100_000) / 100_000;
    const res = await admin.api.post('/api/signals', {
      instrument: 'GBPUSD',
      direction: 'long',
      monthlyBias: 'Bullish',
      confidence: 80,
      entryPrice: at(0),
      slPrice: at(-0.005),
      t0Price: at(0.006),
      t1Price: at(0.012),
      status: 'active',
    });
    if (res.status !== 200) throw new Error(`signal: ${res.status} ${JSON.stringify(res.body)}`);
    entry = formatPrice('GBPUSD', (res.body as { entryPrice: number }).entryPrice);
    // The simulated feed fills its history on the first price refresh after start.
    await vi.waitFor(
      async () => {
        const candles = await admin.api.get('/api/candles?symbol=GBPUSD&timeframe=15min');
        if (!candles.body?.candles?.length) throw new Error(`no bars yet: ${candles.status}`);
      },
      { timeout: 90_000, interval: 1000 },
    );
  }, 150_000);

  /** The terminal in a language, the signal's dialog open. */
  async function openDialog(locale: string, viewport: 'mobile' | 'desktop', dir: 'rtl' | 'ltr') {
    const opened = await e2e.openWith('/dashboard', { as: sub, locale, viewport });
    const { page } = opened;
    page.setDefaultTimeout(45_000);
    await page.waitForFunction((d) => document.documentElement.dir === d, dir);
    const table = page.getByTestId('signals-table');
    await table.waitFor({ timeout: 45_000 });
    await table.locator('tbody tr').filter({ hasText: 'GBPUSD' }).filter({ hasText: entry }).first().click();
    const dialog = page.getByTestId('signal-dialog');
    await dialog.waitFor();
    return { ...opened, dialog };
  }

  it('shows a published signal’s dialog in Arabic at 390 and 1440 px: its words, right to left, prices as the copier block writes them', async () => {
    const ar = words('ar');
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, dialog, errors } = await openDialog('ar', viewport, 'rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      // The level as the copier block writes it, whatever the language.
      expect(await dialog.getByTestId('dialog-entry').innerText()).toBe(entry);

      // The chart: its heading, its lines (entry and stop in Arabic, T0 and T1 as they are) and its open.
      await expect.poll(() => dialog.getByText(before(ar['chart.heading']!)).count()).toBeGreaterThan(0);
      const chart = dialog.getByTestId('signal-price-chart');
      await chart.waitFor();
      await expect.poll(async () => (await chartState(chart)).bars, { timeout: 30_000 }).toBeGreaterThan(0);
      const state = await chartState(chart);
      expect(state.lines.map((l) => l.title)).toEqual([ar['chart.entry'], ar['chart.stop'], 'T0', 'T1']);
      expect(state.markers.map((m) => m.text)).toEqual([ar['chart.open']]);
      expect(await chart.getAttribute('aria-label')).toContain('GBPUSD');
      expect(await chart.getAttribute('dir')).toBe('ltr');

      // The bias, the confidence, the floating result and the timeline.
      expect(await dialog.getByText(ar['bias.bullish']!, { exact: true }).count()).toBe(1);
      await expect.poll(() => dialog.getByTestId('confidence-label').innerText()).toBe(ar['confidence.high']);
      const outcome = dialog.getByTestId('signal-outcome');
      expect(await outcome.getByText(ar['outcome.floating']!, { exact: true }).count()).toBe(1);
      expect(await outcome.getByText(ar['outcome.risk']!, { exact: true }).count()).toBe(1);
      const timeline = dialog.getByTestId('signal-timeline');
      await timeline.waitFor();
      expect(await dialog.getByText(ar['timeline.title']!, { exact: true }).count()).toBe(1);
      expect(await timeline.locator('li[data-event-type="created"]').first().innerText()).toContain(
        ar['timeline.event.created'],
      );

      // Latin digits everywhere in the dialog, prices and figures left to right.
      expect(await dialog.innerText()).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
      const level = dialog.getByTestId('dialog-entry');
      expect(await level.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await fitsWidth(page)).toBe(true);

      await page.waitForTimeout(300); // the dialog's opening transition
      await e2e.shot(page, `signal-dialog-ar-${viewport}`, { fullPage: false });
      await dialog.getByText(before(ar['chart.heading']!)).scrollIntoViewIfNeeded();
      await e2e.shot(page, `signal-dialog-ar-${viewport}-chart`, { fullPage: false });
      await timeline.scrollIntoViewIfNeeded();
      await e2e.shot(page, `signal-dialog-ar-${viewport}-timeline`, { fullPage: false });
      await e2e.a11y(page);
      expect(errors).toEqual([]);
      await page.keyboard.press('Escape');
    }
  }, 360_000);

  it('shows the dialog in Spanish', async () => {
    const es = words('es');
    for (const viewport of ['desktop'] as const) {
      const { page, dialog, errors } = await openDialog('es-ES', viewport, 'ltr');
      expect(await dialog.getByTestId('dialog-entry').innerText()).toBe(entry);
      await expect.poll(() => dialog.getByText(before(es['chart.heading']!)).count()).toBeGreaterThan(0);
      await dialog.getByTestId('signal-timeline').waitFor();
      expect(await dialog.getByText(es['timeline.title']!, { exact: true }).count()).toBe(1);
      expect(await dialog.getByText(es['bias.bullish']!, { exact: true }).count()).toBe(1);
      const chart = dialog.getByTestId('signal-price-chart');
      await chart.waitFor();
      await expect
        .poll(async () => (await chartState(chart)).lines.map((l) => l.title))
        .toEqual([es['chart.entry'], es['chart.stop'], 'T0', 'T1']);
      expect(await fitsWidth(page)).toBe(true);
      await page.waitForTimeout(300);
      await dialog.getByText(before(es['chart.heading']!)).scrollIntoViewIfNeeded();
      await e2e.shot(page, `signal-dialog-es-${viewport}-chart`, { fullPage: false });
      await dialog.getByTestId('signal-timeline').scrollIntoViewIfNeeded();
      await e2e.shot(page, `signal-dialog-es-${viewport}-timeline`, { fullPage: false });
      expect(errors).toEqual([]);
    }
  }, 360_000);
});
