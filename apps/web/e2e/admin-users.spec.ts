import { afterEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleReady, openTab, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// Subscribers in the console (docs/features/console-users.md): the administrator finds a user, grants free days on a plan
// of their choice, sees the change and the user's grants in the drawer and the entry in the AUDIT
// tab; at desktop and phone widths.

/** A search is debounced, then asked of the server: on a busy machine that takes more than the default second. */
const WAIT = { timeout: 15_000 };

describeE2E('console USERS tab', () => {
  const e2e = setupE2E();
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const pages = e2e.browser.contexts().flatMap((c) => c.pages());
    for (const [i, p] of pages.entries()) await e2e.shot(p, `failed-users-${i}`).catch(() => undefined);
  });

  it('finds a user, grants free days after confirming, and shows the change and its audit entry', async () => {
    const admin = await e2e.user('admin');
    const target = await e2e.user('user', { firstName: 'Marguerite', lastName: 'Okonkwo-Hale' });
    await e2e.user('subscriber');
    const page = await e2e.open('/admin123?tab=users', { as: admin });
    await consoleReady(page);
    const tab = page.getByTestId('users-tab');
    await tab.getByTestId('user-row').first().waitFor();
    await e2e.shot(page, 'admin-users-desktop');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.a11y(page);

    // Search by part of the last name, any case (debounced).
    await tab.getByLabel('SEARCH').fill('okonkwo');
    await expect.poll(() => tab.getByTestId('users-total').textContent(), WAIT).toBe('1 user');
    const row = tab.getByTestId('user-row').filter({ hasText: target.email });
    expect(await row.getByTestId('user-status').textContent()).toBe('NO SUBSCRIPTION');
    await row.getByRole('button', { name: target.email }).click();

    const drawer = page.getByRole('dialog', { name: target.email });
    await drawer.getByTestId('user-account').waitFor();
    expect(await drawer.getByTestId('fact-access-until').textContent()).toBe('No access');
    await drawer.getByTestId('user-logins').getByText('register').waitFor();
    // No grants yet.
    await drawer.getByTestId('user-grants').getByText('No grants: this user has never held a plan.').waitFor();
    // The free days go to the default plan unless another is chosen.
    const planChoice = drawer.getByTestId('grant-days-plan');
    await expect.poll(() => planChoice.inputValue(), WAIT).toBe('Monthly (default)');

    // Grant 14 days: asked first; cancelling changes nothing.
    await drawer.getByLabel('FREE DAYS').fill('14');
    await drawer.getByRole('button', { name: 'GRANT DAYS' }).click();
    const confirm = page.getByRole('dialog', { name: 'GRANT FREE DAYS' });
    await confirm
      .getByText(`Grant 14 free days on the Monthly plan to ${target.email}? Its rooms (Signals)`, { exact: false })
      .waitFor();
    await e2e.shot(page, 'admin-users-confirm-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'CANCEL' }).click();
    // While it fades out, the dialog keeps its name (a dialog without one fails the accessibility scan).
    expect(await unnamedDialogs(page)).toEqual([]);
    await confirm.waitFor({ state: 'hidden' });
    expect(await drawer.getByTestId('fact-access-until').textContent()).toBe('No access');

    await drawer.getByRole('button', { name: 'GRANT DAYS' }).click();
    await confirm.getByRole('button', { name: 'GRANT' }).click();
    await toastTitled(page, 'Free days granted').waitFor();
    const result = drawer.getByTestId('user-action-result');
    await expect
      .poll(() => result.textContent(), WAIT)
      .toMatch(/^14 free days granted on the Monthly plan: access until \d{4}-\d\d-\d\d\.$/);
    await expect
      .poll(() => drawer.getByTestId('user-account').getByTestId('user-status').textContent(), WAIT)
      .toBe('FREE ACCESS');
    expect(await drawer.getByTestId('fact-access-until').textContent()).not.toBe('No access');
    // The list behind the drawer is read again.
    await expect.poll(() => row.getByTestId('user-status').textContent(), WAIT).toBe('FREE ACCESS');
    await e2e.shot(page, 'admin-users-drawer-desktop', { fullPage: false });
    await e2e.a11y(page);

    // The target really has access now.
    expect((await target.api.get('/api/user/webhooks')).status).toBe(200);

    // The drawer lists the grant: its plan, source, end and rooms.
    const grants = drawer.getByTestId('user-grant-table');
    const monthly = grants.locator('tr[data-plan="monthly"]');
    await monthly.waitFor();
    expect(await monthly.getAttribute('data-state')).toBe('current');
    expect(await monthly.textContent()).toMatch(/^MonthlymonthlyCURRENT.+UTCFREE DAYSSignals/);

    // Seven more days, on the yearly plan: a second grant of its own.
    await drawer.getByLabel('FREE DAYS').fill('7');
    await pick(drawer, 'ON PLAN', 'Yearly');
    await drawer.getByRole('button', { name: 'GRANT DAYS' }).click();
    await confirm.getByText(`Grant 7 free days on the Yearly plan to ${target.email}?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'GRANT' }).click();
    await expect
      .poll(() => result.textContent(), WAIT)
      .toMatch(/^7 free days granted on the Yearly plan: access until \d{4}-\d\d-\d\d\.$/);
    const yearly = grants.locator('tr[data-plan="yearly"]');
    await yearly.waitFor();
    expect(await yearly.getAttribute('data-state')).toBe('current');
    expect(await grants.locator('tr[data-testid="grant-row"]').count()).toBe(2);
    const detail = (await admin.api.get(`/api/admin/users/${target.id}/detail`)).body as {
      grants: Array<{ plan: { key: string }; source: string; endsAt: string }>;
    };
    expect(detail.grants.map((g) => [g.plan.key, g.source])).toEqual([
      ['monthly', 'free_days'],
      ['yearly', 'free_days'],
    ]);
    await drawer.getByTestId('user-grants').scrollIntoViewIfNeeded();
    await e2e.shot(page, 'admin-users-drawer-grants-desktop', { fullPage: false });
    await e2e.a11y(page);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await openTab(page, 'AUDIT');
    const entries = page.getByTestId('audit-entry').filter({ hasText: 'adminUsers.grantDays' });
    // The first grant gave access; the second added the yearly plan's free days to the grants.
    const first = entries.filter({ hasText: 'hasActiveSubscription: true' });
    await first.waitFor();
    expect(await first.textContent()).toContain(`user:${target.id}`);
    expect(await first.textContent()).toContain('freeAccessUntil');
    expect(await first.textContent()).toContain('monthly (free_days) until');
    const second = entries.filter({ hasText: 'yearly (free_days) until' });
    expect(await second.textContent()).toContain(`user:${target.id}`);
    expect(await entries.count()).toBe(2);
  });

  it('fits a phone: the list and a full-width drawer', async () => {
    const admin = await e2e.user('admin');
    const target = await e2e.user('subscriber', { firstName: 'Phone', lastName: 'Reader' });
    const page = await e2e.open('/admin123?tab=users', { as: admin, viewport: 'mobile' });
    await consoleReady(page);
    const tab = page.getByTestId('users-tab');
    await tab.getByTestId('user-row').first().waitFor();
    await e2e.shot(page, 'admin-users-mobile');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await tab.getByLabel('SEARCH').fill(target.email);
    await expect.poll(() => tab.getByTestId('users-total').textContent(), WAIT).toBe('1 user');
    await tab.getByRole('button', { name: target.email }).click();
    const drawer = page.getByRole('dialog', { name: target.email });
    await drawer.getByTestId('user-subscription').waitFor();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'admin-users-drawer-mobile', { fullPage: false });
    // Nothing in the drawer is wider than the phone.
    const fits = (el: Element) => el.scrollWidth <= el.clientWidth;
    expect(await drawer.evaluate(fits)).toBe(true);
    expect(await drawer.locator('.mantine-Drawer-body').evaluate(fits)).toBe(true);
    // The subscriber's grant, and the free days control with its plan choice, fit the phone.
    await drawer.getByTestId('user-grant-table').locator('tr[data-plan="monthly"][data-state="current"]').waitFor();
    await drawer.getByTestId('user-actions').scrollIntoViewIfNeeded();
    await e2e.shot(page, 'admin-users-drawer-mobile-actions', { fullPage: false });
    await drawer.getByTestId('user-grants').scrollIntoViewIfNeeded();
    await e2e.shot(page, 'admin-users-drawer-mobile-grants', { fullPage: false });
    expect(await drawer.locator('.mantine-Drawer-body').evaluate(fits)).toBe(true);
    await drawer.getByTestId('user-notes').scrollIntoViewIfNeeded();
    await e2e.shot(page, 'admin-users-drawer-mobile-notes', { fullPage: false });
  });
});

/** The dialogs on the page without an accessible name (aria-label, or the text aria-labelledby names). */
function unnamedDialogs(page: Page): Promise<string[]> {
  return page.locator('[role="dialog"]').evaluateAll((dialogs) =>
    dialogs
      .filter((d) => {
        const named = (d.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '');
        return !(d.getAttribute('aria-label') ?? named.join('')).trim();
      })
      .map((d) => d.outerHTML.slice(0, 120)),
  );
}
