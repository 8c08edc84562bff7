import { expect, it } from 'vitest';
import { consoleReady, openTab, pick, region, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The whole life of a signal in the browser: the admin publishes through the preview, a scripted
// price path (a local stand-in for the market-data vendor) closes it, and the subscriber sees the
// timeline, the heat map, today's result and the public track record change.

describeE2E('a signal from publication to the track record', () => {
  const e2e = setupE2E({
    feed: { AUDUSD: 0.652, GBPJPY: 196.45, GBPUSD: 1.34, US30: 42000, BTCUSD: 110000, XAUUSD: 3340 },
  });

  it('publishes through the preview, closes on a scripted price path, and shows it everywhere', async () => {
    const admin = await e2e.user('admin');
    const sub = await e2e.user('subscriber');

    // The record before: nothing closed yet.
    const before = await e2e.open('/performance');
    await before.getByText('NO CLOSED SIGNALS YET').waitFor();
    await before.getByTestId('verification').getByText('EVENT LOG VERIFIED').waitFor();

    const page = await e2e.open('/admin123', { as: admin });
    await consoleReady(page);
    const gen = region(page, 'TRADING SIGNAL GENERATOR');
    await pick(gen, 'Instrument', 'GBPJPY');
    await pick(gen, 'Direction', 'SHORT');
    await gen.getByLabel('Entry price').fill('196.45');
    // A short's stop below its entry is refused as it is typed, with the server's message.
    await gen.getByLabel('Stop loss (SL)').fill('196.00');
    await gen.getByText('SL price must be above the entry price for a short signal').waitFor();
    await gen.getByLabel('Stop loss (SL)').fill('197.20');
    await gen.getByText('SL price must be above the entry price for a short signal').waitFor({ state: 'detached' });
    await gen.getByLabel('Take Profit 0 (T0)').fill('195.60');
    await gen.getByLabel('Take Profit 1 (T1)').fill('194.30');
    const preview = gen.getByTestId('signal-preview');
    expect(await preview.getByTestId('risk-pips').textContent()).toBe('75.0 pips');
    expect(await preview.getByTestId('t0-r').textContent()).toBe('1.13R');
    expect(await preview.getByTestId('t1-r').textContent()).toBe('2.87R');
    // A market signal is published at the live price (within 10 pips of it, else refused).
    await preview.getByTestId('entry-distance').getByText('at the live price').waitFor();
    await e2e.shot(page, 'lifecycle-generator');

    await gen.getByRole('button', { name: 'PREVIEW SIGNAL' }).click();
    const dialog = page.getByRole('dialog', { name: 'PREVIEW SIGNAL' });
    const publish = dialog.getByRole('button', { name: 'PUBLISH TO 1 SUBSCRIBER' });
    await publish.waitFor();
    await e2e.shot(page, 'lifecycle-publish-preview');
    await publish.click();
    await toastTitled(page, 'SIGNAL GENERATED').waitFor();

    const signalNow = async () => {
      const list = (await sub.api.get('/api/signals')).body as Array<{
        id: number;
        instrument: string;
        status: string;
        t0Hit: boolean;
        result: { r: number } | null;
      }>;
      return list.find((s) => s.instrument === 'GBPJPY')!;
    };
    const until = async (ok: (s: Awaited<ReturnType<typeof signalNow>>) => boolean) => {
      const end = Date.now() + 30_000;
      for (;;) {
        const s = await signalNow();
        if (ok(s)) return s;
        if (Date.now() > end) throw new Error(`signal did not move on: ${JSON.stringify(s)}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    };
    // The market moves: T0, then beyond T1.
    e2e.feed.set('GBPJPY', 195.5);
    await until((s) => s.t0Hit);
    e2e.feed.set('GBPJPY', 194.1);
    const closed = await until((s) => s.status === 'closed');
    // Half taken at T0 (+85 pips, +1.13R), the rest at T1 (+215 pips, +2.87R).
    expect(closed.result).toMatchObject({ pips: 150, r: 2 });

    for (const viewport of ['desktop', 'mobile'] as const) {
      const terminal = await e2e.open('/dashboard', { as: sub, viewport });
      const cell = terminal.getByTestId('heat-cell').filter({ hasText: 'GBPJPY' });
      await cell.waitFor();
      expect(await cell.getAttribute('data-heat-state')).toBe('target-hit');
      await cell.getByText('+2.00R').waitFor();
      await terminal.getByTestId('todays-profit').getByText('+2.00R').waitFor();
      // The P&L column shows from the small breakpoint up (phones keep instrument, direction, entry, status).
      if (viewport === 'desktop')
        await terminal.getByTestId('signals-table').getByText('+150.0 pips · +2.00R').first().waitFor();
      expect(await hasHorizontalScroll(terminal)).toBe(false);
      await e2e.shot(terminal, `lifecycle-heatmap-${viewport}`);

      await terminal
        .getByTestId('signals-table')
        .getByRole('row', { name: /GBPJPY SHORT signal/ })
        .first()
        .click();
      const timeline = terminal.getByTestId('signal-timeline');
      await timeline.getByText('CLOSED').waitFor();
      const types = await timeline
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-event-type')));
      expect(types).toEqual(['created', 'activated', 't0_hit', 'stop_moved', 'closed']);
      await terminal.getByTestId('signal-outcome').getByText('TARGET (T1)').waitFor();
      await e2e.shot(terminal, `lifecycle-dialog-${viewport}`);

      const record = await e2e.open('/performance', { viewport });
      const figures = record.getByTestId('record-figures');
      await figures.waitFor();
      expect(await figures.locator('[data-figure="signalsTaken"]').textContent()).toContain('1');
      expect(await figures.locator('[data-figure="winRate"]').textContent()).toContain('100.0%');
      expect(await figures.locator('[data-figure="totalR"]').textContent()).toContain('+2.00R');
      // Each closed trade: how it ended, the parts it was closed in, and the hypothetical-results notice.
      expect(await record.getByTestId('hypothetical-notice').textContent()).toMatch(
        /^Hypothetical results: computed from the price feed's prices at each event, not from broker fills/,
      );
      // The record draws its parts a frame after its figures.
      const trade = record.getByTestId('table-trades').locator('tbody tr');
      await trade.first().waitFor();
      expect(await trade.count()).toBe(1);
      expect(await trade.getAttribute('data-exit-kind')).toBe('target');
      expect(await trade.getByTestId('trade-exit-kind').textContent()).toBe('Target');
      expect(await trade.getByTestId('trade-parts').textContent()).toBe('50% T0 @ 195.600 · 50% exit @ 194.300');
      await record.getByTestId('equity-curve').waitFor();
      await record.getByText('HOW THESE FIGURES ARE COMPUTED').waitFor();
      expect(await hasHorizontalScroll(record)).toBe(false);
      await e2e.shot(record, `lifecycle-performance-${viewport}`, { fullPage: true });
      if (viewport === 'desktop') await e2e.a11y(record);
    }

    // The console's signals tab: the closed signal has no actions left.
    await openTab(page, 'SIGNALS');
    const row = page.getByTestId('signal-row').filter({ hasText: 'GBPJPY' });
    await row.waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await e2e.shot(page, 'lifecycle-admin-signals');
  });
});
