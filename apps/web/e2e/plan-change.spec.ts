import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// Profile › Billing › CHANGE PLAN in the test mode: the dialog lists the other recurring plans with
// their price and rooms, a choice shows the preview (credit, charge, total now, rooms gained and
// lost), CONFIRM CHANGE applies it, and a refused plan's reason shows on the dialog; at 1440 and
// 390 px. A Whop member's Billing (the membership and its payment made through Whop's signed webhooks)
// is shown, not changed here: BILLED BY WHOP, Whop's payment and no T0 price, MANAGE AT WHOP, no cancel
// or change. Its own product: the plans it
// adds are on every visitor's public list.

/** The secret as Whop's dashboard shows it; Whop signs with its bytes (Standard Webhooks). */
const WHOP_SECRET = 'ws_e2e0c4f1a2b3d4e5f60718293a4b5c6d';

describeE2E('changing plans', () => {
  const e2e = setupE2E({ env: { PLAN_MONTHLY_PRICE: '49', PLAN_CURRENCY: 'EUR', WHOP_WEBHOOK_SECRET: WHOP_SECRET } });

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

  /** One of Whop's webhooks, posted to the product as Whop sends it (Standard Webhooks signature). */
  async function sendWhop(type: string, data: Record<string, unknown>) {
    const id = `msg_e2e${type.replace(/\W/g, '')}${Date.now().toString(36)}`;
    const now = new Date();
    const payload = JSON.stringify({ id, api_version: 'v1', timestamp: now.toISOString(), type, data });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const signature = createHmac('sha256', Buffer.from(WHOP_SECRET))
      .update(`${id}.${timestamp}.${payload}`)
      .digest('base64');
    const res = await fetch(`${e2e.product.url}/api/webhooks/whop`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      },
      body: payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
  }

  /** Whop's `membership.activated` for `email`, then its first payment of €39.00 (Whop's own price). */
  async function whopMembership(email: string, whopPlanId: string) {
    const stamp = Date.now().toString(36);
    const now = new Date().toISOString();
    const user = { id: `user_e2e${stamp}`, username: 'member', name: 'A Member', email };
    const membership = `mem_e2e${stamp}`;
    await sendWhop('membership.activated', {
      id: membership,
      status: 'active',
      created_at: now,
      updated_at: now,
      user,
      plan: { id: whopPlanId },
      product: { id: 'prod_T0signals', title: 'T0 signals' },
      currency: 'eur',
      metadata: {},
    });
    const payment = `pay_e2e${stamp}`;
    await sendWhop('payment.succeeded', {
      id: payment,
      status: 'paid',
      total: 39,
      subtotal: 39,
      amount_after_fees: 37.5,
      currency: 'eur',
      paid_at: now,
      created_at: now,
      user: { id: user.id, email },
      membership: { id: membership, status: 'active' },
      plan: { id: whopPlanId },
    });
    return { payment };
  }

  it("shows a Whop member's Billing at 1440 and 390 px: billed by Whop, managed at Whop, nothing to cancel or change here", async () => {
    await deskOnce();
    const admin = await e2e.user('admin');
    const mapped = await admin.api.request('PUT', '/api/admin/whop-plans/plan_E2eGold', { plan: 'gold' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    const member = await e2e.user('user');
    const { payment } = await whopMembership(member.email, 'plan_E2eGold');
    expect((await member.api.get('/api/billing')).body).toMatchObject({
      provider: 'whop',
      canCancel: false,
      price: null,
    });

    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await e2e.open('/profile?section=billing', { as: member, viewport });
      const panel = page.getByTestId('billing-section');
      await panel.getByTestId('billing-whop').waitFor();
      expect(await panel.getByTestId('billing-whop').textContent()).toBe('BILLED BY WHOP');
      // The plan without the T0 price (Whop sets its own): what Whop charged is in the list below.
      expect(await panel.getByTestId('billing-plan').textContent()).toBe('PLANGOLD');
      expect(await panel.getByTestId('billing-status').textContent()).toContain('ACTIVE');
      expect(await panel.getByTestId('billing-card').textContent()).toContain('Kept by Whop');
      expect(await panel.getByTestId('billing-period').textContent()).toContain('Shown at Whop');
      // The header agrees with the membership (no Stripe status is stored for it).
      await page.getByText('SUBSCRIPTION ACTIVE').waitFor();
      expect(await panel.textContent()).toContain('change or cancel it in your Whop account');
      const paid = panel.getByTestId('billing-invoices').locator('tr').filter({ hasText: payment });
      expect(await paid.textContent()).toMatch(/€39\.00\s*PAID/);
      expect(await panel.getByTestId('billing-whop-receipts').textContent()).toBe(
        'Whop bills this membership: its receipts are in your Whop account.',
      );

      const manage = panel.getByTestId('billing-manage-whop');
      expect(await manage.textContent()).toBe('MANAGE AT WHOP');
      expect(await manage.getAttribute('href')).toBe('https://whop.com/@me/settings/');
      expect(await manage.getAttribute('target')).toBe('_blank');
      expect(await manage.getAttribute('rel')).toBe('noopener noreferrer');
      // Nothing here acts on a membership Whop bills: no cancel, change, resume or Stripe portal.
      for (const control of ['billing-cancel', 'billing-change-plan', 'billing-resume'])
        expect(await panel.getByTestId(control).count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'MANAGE BILLING' }).count()).toBe(0);

      expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `billing-whop-${viewport}`, { fullPage: viewport === 'mobile' });
      await e2e.a11y(page);
    }
  });
});
