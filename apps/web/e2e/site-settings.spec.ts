import { expect, it } from 'vitest';
import { consoleReady, openTab, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, screenshotOf, setupE2E } from './harness';

// The desk edits the landing page's figures and the legal pages in the console; the
// footer leads to them, rendered from Markdown without running anything in it.

describeE2E('site settings and legal pages', () => {
  // A product of its own: the settings it saves change the landing page every other file looks at.
  const e2e = setupE2E({ ownProduct: true });

  it('saves a figure and the terms in SETTINGS; the landing page and /terms show them, HTML in the text stays text', async () => {
    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123?tab=settings', { as: admin });
    await consoleReady(page);
    await openTab(page, 'SETTINGS');
    const form = page.getByTestId('site-settings');
    await form.getByLabel('TRADERS', { exact: true }).fill('2,500+');
    await form
      .getByRole('textbox', { name: 'TERMS OF SERVICE' })
      .fill(
        '# Terms of service\n\nPay **monthly**, cancel any time.\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">',
      );
    await form.getByRole('button', { name: 'SAVE SETTINGS' }).click();
    await toastTitled(page, 'SETTINGS SAVED').waitFor();
    await e2e.shot(page, 'admin-settings-desktop');

    const guest = await e2e.open('/', { viewport: 'mobile' });
    await guest.getByText('2,500+', { exact: true }).first().waitFor();
    await guest.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'TERMS' }).click();
    await guest.waitForURL(/\/terms$/);
    const text = guest.getByTestId('legal-markdown');
    await text.getByRole('heading', { name: 'Terms of service' }).waitFor();
    expect(await text.locator('strong').textContent()).toBe('monthly');
    expect(await text.locator('script, img').count()).toBe(0);
    expect(await guest.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await hasHorizontalScroll(guest)).toBe(false);
    await e2e.shot(guest, 'legal-terms-mobile');

    // The risk disclosure has a default text before anyone writes one.
    await guest.goto(`${e2e.product.url}/risk`);
    await guest.getByTestId('legal-markdown').getByText('Past results do not guarantee future returns.').waitFor();
    await e2e.shot(guest, 'legal-risk-mobile');
    await e2e.a11y(guest);
  });

  it('chooses who e-mails about failed payments and turns the win-back offer on, at 1440 and 390 px', async () => {
    const admin = await e2e.user('admin');
    for (const [viewport, percent] of [
      ['desktop', '30'],
      ['mobile', '35'],
    ] as const) {
      const page = await e2e.open('/admin123?tab=settings', { as: admin, viewport });
      await consoleReady(page);
      await openTab(page, 'SETTINGS');
      const form = page.getByTestId('site-settings');
      const section = form.getByRole('region', { name: 'BILLING MESSAGES' });
      await section.scrollIntoViewIfNeeded();
      await section.getByText('T0 E-MAILS').click();
      await section.getByLabel(/Win-back offer/).check();
      await section.getByLabel('Percent off').fill(percent);
      await form.getByRole('button', { name: 'SAVE SETTINGS' }).click();
      await toastTitled(page, 'SETTINGS SAVED').waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshotOf(section, `admin-settings-billing-messages-${viewport}`);
    }
    const saved = (await admin.api.get('/api/admin/site-settings')).body;
    expect(saved.dunningEmails).toBe('t0');
    expect(saved.winBack).toEqual({ enabled: true, days: 14, percentOff: 35, durationMonths: 1 });
  });
});
