import { expect, it } from 'vitest';
import { describeE2E, hasHorizontalScroll, setupE2E } from './harness';

describeE2E('API tokens in the profile', () => {
  const e2e = setupE2E();

  it('mints a token with an expiry, lists when it expires, and says beforehand what revokes tokens (desktop and 390 px)', async () => {
    const user = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=developer', { as: user });
    const panel = page.getByTestId('developer-section');
    await panel.getByText('NO API TOKENS').waitFor();
    expect(await panel.getByTestId('api-token-revocation-note').textContent()).toMatch(
      /password.*signing out everywhere, revokes all your API tokens/,
    );
    expect(await panel.getByLabel('EXPIRES AFTER').inputValue()).toBe('90');

    await panel.getByLabel('TOKEN NAME').fill('Month bot');
    await panel.getByLabel('EXPIRES AFTER').selectOption('30');
    await panel.getByRole('button', { name: 'CREATE TOKEN' }).click();
    await panel.getByTestId('new-api-token').waitFor();
    await panel.getByLabel('TOKEN NAME').fill('Forever bot');
    await panel.getByLabel('EXPIRES AFTER').selectOption('never');
    await panel.getByRole('button', { name: 'CREATE TOKEN' }).click();
    await panel.getByTestId('api-token-table').getByText('Forever bot').waitFor();
    const expiries = await panel.getByTestId('api-token-expiry').allTextContents();
    expect(expiries.sort()).toEqual(['expires in 30 days', 'never'].sort());
    await panel.getByRole('button', { name: 'DONE' }).click();
    await e2e.shot(page, 'profile-api-tokens-expiry', { fullPage: false });
    await e2e.a11y(page);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The password form says it too.
    await page.getByRole('tab', { name: 'SECURITY' }).click();
    expect(await page.getByTestId('security-section').textContent()).toContain('all your API tokens are revoked');

    const mobile = await e2e.open('/profile?section=developer', { as: user, viewport: { width: 390, height: 844 } });
    const mpanel = mobile.getByTestId('developer-section');
    await mpanel.getByTestId('api-token-table').getByText('Month bot').waitFor();
    await mpanel.getByTestId('api-token-revocation-note').waitFor();
    expect(await mpanel.getByTestId('api-token-expiry').first().isVisible()).toBe(false);
    const inline = mpanel.getByTestId('api-token-expiry-inline');
    expect(await inline.first().isVisible()).toBe(true);
    expect((await inline.allTextContents()).sort()).toEqual(['expires in 30 days', 'never'].sort());
    // The revoke button is in view, not cut off.
    const revoke = mpanel.getByRole('button', { name: 'Revoke token Month bot' });
    const box = (await revoke.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await e2e.shot(mobile, 'profile-api-tokens-expiry-390', { fullPage: true });
    expect(await hasHorizontalScroll(mobile)).toBe(false);
  });
});
