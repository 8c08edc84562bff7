import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { consoleReady, openTab, region, toastTitled } from './admin-helpers';
import { ADMIN_EMAIL, describeE2E, hasHorizontalScroll, PASSWORD, setupE2E } from './harness';

// With ADMIN_REQUIRE_2FA on, the console first asks the administrator to set up a
// second factor; the code is computed from the secret shown on screen. Then a change in the
// console appears in the AUDIT tab, and the next sign-in asks for a code after the password.

describeE2E('administrator two-factor authentication and audit log', () => {
  const e2e = setupE2E({ env: { ADMIN_REQUIRE_2FA: 'true' } });

  it('enrols from the shown secret, sees its change in the audit log, and signs in with a code', async () => {
    const admin = await e2e.user('admin');
    const page = await e2e.open('/admin123', { as: admin, viewport: { width: 1280, height: 900 } });
    const gate = page.getByTestId('admin-second-factor-gate');
    await gate.getByText('SET UP TWO-FACTOR AUTHENTICATION').first().waitFor();
    await gate.getByRole('button', { name: 'SET UP TWO-FACTOR AUTHENTICATION' }).click();
    const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByAltText('QR code of the two-factor secret').waitFor();
    await e2e.shot(page, 'admin-2fa-enrol');
    await page.getByLabel('CODE').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'CONFIRM AND TURN ON' }).click();
    await expect.poll(() => page.getByTestId('recovery-code').count()).toBe(10);
    await e2e.shot(page, 'admin-2fa-recovery-codes');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'admin-2fa-recovery-codes-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'I HAVE SAVED THEM' }).click();
    await consoleReady(page);

    const title = `Audit me ${Date.now()}`;
    const form = region(page, 'BROADCAST NOTIFICATION');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('A change the audit log records.');
    await form.getByRole('button', { name: 'BROADCAST' }).click();
    await toastTitled(page, 'NOTIFICATION BROADCAST').waitFor();

    await openTab(page, 'AUDIT');
    const entry = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'notifications.create' })
      .filter({ hasText: title });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(ADMIN_EMAIL);
    await page.getByText('secondFactor.enabled').first().waitFor();
    await e2e.a11y(page);
    await e2e.shot(page, 'admin-audit-tab');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await e2e.shot(page, 'admin-audit-tab-390');

    // The next sign-in: password, then the code step.
    const login = await e2e.open('/login', { viewport: { width: 1280, height: 900 } });
    await login.getByLabel('EMAIL').fill(ADMIN_EMAIL);
    await login.getByLabel('PASSWORD', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'ACCESS_TERMINAL' }).click();
    const step = login.getByTestId('second-factor-step');
    await step.waitFor();
    await e2e.shot(login, 'admin-2fa-code-step');
    // The next period's code (the current one was used by the set-up).
    await step
      .getByLabel('AUTHENTICATION CODE')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole('button', { name: 'VERIFY CODE' }).click();
    await login.waitForURL(/\/dashboard/);
    await login.goto('/admin123');
    await consoleReady(login);
  });
});
