import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtp } from '../../api/test/smtp';
import { toastTitled } from './admin-helpers';
import { createUser, describeE2E, setupE2E } from './harness';

// Welcome Email System Monitoring: a paying subscriber whose welcome e-mail could not be sent is
// listed as CRITICAL, and the EMERGENCY button sends the missing e-mails through a real SMTP server.

let smtp: FakeSmtp;
/** Read by the product when it starts (after this file's beforeAll). */
const productEnv: Record<string, string> = {};
beforeAll(async () => {
  smtp = await startSmtpServer();
  productEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp?.close();
});

describeE2E('welcome e-mail monitoring and recovery', () => {
  const e2e = setupE2E({ env: productEnv });

  it('lists subscribers who never got their welcome e-mail and recovers them', async () => {
    // The administrator proves the ADMIN_EMAILS address through the link this mail server receives.
    const admin = await createUser(
      {
        url: e2e.product.url,
        async waitForMail(to, { subject } = {}) {
          for (let i = 0; i < 150; i++) {
            const m = smtp.received.find(
              (r) => r.to.includes(to.toLowerCase()) && (!subject || subject.test(r.subject)),
            );
            if (m) return { file: '', to: m.to.join(', '), subject: m.subject, text: m.text };
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error(`No mail to ${to}`);
        },
      },
      'admin',
    );
    // Every message is refused (451) from now on, until the test lets mail through.
    smtp.mode = 'reject';
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/admin123', { as: admin });

    const monitor = page.getByTestId('welcome-monitor');
    await expect.poll(() => monitor.getAttribute('data-state'), { timeout: 15_000 }).toBe('critical');
    await monitor.getByText('CRITICAL ISSUES: 1').waitFor();
    await monitor
      .getByText('1 active paying subscribers never received welcome emails with login credentials.')
      .waitFor();
    const row = monitor.getByTestId('affected-users').getByRole('row').filter({ hasText: sub.email });
    await row.getByText('NO CREDENTIALS').waitFor();
    expect(await row.textContent()).toContain('ACTIVE');
    await e2e.shot(page, 'admin-welcome-critical');
    await e2e.a11y(page);

    // While the mail server still refuses, the recovery runs and reports what it processed.
    await monitor.getByRole('button', { name: 'EMERGENCY: FIX ALL WELCOME EMAIL ISSUES' }).click();
    await toastTitled(page, 'WELCOME EMAIL RECOVERY COMPLETED').getByText('Processed 1 users').waitFor();
    expect(await monitor.getAttribute('data-state')).toBe('critical');

    // Mail gets through now: the recovery sends the e-mail and the card turns operational.
    smtp.mode = 'accept';
    await monitor.getByRole('button', { name: 'EMERGENCY: FIX ALL WELCOME EMAIL ISSUES' }).click();
    await toastTitled(page, 'WELCOME EMAIL RECOVERY COMPLETED').waitFor();
    await expect.poll(() => monitor.getAttribute('data-state'), { timeout: 15_000 }).toBe('operational');
    await monitor.getByText('OPERATIONAL', { exact: true }).first().waitFor();
    // Health is measured, not a display value: checks passed out of those made, and each line's state.
    await expect
      .poll(() => monitor.getByTestId('system-health').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+\/\d+ OK$/);
    await monitor.getByTestId('health-lines').getByText('SMTP VERIFIED').waitFor();
    await e2e.shot(page, 'admin-welcome-operational');

    const mail = smtp.received.find((m) => m.to.includes(sub.email.toLowerCase()));
    expect(mail).toBeDefined();
    // The subscriber registered with a password: the welcome says where to sign in, asks nothing to set.
    expect(mail!.text).toMatch(/the password you already chose/);
    expect(mail!.text).not.toMatch(/reset-password\?token=/);
    expect(mail!.text).not.toContain(sub.password);
    expect((await admin.api.get('/api/admin/affected-users')).body).toEqual([]);
  });
});
