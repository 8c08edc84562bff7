import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, STRONG_PASSWORD, oneTestDbKind, until, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

const INVALID = 'The password reset link is invalid or expired.';

describe.each(kinds)('reset links end at a reset and a password change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** Asks for a reset link and answers the token mailed for it. */
  const requestLink = async (email: string) => {
    const before = t.mails().length;
    expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
    // Mailed by the job queue, after the answer.
    const mails = await until(
      () => t.mails(),
      (m) => m.length > before,
    );
    expect(mails.length).toBe(before + 1);
    return mails.at(-1)!.match(/token=([0-9a-f]{64})/)![1]!;
  };
  const reset = (email: string, token: string, newPassword: string) =>
    t.client().post('/api/auth/reset-password', { token, email, newPassword });

  it('an older reset link fails once another one has reset the password', async () => {
    const { email } = await signUp(t);
    const older = await requestLink(email);
    const newer = await requestLink(email);

    const first = await reset(email, newer, 'N3w!Password');
    expect(first.status).toBe(200);

    const replay = await reset(email, older, 'Ev1l!Password');
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(INVALID);
    // The password is still the one set by the reset.
    expect((await t.client().post('/api/auth/login', { email, password: 'N3w!Password' })).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email, password: 'Ev1l!Password' })).status).toBe(401);
    const open = await t.db.db
      .selectFrom('passwordResetTokens')
      .select('id')
      .where('email', '=', email)
      .where('used', '=', false)
      .execute();
    expect(open).toEqual([]);
  });

  it('a reset link mailed before a password change fails after it', async () => {
    const { client, email } = await signUp(t);
    const token = await requestLink(email);

    const change = await client.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Chang3d!Pass',
    });
    expect(change.status).toBe(200);

    const res = await reset(email, token, 'Ev1l!Password');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect((await t.client().post('/api/auth/login', { email, password: 'Chang3d!Pass' })).status).toBe(200);
  });

  it('a reset also ends the account welcome link, and a link asked for afterwards works', async () => {
    const { email } = await signUp(t);
    // A welcome (set-password) link issued by checkout, then a reset link.
    await t.db.db
      .insertInto('passwordResetTokens')
      .values({ email, token: 'f'.repeat(64), purpose: 'welcome', expiresAt: new Date(Date.now() + 3_600_000) })
      .execute();
    const token = await requestLink(email);
    expect((await reset(email, token, 'N3w!Password')).status).toBe(200);
    const welcome = await t.db.db
      .selectFrom('passwordResetTokens')
      .select('used')
      .where('token', '=', 'f'.repeat(64))
      .executeTakeFirstOrThrow();
    expect(welcome.used).toBe(true);

    const later = await requestLink(email);
    expect((await reset(email, later, 'Lat3r!Password')).status).toBe(200);
  });
});
