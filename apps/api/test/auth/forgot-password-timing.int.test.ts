import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedPairs } from '../timing';
import { signUp, startTestApp, testDbKinds, uniqueEmail, until, type TestApp } from '../harness';

const kinds = await testDbKinds();

describe.each(kinds)('forgot-password answers known and unknown addresses in the same time on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No price refreshes competing with the requests timed.
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' });
  });
  afterAll(async () => t?.close());

  const timedForgot = async (email: string): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${t.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await res.text();
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    return took;
  };

  it('is within 25 % (median ratio over 81 pairs, each a known and an unknown address back to back)', async () => {
    const { email } = await signUp(t);
    const nobody = () => uniqueEmail('nobody');
    // Warm both paths.
    await timedForgot(nobody());
    await timedForgot(email);
    // Each pair is timed back to back, in an order drawn at random: a pause of the machine
    // (another test file runs beside this one) slows both of a pair, not one side of the count. A
    // request is about 10 ms, so a pause weighs much more than in login-timing: more pairs.
    const { ratio, describe } = await timedPairs(
      81,
      () => timedForgot(email),
      () => timedForgot(nobody()),
    );
    expect(Math.abs(ratio - 1), describe).toBeLessThan(0.25);
    // The known address is still mailed its link (after the answer, by the job queue).
    await until(
      () => t.mails().filter((m) => m.includes(`To: ${email}`) && m.includes('/reset-password?token=')).length,
      (n) => n > 0,
    );
  });
});
