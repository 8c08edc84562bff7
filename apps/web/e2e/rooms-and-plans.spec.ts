import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleReady, openTab, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, uniqueEmail } from './harness';

// The console's ROOMS & PLANS in the browser: a room and a plan are made in their dialogs (a refused
// field shows the server's message on the field), listed with their instruments, terms and price,
// the plan's figures counted once people hold it, a Whop plan mapped to it, and the plan archived, at
// 1440 and 390 px; a Whop buyer's return page. Its own product: moving instruments between rooms
// changes what every visitor's rooms hold.

describeE2E('rooms and plans', () => {
  const e2e = setupE2E({ ownProduct: true });

  const shot = (page: Page, name: string, opts?: { fullPage?: boolean }) => e2e.shot(page, name, opts);

  it('makes a room and a plan, shows the refused field, archives the plan, at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123', { as: admin });
    await consoleReady(page);
    await openTab(page, 'ROOMS & PLANS');
    const rooms = page.getByTestId('room-table');
    await rooms.getByTestId('room-main').getByText('Every unlisted instrument').waitFor();

    // A new room: a slug the server refuses shows its message on the field, then the room is made.
    await page.getByTestId('room-new').click();
    const roomForm = page.getByTestId('room-form');
    await roomForm.getByLabel('Slug').fill('gold');
    await roomForm.getByLabel('Name').fill('Gold room');
    await roomForm.getByLabel('Instruments').click();
    await page.getByRole('option', { name: 'US30', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('room-save').click();
    await toastTitled(page, 'ROOM ADDED').waitFor();
    await rooms.getByTestId('room-gold').getByText('US30').waitFor();

    await page.getByTestId('room-new').click();
    await roomForm.getByLabel('Slug').fill('gold');
    await roomForm.getByLabel('Name').fill('Gold again');
    await page.getByTestId('room-save').click();
    await roomForm.getByText('slug: gold is in use already').waitFor();
    await shot(page, 'rooms-form-error-desktop');
    await roomForm.getByRole('button', { name: 'CANCEL' }).click();

    // A new plan: every three months, in the gold room.
    await page.getByTestId('plan-new').click();
    const planForm = page.getByTestId('plan-form');
    await planForm.getByLabel('Key').fill('gold-quarterly');
    await planForm.getByLabel('Name').fill('Gold quarterly');
    await planForm.getByRole('textbox', { name: 'Every', exact: true }).fill('3');
    await planForm.getByRole('textbox', { name: 'Price', exact: true }).fill('99');
    // Without a room, the server names the field.
    await page.getByTestId('plan-save').click();
    await planForm.getByText(/^rooms: a plan that is not free grants at least one room/).waitFor();
    await planForm.getByRole('combobox', { name: 'Rooms', exact: true }).click();
    await page.getByRole('option', { name: 'Gold room (gold)', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('plan-save').click();
    await toastTitled(page, 'PLAN ADDED').waitFor();
    const plans = page.getByTestId('plan-table');
    const row = plans.getByTestId('plan-gold-quarterly');
    await row.getByText('Quarterly · every 3 months').waitFor();
    await row.getByText('$99.00').waitFor();
    await row.getByText('Gold room').waitFor();
    await row.getByText('LISTED').waitFor();
    expect(
      ((await admin.api.get('/api/plans')).body as { plans: Array<{ key: string }> }).plans.map((p) => p.key),
    ).toContain('gold-quarterly');
    // Two buy it (paid subscriptions through the test page), a third gets free days on it.
    for (const email of [uniqueEmail('gold-a'), uniqueEmail('gold-b')]) {
      const paid = await admin.api.post('/api/test/activate-subscription', { email, plan: 'gold-quarterly' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const guest = await e2e.user('user');
    expect(
      (await admin.api.post(`/api/admin/users/${guest.id}/grant-days`, { days: 10, plan: 'gold-quarterly' })).status,
    ).toBe(200);
    await page.reload();
    await consoleReady(page);
    const figures = page.getByTestId('plan-figures-table').getByTestId('plan-figures-gold-quarterly');
    const cell = (name: string) => figures.locator(`[data-figure="${name}"]`).textContent();
    await expect.poll(() => cell('holders'), { timeout: 20_000 }).toBe('3');
    expect(await cell('new')).toBe('3');
    expect(await cell('ended')).toBe('0');
    expect(await cell('paid')).toBe('2');
    // $99 every 3 months, twice: $66.00 a month.
    expect(await cell('revenue')).toBe('$66.00');
    // Each figure says what it counts.
    const legend = await page.getByTestId('plan-figures-legend').textContent();
    for (const label of ['HOLDERS NOW', 'NEW (30 D)', 'ENDED (30 D)', 'PAID SUBSCRIPTIONS', 'RECURRING / MONTH'])
      expect(legend).toContain(label);
    expect(legend).toContain('a free trial pays nothing yet');
    await shot(page, 'rooms-and-plans-desktop');
    await page.getByTestId('plan-figures').scrollIntoViewIfNeeded();
    await shot(page, 'plan-figures-desktop');
    await e2e.a11y(page);

    // WHOP PLANS: a Whop plan mapped to the new plan; an id that is not a Whop plan's is refused on its field.
    const whop = page.getByTestId('whop-plans');
    await whop.scrollIntoViewIfNeeded();
    await whop.getByText('WHOP_WEBHOOK_SECRET is not set').waitFor();
    await whop.getByLabel('Whop plan id').fill('prod_GoldQ1');
    await pick(whop, 'T0 plan', 'Gold quarterly (gold-quarterly)');
    await page.getByTestId('whop-plan-save').click();
    await whop.getByText(/^whopPlanId must be a Whop plan id/).waitFor();
    await whop.getByLabel('Whop plan id').fill('plan_GoldQ1');
    await page.getByTestId('whop-plan-save').click();
    await toastTitled(page, 'WHOP PLAN MAPPED').waitFor();
    await page.getByTestId('whop-plan-plan_GoldQ1').getByText('Gold quarterly (gold-quarterly)').waitFor();
    const mapped = (await admin.api.get('/api/admin/whop-plans')).body as { mappings: Array<{ plan: string }> };
    expect(mapped.mappings.map((m) => m.plan)).toEqual(['gold-quarterly']);
    await shot(page, 'whop-plans-desktop', { fullPage: false });

    // Archive it: confirmed first; it leaves the public list.
    await row.getByRole('button', { name: 'Archive Gold quarterly' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ARCHIVE' }).click();
    await toastTitled(page, 'PLAN ARCHIVED').waitFor();
    await row.getByText('ARCHIVED').waitFor();
    // Its holders keep it: the figures still count them.
    await figures.getByText('ARCHIVED').waitFor();
    expect(await cell('holders')).toBe('3');
    expect(
      ((await admin.api.get('/api/plans')).body as { plans: Array<{ key: string }> }).plans.map((p) => p.key),
    ).not.toContain('gold-quarterly');

    const mobile = await e2e.open('/admin123?tab=rooms-and-plans', { as: admin, viewport: 'mobile' });
    await mobile.getByTestId('plan-gold-quarterly').waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await shot(mobile, 'rooms-and-plans-mobile');
    const mobileFigures = mobile.getByTestId('plan-figures');
    await mobileFigures.getByTestId('plan-figures-gold-quarterly').waitFor();
    await mobileFigures.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await shot(mobile, 'plan-figures-mobile', { fullPage: false });
    await mobile.getByTestId('room-gold').getByRole('button', { name: 'Edit Gold room' }).click();
    await mobile.getByTestId('room-form').waitFor();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await shot(mobile, 'rooms-form-mobile');
    await mobile.keyboard.press('Escape');
    const mobileWhop = mobile.getByTestId('whop-plans');
    await mobileWhop.getByTestId('whop-plan-plan_GoldQ1').waitFor();
    await mobileWhop.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(mobile)).toBe(false);
    await shot(mobile, 'whop-plans-mobile', { fullPage: false });

    // A Whop buyer coming back signed out is told where the password link went.
    const back = await e2e.open('/auth/whop-success?source=whop');
    await back.getByTestId('whop-success-signed-out').getByText('WELCOME FROM WHOP').waitFor();
    await shot(back, 'whop-success-desktop');
    const backMobile = await e2e.open('/auth/whop-success?source=whop', { viewport: 'mobile' });
    await backMobile.getByTestId('whop-success-signed-out').waitFor();
    expect(await hasHorizontalScroll(backMobile)).toBe(false);
    await shot(backMobile, 'whop-success-mobile');
  });
});
