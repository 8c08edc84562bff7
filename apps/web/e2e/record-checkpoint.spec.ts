import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The record page shows the newest signed checkpoint of the event log and how to check it without
// trusting the server.

describeE2E('the signed checkpoint on the record page', () => {
  // A market signal is published at the live price: a scripted feed stands at its entry.
  const e2e = setupE2E({ feed: { GBPJPY: 195 } });

  it('shows the latest checkpoint, the key and the link to the verifier at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    // Levels out of any price's reach: the administrator's close is what ends it (and signs).
    const created = await admin.api.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 195,
      slPrice: 194,
      t0Price: 198,
      t1Price: 199,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(created.status).toBe(200);
    // Closed at market by the administrator when the feed stands at 195.5.
    await e2e.movePrice('GBPJPY', 195.5);
    expect((await admin.api.post(`/api/signals/${created.body.id}/close`, { exitPrice: 195.5 })).status).toBe(200);
    const { body } = await admin.api.get('/api/performance/checkpoints?pageSize=1');
    const c = body.checkpoints[0];
    expect(c).toBeDefined();

    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/performance', { viewport });
      const box = page.getByTestId('signed-checkpoint');
      await box.getByText('SIGNED CHECKPOINT').waitFor();
      expect(await box.getByTestId('checkpoint-head').textContent()).toBe(`#${c.headId} · ${c.eventCount} events`);
      expect(await box.getByTestId('checkpoint-hash').textContent()).toBe(`${c.headHash.slice(0, 16)}…`);
      // The hourly job may sign the same head again meanwhile: the one shown is one of the head's.
      const shown = await box.getByTestId('checkpoint-signature').textContent();
      const all = (await admin.api.get('/api/performance/checkpoints?pageSize=200')).body.checkpoints as Array<{
        headId: number;
        signature: string;
      }>;
      expect(all.filter((x) => x.headId === c.headId).map((x) => `${x.signature.slice(0, 24)}…`)).toContain(shown);
      expect(await box.getByTestId('checkpoint-key').textContent()).toBe(c.keyId);
      await box.getByTestId('verifier-link').waitFor();
      expect(await box.getByText('examples/verify-record.ts', { exact: false }).count()).toBeGreaterThan(0);
      expect(await box.getByTestId('checkpoint-feed').getAttribute('href')).toBe('/performance/feed.xml');
      // The link downloads the verifier script itself.
      const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('verifier-link').click()]);
      expect(download.suggestedFilename()).toBe('verify-record.ts');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await box.scrollIntoViewIfNeeded();
      await e2e.shot(page, `record-checkpoint-${viewport}`);
      await e2e.a11y(page);
    }
  });

  it('draws the record in steps, the figures first and each part below a frame later, nothing on screen moving', async () => {
    // The test above closed a signal: the record has figures, a curve and a trade.
    const page = await e2e.open('/performance', { viewport: 'mobile' });
    await page.addInitScript(() => {
      const w = window as unknown as { seen: Record<string, number>; shifts: number[] };
      w.seen = {};
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
      // Each mutation batch is one commit: note the first batch in which each part is there.
      let batch = 0;
      new MutationObserver(() => {
        batch++;
        if (!w.seen.figures && document.querySelector('[data-testid="record-figures"]')) w.seen.figures = batch;
        if (!w.seen.curve && document.body.textContent?.includes('EQUITY CURVE')) w.seen.curve = batch;
        if (!w.seen.trades && document.body.textContent?.includes('CLOSED TRADES')) w.seen.trades = batch;
        if (!w.seen.formulas && document.querySelector('[data-testid="formulas"]')) w.seen.formulas = batch;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByTestId('formulas').waitFor();
    const { seen, shifts } = await page.evaluate(() => {
      const w = window as unknown as { seen: Record<string, number>; shifts: number[] };
      return { seen: w.seen, shifts: w.shifts };
    });
    expect(seen.figures).toBeGreaterThan(0);
    expect(seen.curve).toBeGreaterThan(seen.figures!);
    expect(seen.trades).toBeGreaterThan(seen.curve!);
    expect(seen.formulas).toBeGreaterThan(seen.trades!);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
