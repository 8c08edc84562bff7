import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, STRONG_PASSWORD, testDbKinds, until, type TestApp } from '../harness';

const kinds = await testDbKinds();

describe.each(kinds)('one account per address whatever its case on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('finds an account stored in mixed case (by a script or an older version) by any case of its address', async () => {
    // Registered normally, then its address rewritten in mixed case outside the API.
    const { id } = await signUp(t, 'mixed.case@t0.test');
    await t.db.db.updateTable('users').set({ email: 'Mixed.Case@T0.test' }).where('id', '=', id).execute();

    for (const email of ['mixed.case@t0.test', 'MIXED.CASE@T0.TEST', 'Mixed.Case@T0.test']) {
      const res = await t.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
      expect(res.status, email).toBe(200);
      expect(res.body.id).toBe(id);
    }

    const dup = await t
      .client()
      .post('/api/register', { email: 'mixed.CASE@t0.test', password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An account with this email already exists');

    const before = t.mails().length;
    expect((await t.client().post('/api/auth/forgot-password', { email: 'MIXED.case@t0.test' })).status).toBe(200);
    // Mailed by the job queue, after the answer.
    const mails = await until(
      () => t.mails(),
      (m) => m.length > before,
    );
    expect(mails.length).toBe(before + 1);
    const token = mails.at(-1)!.match(/token=([0-9a-f]{64})/)![1]!;
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, email: 'mixed.case@T0.TEST', newPassword: 'N3w!Password' });
    expect(reset.status).toBe(200);
  });

  it('refuses at the database a second account whose address differs only in case', async () => {
    await signUp(t, 'unique.case@t0.test');
    await expect(
      t.db.db.insertInto('users').values({ email: 'Unique.Case@t0.test', password: 'x' }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
