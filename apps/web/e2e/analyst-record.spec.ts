import { PRESCRIBED_STATEMENT_4_41 } from '@t0/contracts';
import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// An analyst's own record at /performance/analysts/{slug}, the leaderboard (internal until
// the desk publishes it, departed analysts kept) and the prescribed statement beside both.

describeE2E('analyst records and the leaderboard', () => {
  // A product of its own: it changes the site settings every visitor sees, and counts every analyst.
  const e2e = setupE2E({ feed: { AUDUSD: 0.65 } });

  it('shows an analyst page and the leaderboard at 1440 and 390 px, internal to a subscriber, with the statement once on', async () => {
    const admin = await e2e.user('admin');
    expect(
      (await admin.api.post('/api/admin/rooms', { slug: 'fx-desk', name: 'FX Desk', instruments: ['AUDUSD'] })).status,
    ).toBe(200);
    const named = async (displayName: string, title: string) => {
      const u = await e2e.user('user');
      const res = await admin.api.post(`/api/admin/users/${u.id}/analyst`, { displayName, title, rooms: ['fx-desk'] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return u;
    };
    const ana = await named('Ana Lyst', 'Head of FX');
    const ben = await named('Ben Chart', 'Macro');
    // Published at 0.65 (risk 0.01), closed by the administrator at market: +2 R, −0.5 R (Ana; an exit short of the stop, which the price watcher would take first), +1 R (Ben).
    const trade = async (by: TestUser, exit: number) => {
      await e2e.movePrice('AUDUSD', 0.65);
      const s = await by.api.post('/api/signals', {
        instrument: 'AUDUSD',
        direction: 'long',
        entryPrice: 0.65,
        slPrice: 0.64,
        t0Price: 0.69,
        t1Price: 0.7,
        monthlyBias: 'Bullish',
        confidence: 80,
        t0Share: 0,
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      await e2e.movePrice('AUDUSD', exit);
      expect((await admin.api.post(`/api/signals/${s.body.id}/close`, { exitPrice: exit })).status).toBe(200);
    };
    await trade(ana, 0.67);
    await trade(ana, 0.645);
    await trade(ben, 0.66);
    // Ben leaves the desk: he stays on the board, marked as departed.
    expect((await admin.api.request('DELETE', `/api/admin/users/${ben.id}/analyst`)).status).toBe(200);

    // Internal by default: a subscriber is told so, an administrator sees the board.
    const subscriber = await e2e.user('subscriber');
    const refused = await e2e.open('/performance/leaderboard', { as: subscriber });
    await refused.getByTestId('leaderboard-internal').getByText('THE LEADERBOARD IS INTERNAL').waitFor();
    expect(await refused.getByTestId('leaderboard-table').count()).toBe(0);

    const current = (await admin.api.get('/api/admin/site-settings')).body;
    const put = await admin.api.request('PUT', '/api/admin/site-settings', {
      ...current,
      updatedAt: undefined,
      defaultSupportEmail: undefined,
      prescribedStatement: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    for (const viewport of ['desktop', 'mobile'] as const) {
      const board = await e2e.open('/performance/leaderboard', { as: admin, viewport });
      await board.getByText('ALL TIME').click();
      const rows = board.getByTestId('leaderboard-row');
      await rows.first().waitFor();
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-slug')))).toEqual([
        'ana-lyst',
        'ben-chart',
      ]);
      const benRow = board.locator('[data-slug="ben-chart"]');
      await benRow.getByText('DEPARTED').waitFor();
      // Two trades and one: both below the minimum, listed unranked.
      expect(await board.getByText('UNRANKED', { exact: true }).count()).toBe(2);
      expect(await board.getByTestId('leaderboard-rules').textContent()).toContain('at least 20 signals');
      expect(await board.getByTestId('leaderboard-visibility').textContent()).toBe(
        'INTERNAL: ADMINISTRATORS AND ANALYSTS',
      );
      expect(await board.getByTestId('prescribed-statement').textContent()).toContain(PRESCRIBED_STATEMENT_4_41);
      expect(await hasHorizontalScroll(board)).toBe(false);
      await e2e.shot(board, `leaderboard-${viewport}`);
      await e2e.a11y(board);

      // The analyst's name leads to their page, public to anyone.
      const page = await e2e.open('/performance/analysts/ana-lyst', { viewport });
      await page.getByRole('heading', { name: 'TRACK RECORD: ANA LYST' }).waitFor();
      const figures = page.getByTestId('record-figures');
      await figures.waitFor();
      expect(await figures.locator('[data-figure="signalsTaken"]').textContent()).toContain('2');
      expect(await figures.locator('[data-figure="totalR"]').textContent()).toContain('+1.50R');
      await page.getByText('LAST 12 MONTHS (UTC)').waitFor();
      expect(await page.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
        '/api/performance.csv?analyst=ana-lyst',
      );
      expect(await page.getByTestId('prescribed-statement').textContent()).toContain(PRESCRIBED_STATEMENT_4_41);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `analyst-record-top-${viewport}`, { fullPage: false });
      await page.getByText('CLOSED TRADES').waitFor();
      await e2e.shot(page, `analyst-record-${viewport}`);
      await e2e.a11y(page);
    }

    // A slug no analyst has: the page says so.
    const missing = await e2e.open('/performance/analysts/no-such-analyst');
    await missing.getByText('Analyst no-such-analyst not found').waitFor();
  });
});
