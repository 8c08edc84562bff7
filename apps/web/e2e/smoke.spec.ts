import { expect, it } from 'vitest';
import { describeE2E, setupE2E } from './harness';

describeE2E('harness smoke', () => {
  const e2e = setupE2E();
  it('serves the app and signs a user in', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/dashboard', { as: user });
    await page.getByTestId('DashboardPage').waitFor();
    await e2e.shot(page, 'smoke-dashboard');
    expect(await page.title()).toBe('T0 Terminal');
  });
});
