import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { consoleReady, openTab, pick, region, toastTitled } from './admin-helpers';
import { describeE2E, hasHorizontalScroll, setupE2E, type TestUser } from './harness';

// Analysts in the console, and following and muting them: the desk makes a user an analyst in the ANALYSTS tab;
// the analyst signs in with their second factor and sees only their tabs, publishing in their room
// and answering the threads of their room's subscribers (docs/features/messages.md);
// a subscriber mutes the analyst on a channel in the delivery preferences.

/** Screenshots are kept under e2e/screenshots and copied here for review. */

describeE2E('the analysts console and following analysts', () => {
  // Its own product: a room is made for the analyst (which moves an instrument out of the default room).
  const e2e = setupE2E({ ownProduct: true });

  /** The page at 1440 and 390 px (no sideways scrolling at 390), each one saved. */
  const shots = async (page: Page, name: string) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      if (width === 390) expect(await hasHorizontalScroll(page)).toBe(false);
      await e2e.shot(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  let analyst: TestUser;
  let admin: TestUser;
  const room = { slug: 'desk-a', name: 'Desk A' };
  const slug = 'grace-analyst';

  it('makes a user an analyst in the ANALYSTS tab', async () => {
    admin = await e2e.user('admin');
    const made = await admin.api.post('/api/admin/rooms', { ...room, instruments: ['GBPUSD'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    analyst = await e2e.user('user', { firstName: 'Grace', lastName: 'Hopper' });

    const page = await e2e.open('/admin123?tab=analysts', { as: admin, viewport: { width: 1440, height: 900 } });
    await consoleReady(page);
    const form = page.getByTestId('analyst-form');
    await form.getByLabel("User's e-mail").fill(analyst.email);
    await form.getByLabel('Name shown').fill('Grace Analyst');
    await form.getByLabel('Title').fill('FX strategist');
    await pick(form, 'Rooms', room.name);
    await page.keyboard.press('Escape');
    await form.getByLabel('Disclosure').fill('Holds no positions in what she covers.');
    await form.getByRole('button', { name: 'MAKE ANALYST' }).click();
    await toastTitled(page, 'ANALYST SAVED').waitFor();
    const row = page.getByTestId('analyst-row').filter({ hasText: analyst.email });
    await row.waitFor();
    expect(await row.textContent()).toContain(room.name);
    expect(await row.textContent()).toContain(slug);
    await e2e.a11y(page);
    await shots(page, 'analysts-tab');
  });

  it('signs the analyst in with their second factor: only their tabs, and they publish in their room', async () => {
    // The analyst sets up the second factor (the console's gate does the same through these calls).
    const enrol = await analyst.api.post('/api/auth/2fa/enrol');
    expect(enrol.status, JSON.stringify(enrol.body)).toBe(200);
    const secret = enrol.body.secret as string;
    const confirmed = await analyst.api.post('/api/auth/2fa/confirm', { code: await generate({ secret }) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const page = await e2e.open('/login', { viewport: { width: 1440, height: 900 } });
    await page.getByLabel('EMAIL').fill(analyst.email);
    await page.getByLabel('PASSWORD', { exact: true }).fill(analyst.password);
    await page.getByRole('button', { name: 'ACCESS_TERMINAL' }).click();
    const step = page.getByTestId('second-factor-step');
    await step.waitFor();
    // The next period's code (the current one was used by the set-up).
    await step
      .getByLabel('AUTHENTICATION CODE')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole('button', { name: 'VERIFY CODE' }).click();
    await step.waitFor({ state: 'detached' });
    await page.goto('/admin123');

    await page.getByTestId('analyst-name').filter({ hasText: 'Grace Analyst' }).waitFor({ timeout: 30_000 });
    const tabs = await page.getByRole('tablist', { name: 'Console sections' }).getByRole('tab').allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual(['CREATE', 'ANALYSIS', 'SIGNALS', 'MESSAGES', 'CHARTS']);
    // None of the desk's own figures or monitors.
    expect(await page.getByTestId('admin-stats').count()).toBe(0);
    expect(await region(page, 'BROADCAST NOTIFICATION').count()).toBe(0);
    // Their own figures: their record as the public page computes it (nothing closed yet).
    const own = page.getByTestId('analyst-own-figures');
    await own.getByText('SIGNALS TAKEN').waitFor();
    expect(await own.getByRole('link', { name: 'MY PUBLIC PAGE →' }).getAttribute('href')).toBe(
      `/performance/analysts/${slug}`,
    );

    const gen = region(page, 'TRADING SIGNAL GENERATOR');
    await gen
      .getByRole('combobox', { name: 'Instrument', exact: true })
      .or(gen.getByRole('textbox', { name: 'Instrument', exact: true }))
      .first()
      .click();
    await page.getByRole('option', { name: 'GBPUSD', exact: true }).waitFor();
    // Only the instruments of the analyst's room.
    expect(await page.getByRole('option').allTextContents()).toEqual(['GBPUSD']);
    await page.keyboard.press('Escape');
    await pick(gen, 'Direction', 'SHORT');
    // A pending order above the market (a market signal must be within 10 pips of the live price).
    await pick(gen, 'Status', 'LIMIT (AT ENTRY)');
    await gen.getByLabel('Entry price').fill('1.3650');
    await gen.getByLabel('Stop loss (SL)').fill('1.3750');
    await gen.getByLabel('Take Profit 0 (T0)').fill('1.3550');
    await gen.getByLabel('Take Profit 1 (T1)').fill('1.3450');
    await gen.getByLabel('Memo').fill('Analyst short at supply');
    await gen.getByRole('button', { name: 'PREVIEW SIGNAL' }).click();
    await page
      .getByRole('dialog', { name: 'PREVIEW SIGNAL' })
      .getByRole('button', { name: 'PUBLISH', exact: true })
      .click();
    await toastTitled(page, 'SIGNAL GENERATED').waitFor();

    const signals = (await admin.api.get('/api/signals')).body as {
      room: string;
      memo: string;
      author: { slug: string } | null;
    }[];
    const mine = signals.find((s) => s.memo === 'Analyst short at supply');
    expect(mine).toMatchObject({ room: room.slug, author: { slug } });

    await openTab(page, 'SIGNALS');
    await page.getByText('YOUR SIGNALS (1)').waitFor();
    await page.getByTestId('signal-row').first().waitFor();
    await e2e.a11y(page);
    await shots(page, 'analyst-console');

    // MESSAGES: the threads of the subscribers of the analyst's room, no other.
    const plan = await admin.api.post('/api/admin/plans', {
      key: 'desk-a-plan',
      name: 'Desk A plan',
      rooms: [room.slug],
      terms: 'recurring',
      interval: 'month',
      intervalCount: 1,
      amountCents: 4900,
      currency: 'usd',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const member = await e2e.user('user', { firstName: 'Room', lastName: 'Member' });
    expect(
      (await member.api.post('/api/test/activate-subscription', { email: member.email, plan: 'desk-a-plan' })).status,
    ).toBe(200);
    expect((await member.api.post('/api/user/messages', { message: 'Is GBPUSD still a short?' })).status).toBe(200);
    const other = await e2e.user('subscriber', { firstName: 'Main', lastName: 'Member' });
    expect((await other.api.post('/api/user/messages', { message: 'A main room question' })).status).toBe(200);
    await openTab(page, 'MESSAGES');
    const inbox = page.getByTestId('MessagesTab');
    await inbox.getByTestId('thread-row').filter({ hasText: 'Room Member' }).click();
    await inbox.getByTestId('message').filter({ hasText: 'still a short' }).waitFor();
    expect(await inbox.getByTestId('thread-row').allTextContents()).toHaveLength(1);
    // Stopping a subscriber's writing and the saved replies' editing are administrators' only.
    expect(await inbox.getByRole('button', { name: 'STOP WRITING' }).count()).toBe(0);
    expect(await page.getByTestId('saved-replies').count()).toBe(0);
    await e2e.a11y(page);
    await shots(page, 'analyst-messages');
  });

  it('lets a subscriber mute the analyst on one channel in the delivery preferences', async () => {
    const sub = await e2e.user('subscriber');
    const page = await e2e.open('/profile?section=alerts', { as: sub, viewport: { width: 1440, height: 900 } });
    const rules = page.getByTestId('analyst-rules-email');
    await rules.waitFor();
    await pick(rules, 'E-MAIL: mute', 'Grace Analyst');
    await page.keyboard.press('Escape');
    await page.getByTestId('alerts-section').getByRole('button', { name: 'SAVE ALERT SETTINGS' }).click();
    await toastTitled(page, 'Alert Settings Updated').waitFor();
    const prefs = (await sub.api.get('/api/user/delivery-preferences')).body as { analysts: unknown[] };
    expect(prefs.analysts).toEqual([{ channel: 'email', analyst: slug, rule: 'mute' }]);
    await page.getByTestId('analyst-rules').scrollIntoViewIfNeeded();
    await e2e.a11y(page);
    await shots(page, 'analyst-follow-mute');
  });
});
