import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// Profile › Billing › CHANGE PLAN in the test mode: the dialog lists the other recurring plans with
// their price and rooms, a choice shows the preview (credit, charge, total now, rooms gained and
// lost), CONFIRM CHANGE applies it, and a refused plan's reason shows on the dialog; at 1440 and
// 390 px. Its own product: the plans it adds are on every visitor's public list.

describeE2E('changing plans', () => {
  const e2e = setupE2E({ env: { PLAN_MONTHLY_PRICE: '49', PLAN_CURRENCY: 'EUR' } });

  async function desk() {
    const admin = await e2e.user('admin');
    const room = await admin.api.post('/api/admin/rooms', { slug: 'gold', name: 'Gold room', instruments: ['US30'] });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    const res = await admin.api.post('/api/admin/plans', {
      key: 'gold',
      name: 'Gold',
      description: 'Every instrument, the Gold room included.',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 1,
      amountCents: 9900,
      currency: 'eur',
      rooms: ['main', 'gold'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  let made: Promise<void> | undefined;
  const deskOnce = () => (made ??= desk());

  async function openDialog(page: Page) {
    const panel = page.getByTestId('billing-section');
    await panel.getByTestId('billing-change-plan').click();
    const dialog = page.getByTestId('plan-change-dialog');
    await dialog.getByTestId('plan-change-options').waitFor();
    return dialog;
  }

  const rooms = async (u: TestUser) => Object.keys((await u.api.get('/api/auth/user')).body.access ?? {}).sort();

  it('upgrades from the dialog at 1440 px: the preview, the change, the new plan and its invoice', async () => {
    await deskOnce();
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=billing', { as: user });
    const panel = page.getByTestId('billing-section');
    await panel.getByTestId('billing-change-plan').waitFor();
    expect(await panel.getByTestId('billing-plan').textContent()).toContain('MONTHLY');

    const dialog = await openDialog(page);
    const gold = dialog.getByTestId('plan-option-gold');
    expect(await gold.textContent()).toContain('GOLD');
    expect(await gold.textContent()).toContain('€99.00 / month');
    expect(await gold.textContent()).toContain('Gold room');
    expect(await dialog.getByTestId('plan-option-monthly').count()).toBe(0); // the current plan is not offered
    expect(await dialog.getByTestId('plan-change-confirm').isDisabled()).toBe(true);

    // A plan without a price here (the yearly plan: no PLAN_YEARLY_PRICE in the test mode) is not offered.
    expect(await dialog.getByTestId('plan-option-yearly').count()).toBe(0);

    await gold.click();
    const preview = dialog.getByTestId('plan-change-preview');
    await preview.waitFor();
    const asked = (await user.api.get('/api/billing/plan-change?plan=gold')).body;
    expect(await preview.getByTestId('preview-credit').textContent()).toMatch(
      /Credit for unused time on Monthly−€\d+\.\d\d/,
    );
    expect(await preview.getByTestId('preview-charge').textContent()).toMatch(
      /Gold for the rest of this period€\d+\.\d\d/,
    );
    // Almost the whole month left: about €99 − €49 now.
    expect(asked.dueNowCents).toBeGreaterThan(4900);
    expect(asked.dueNowCents).toBeLessThanOrEqual(5000);
    expect(await preview.getByTestId('preview-total').textContent()).toMatch(/^TOTAL NOW€(49|50)\.\d\d$/);
    expect(await preview.getByTestId('preview-rooms').textContent()).toContain('+ Gold room');
    await page.waitForFunction(
      () => !document.querySelector('.mantine-Modal-content [aria-label="Working out the change"]'),
    );
    await e2e.shot(page, 'plan-change-dialog-desktop', { fullPage: false });
    await e2e.a11y(page);

    await dialog.getByTestId('plan-change-confirm').click();
    await toastTitled(page, 'Plan Changed').waitFor();
    expect(await toastTitled(page, 'Plan Changed').textContent()).toMatch(
      /You are now on Gold\. €\d+\.\d\d charged now\./,
    );
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByTestId('billing-plan').getByText('GOLD').waitFor();
    expect(await panel.getByTestId('billing-plan').textContent()).toContain('€99.00 / month');
    const invoices = panel.getByTestId('billing-invoices');
    expect(await invoices.locator('tbody tr').count()).toBe(2);
    expect(await invoices.locator('tbody tr').first().textContent()).toContain('Plan change: Monthly → Gold');
    expect((await user.api.get('/api/billing')).body).toMatchObject({ subscriptionPlan: { key: 'gold' } });
    expect(await rooms(user)).toEqual(['gold', 'main']);
    await e2e.shot(page, 'plan-change-done-desktop', { fullPage: false });
    await e2e.a11y(page);
  });

  it('downgrades on a phone at 390 px: the credit kept for the next invoice, the room that goes', async () => {
    await deskOnce();
    const user = await e2e.user('subscriber');
    expect((await user.api.post('/api/billing/plan-change', { plan: 'gold' })).status).toBe(200);
    const page = await e2e.open('/profile?section=billing', { as: user, viewport: 'mobile' });
    const panel = page.getByTestId('billing-section');
    await panel.getByTestId('billing-plan').getByText('GOLD').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const dialog = await openDialog(page);
    await dialog.getByTestId('plan-option-monthly').click();
    const preview = dialog.getByTestId('plan-change-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-total').textContent()).toBe('TOTAL NOW€0.00');
    expect(await preview.getByTestId('preview-balance').textContent()).toMatch(
      /Credit kept for your next invoice€\d+\.\d\d/,
    );
    expect(await preview.getByTestId('preview-rooms').textContent()).toContain('− Gold room');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'plan-change-dialog-mobile', { fullPage: false });
    await e2e.a11y(page);

    await dialog.getByTestId('plan-change-confirm').click();
    await toastTitled(page, 'Plan Changed').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByTestId('billing-plan').getByText('MONTHLY').waitFor();
    expect(await panel.getByTestId('billing-credit').textContent()).toMatch(/^€\d+\.\d\d credit for the next invoice$/);
    expect(await rooms(user)).toEqual(['main']);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'plan-change-done-mobile', { fullPage: true });
    await e2e.a11y(page);
  });
});
