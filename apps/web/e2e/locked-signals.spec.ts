import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// Rooms in the terminal, in Chromium against the built product: an open signal of a room the
// viewer's plan does not include is a locked row (instrument, room, publication time, OPEN, dashes
// for every level, UPGRADE beside it) and a dialog that says why; a holder of the room reads the
// same signal whole. Its own product (a scripted feed: market signals are published at its price).

async function expectOk<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function openTerminal(page: Page) {
  page.setDefaultTimeout(30_000);
  await page.getByTestId('DashboardPage').waitFor({ timeout: 45_000 });
  await page.getByTestId('signals-table').waitFor();
}

const row = (page: Page, instrument: string) =>
  page.getByTestId('signals-table').getByRole('row', { name: new RegExp(`^${instrument} `) });

const LEVELS = ['196.450', '197.200', '195.600', '194.300', 'Sell the retest', 'SHORT'];

describeE2E('locked signals of another room', () => {
  // The yearly plan has a price, so the public plan list (where the room's name is read) offers it.
  const e2e = setupE2E({ feed: { GBPJPY: 196.45 }, env: { PLAN_YEARLY_PRICE: '490' } });
  let member: TestUser; // holds the default room only (the monthly plan)
  let holder: TestUser; // the yearly plan, which includes the VIP room too
  let signalId: number;

  const shot = (page: Page, name: string, opts?: { fullPage?: boolean }) => e2e.shot(page, name, opts);

  beforeAll(async () => {
    const admin = await e2e.user('admin');
    await expectOk(admin.api.post('/api/admin/rooms', { slug: 'vip', name: 'VIP desk' }), 'room');
    await expectOk(admin.api.request('PATCH', '/api/admin/plans/yearly', { rooms: ['main', 'vip'] }), 'plan');
    member = await e2e.user('subscriber');
    holder = await e2e.user('user');
    await expectOk(
      holder.api.post('/api/test/activate-subscription', { email: holder.email, plan: 'yearly' }),
      'yearly',
    );
    const signal = await expectOk(
      admin.api.post('/api/signals', {
        room: 'vip',
        instrument: 'GBPJPY',
        direction: 'short',
        entryPrice: 196.45,
        slPrice: 197.2,
        t0Price: 195.6,
        t1Price: 194.3,
        status: 'active',
        monthlyBias: 'Bearish',
        memo: 'Sell the retest below 196.50',
      }),
      'signal',
    );
    signalId = signal.id;
    const catalogue = await expectOk(admin.api.get('/api/plans'), 'plans');
    expect(JSON.stringify(catalogue)).toContain('VIP desk');
  });

  it('answers a free account and a member of another room the signal locked', async () => {
    const free = await e2e.user('user');
    for (const viewer of [free, member]) {
      const list = await expectOk(viewer.api.get('/api/signals'), 'signals');
      const seen = (list as Array<Record<string, unknown>>).find((s) => s.id === signalId);
      expect(seen).toMatchObject({ locked: true, status: 'open', room: 'vip', instrument: 'GBPJPY', direction: null });
      expect(seen?.entryPrice).toBeNull();
    }
  });

  it('shows a member of another room a locked row with UPGRADE and no levels, and its dialog', async () => {
    const { page: desktop, errors } = await e2e.openWith('/dashboard', { as: member });
    const mobile = await e2e.open('/dashboard', { as: member, viewport: 'mobile' });
    for (const page of [desktop, mobile]) {
      await openTerminal(page);
      const locked = row(page, 'GBPJPY');
      await locked.getByTestId('signal-upgrade').waitFor();
      // The room's name comes from the public plan list (its slug until that answers).
      await locked.getByText('VIP desk').waitFor();
      const text = await locked.innerText();
      expect(text).toContain('LOCKED');
      expect(text).toContain('OPEN');
      expect(text).toContain('VIP desk');
      for (const figure of [...LEVELS, 'null', 'NaN']) expect(text).not.toContain(figure);
      expect(await locked.locator('[data-locked="true"]').count()).toBeGreaterThan(0);
      expect(await locked.getAttribute('aria-label')).toContain('levels locked');
      // A member of another room goes to its billing, for the signal's room (the plan choice would send it back here).
      expect(await locked.getByTestId('signal-upgrade').getAttribute('href')).toBe('/profile?section=billing&room=vip');
      expect(await hasHorizontalScroll(page)).toBe(false);
      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/\bNaN\b|\bnull\b|undefined/);
    }
    await shot(desktop, 'terminal-locked-desktop');
    await shot(mobile, 'terminal-locked-mobile');
    await e2e.a11y(desktop);

    for (const [page, name] of [
      [desktop, 'signal-dialog-locked-desktop'],
      [mobile, 'signal-dialog-locked-mobile'],
    ] as const) {
      await row(page, 'GBPJPY').getByText('GBPJPY').click();
      const dialog = page.getByTestId('signal-dialog');
      await dialog.waitFor();
      const text = await dialog.innerText();
      expect(text).toContain('open in a room your plan does not include');
      expect(text).toContain('VIP desk');
      expect(await dialog.getByTestId('dialog-entry').count()).toBe(0);
      expect(await dialog.getByTestId('signal-chart').count()).toBe(0);
      for (const figure of [...LEVELS, 'null', 'NaN']) expect(text).not.toContain(figure);
      await dialog.getByTestId('dialog-upgrade').waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, name, { fullPage: false });
      if (page === desktop) await e2e.a11y(page);
      await dialog.getByRole('button', { name: 'CLOSE TERMINAL' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // UPGRADE leaves for the billing section.
    await row(desktop, 'GBPJPY').getByTestId('signal-upgrade').click();
    await desktop.waitForURL(/\/profile\?section=billing/);
    expect(errors).toEqual([]);
  }, 150_000);

  it('shows a holder of the room the same signal whole', async () => {
    const desktop = await e2e.open('/dashboard', { as: holder });
    const mobile = await e2e.open('/dashboard', { as: holder, viewport: 'mobile' });
    for (const page of [desktop, mobile]) {
      await openTerminal(page);
      const whole = row(page, 'GBPJPY');
      await whole.getByText('196.450').waitFor();
      const text = await whole.innerText();
      expect(text).toContain('SHORT');
      expect(text).toContain('ACTIVE');
      expect(text).not.toContain('UPGRADE');
      expect(await whole.locator('[data-locked="true"]').count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
    await shot(desktop, 'terminal-subscriber-desktop');
    await shot(mobile, 'terminal-subscriber-mobile');
  }, 120_000);
});
