import { afterEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleReady, openTab, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// Issue 15, subscribers in the console: the administrator finds a user, grants free days, sees
// the change in the user's drawer and the entry in the AUDIT tab; at desktop and phone widths.

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
    await expect.poll(() => tab.getByTestId('users-total').textContent()).toBe('1 user');
    const row = tab.getByTestId('user-row').filter({ hasText: target.email });
    expect(await row.getByTestId('user-status').textContent()).toBe('NO SUBSCRIPTION');
    await row.getByRole('button', { name: target.email }).click();

    const drawer = page.getByRole('dialog', { name: target.email });
    await drawer.getByTestId('user-account').waitFor();
    expect(await drawer.getByTestId('fact-access-until').textContent()).toBe('No access');
    await drawer.getByTestId('user-logins').getByText('register').waitFor();

    // Grant 14 days: asked first; cancelling changes nothing.
    await drawer.getByLabel('FREE DAYS').fill('14');
    await drawer.getByRole('button', { name: 'GRANT DAYS' }).click();
    const confirm = page.getByRole('dialog', { name: 'GRANT FREE DAYS' });
    await confirm.getByText(`Grant 14 free days to ${target.email}?`, { exact: false }).waitFor();
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
    await expect.poll(() => result.textContent()).toMatch(/^14 free days granted: access until \d{4}-\d\d-\d\d\.$/);
    await expect
      .poll(() => drawer.getByTestId('user-account').getByTestId('user-status').textContent())
      .toBe('FREE ACCESS');
    expect(await drawer.getByTestId('fact-access-until').textContent()).not.toBe('No access');
    // The list behind the drawer is read again.
    await expect.poll(() => row.getByTestId('user-status').textContent()).toBe('FREE ACCESS');
    await e2e.shot(page, 'admin-users-drawer-desktop', { fullPage: false });
    await e2e.a11y(page);

    // The target really has access now.
    expect((await target.api.get('/api/user/webhooks')).status).toBe(200);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await openTab(page, 'AUDIT');
    const entry = page.getByTestId('audit-entry').filter({ hasText: 'adminUsers.grantDays' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`user:${target.id}`);
    expect(await entry.textContent()).toContain('hasActiveSubscription: true');
    expect(await entry.textContent()).toContain('freeAccessUntil');
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
    await expect.poll(() => tab.getByTestId('users-total').textContent()).toBe('1 user');
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
