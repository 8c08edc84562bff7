import { afterEach, expect, it } from 'vitest';
import { consoleReady, pick, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

// The blacklist in the console (docs/features/console-users.md#blacklist): the user drawer's
// BLACKLIST action with a reason, and the BLACKLIST list under the users, at desktop and phone widths.

const WAIT = { timeout: 15_000 };

describeE2E('console BLACKLIST', () => {
  const e2e = setupE2E();
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const pages = e2e.browser.contexts().flatMap((c) => c.pages());
    for (const [i, p] of pages.entries()) await e2e.shot(p, `failed-blacklist-${i}`).catch(() => undefined);
  });

  it('blacklists an account from its drawer and a domain from the list, after confirming', async () => {
    const admin = await e2e.user('admin');
    const target = await e2e.user('subscriber', { firstName: 'Banned', lastName: 'Leaker' });
    const page = await e2e.open('/admin123?tab=users', { as: admin });
    await consoleReady(page);
    const tab = page.getByTestId('users-tab');
    await tab.getByLabel('SEARCH').fill(target.email);
    await expect.poll(() => tab.getByTestId('users-total').textContent(), WAIT).toBe('1 user');
    await tab.getByRole('button', { name: target.email }).click();
    const drawer = page.getByRole('dialog', { name: target.email });
    await drawer.getByTestId('user-account').waitFor();

    // A reason is required.
    await drawer.getByRole('button', { name: 'BLACKLIST' }).click();
    await drawer.getByText('reason is required').waitFor();
    await drawer.getByTestId('blacklist-user-reason').fill('Leaked the paid room');
    await drawer.getByRole('button', { name: 'BLACKLIST' }).click();
    const confirm = page.getByRole('dialog', { name: 'BLACKLIST' });
    await confirm.getByText(`Blacklist ${target.email}?`, { exact: false }).waitFor();
    await e2e.shot(page, 'blacklist-confirm-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'BLACKLIST' }).click();
    await toastTitled(page, 'Blacklisted').waitFor();
    await expect
      .poll(() => drawer.getByTestId('user-action-result').textContent(), WAIT)
      .toMatch(new RegExp(`^${target.email.replace(/[.+]/g, '\\$&')} is blacklisted`));
    await expect
      .poll(() => drawer.getByTestId('user-account').getByTestId('user-status').textContent(), WAIT)
      .not.toBe('ACTIVE');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The list shows the entry with its reason.
    const list = page.getByTestId('blacklist');
    const row = list.getByTestId('blacklist-row').filter({ hasText: target.email });
    await row.getByText('Leaked the paid room').waitFor(WAIT);

    // A domain says how many accounts it bars before saving.
    const domain = `@ban${Date.now().toString(36)}.example`;
    await e2e.user('user', { email: `one${domain}` });
    await pick(list, 'KIND', 'Domain (@example.com)');
    await list.getByTestId('blacklist-value').fill(domain);
    await list.getByTestId('blacklist-reason').fill('Throwaway addresses');
    await list.getByRole('button', { name: 'BLACKLIST' }).click();
    const ask = page.getByRole('dialog', { name: 'BLACKLIST' });
    await ask.getByText(`Blacklist ${domain}? 1 account has an address there`, { exact: false }).waitFor(WAIT);
    await ask.getByRole('button', { name: 'BLACKLIST' }).click();
    await list.getByTestId('blacklist-row').filter({ hasText: domain }).waitFor(WAIT);
    await list.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'blacklist-list-desktop');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.a11y(page);
  });

  it('fits a phone: the list and the drawer action', async () => {
    const admin = await e2e.user('admin');
    const target = await e2e.user('user', { firstName: 'Phone', lastName: 'Banned' });
    const page = await e2e.open('/admin123?tab=users', { as: admin, viewport: 'mobile' });
    await consoleReady(page);
    const list = page.getByTestId('blacklist');
    await list.scrollIntoViewIfNeeded();
    await list.getByTestId('blacklist-value').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'blacklist-list-mobile', { fullPage: false });

    const tab = page.getByTestId('users-tab');
    await tab.getByLabel('SEARCH').fill(target.email);
    await expect.poll(() => tab.getByTestId('users-total').textContent(), WAIT).toBe('1 user');
    await tab.getByRole('button', { name: target.email }).click();
    const drawer = page.getByRole('dialog', { name: target.email });
    await drawer.getByTestId('blacklist-user-reason').scrollIntoViewIfNeeded();
    const fits = (el: Element) => el.scrollWidth <= el.clientWidth;
    expect(await drawer.locator('.mantine-Drawer-body').evaluate(fits)).toBe(true);
    await e2e.shot(page, 'blacklist-drawer-mobile', { fullPage: false });
  });
});
