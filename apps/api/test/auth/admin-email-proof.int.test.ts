import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_EMAIL,
  signUp,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  until,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';
import { open } from '../live-reader';

const kinds = await testDbKinds();

const INVALID = 'The administrator address link is invalid or expired.';
const SECOND_ADMIN = 'second.admin@t0.test';

/** The administrator-address links mailed to `email` so far, oldest first. */
const proofLinks = (t: TestApp, email: string) =>
  t
    .mails()
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => m.match(/http:\/\/t0\.test\/confirm-admin\?token=([0-9a-f]{64})&email=(\S+)/))
    .filter((m) => m !== null)
    .map((m) => ({ token: m[1]!, email: decodeURIComponent(m[2]!) }));

/** An administrator by the `is_admin` flag (set in the database), signed in. */
async function flagAdmin(t: TestApp) {
  const desk = await signUp(t, uniqueEmail('desk'));
  await t.db.db.updateTable('users').set({ isAdmin: true }).where('id', '=', desk.id).execute();
  return desk;
}

describe.each(kinds)('an ADMIN_EMAILS address must be proven before it grants anything, on %s', (kind) => {
  let t: TestApp;
  let desk: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_ADMIN}`, PRICE_REFRESH_MS: '3600000' });
    desk = (await flagAdmin(t)).client;
  });
  afterAll(async () => t?.close());

  it('an account registered with an ADMIN_EMAILS address is an ordinary user until the link mailed to the address is followed', async () => {
    // Whoever registers the address first, without its mailbox.
    const squatter = await signUp(t, ADMIN_EMAIL);
    const me = await squatter.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ isAdmin: false, hasActiveSubscription: false, adminEmailPending: true });
    // No door opens: administrator procedures, premium levels, the console's lists, signal e-mails.
    expect((await squatter.client.get('/api/admin/users')).status).toBe(403);
    expect((await squatter.client.post('/api/signals', VALID_SIGNAL)).status).toBe(403);
    const published = await desk.post('/api/signals', { ...VALID_SIGNAL, memo: 'for the desk only' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const seen = (await squatter.client.get('/api/signals')).body as Array<{ id: number; locked: boolean }>;
    expect(seen.find((s) => s.id === published.body.id)).toMatchObject({ locked: true });
    const admins = await desk.get('/api/admin/users/search?filter=admin');
    expect(admins.body.users.map((u: { email: string }) => u.email)).not.toContain(ADMIN_EMAIL);
    const detail = await desk.get(`/api/admin/users/${squatter.id}/detail`);
    expect(detail.body.account).toMatchObject({ isAdmin: false, adminByConfig: false, hasAccess: false });
    const signalMails = async () =>
      (await t.db.db.selectFrom('emailLog').select('toAddress').where('kind', '=', 'signal').execute()).map(
        (r) => r.toAddress,
      );
    // The desk (an administrator by its flag) is mailed the signal; the unproven address is not.
    await until(signalMails, (to) => to.length > 0);
    expect(await signalMails()).not.toContain(ADMIN_EMAIL);

    // Registering mailed the proof to the address: one link, single use, for this account only.
    const [link] = proofLinks(t, ADMIN_EMAIL);
    expect(link).toMatchObject({ email: ADMIN_EMAIL });
    const stored = await t.db.db
      .selectFrom('passwordResetTokens')
      .select(['token', 'purpose'])
      .where('email', '=', ADMIN_EMAIL)
      .execute();
    expect(stored).toEqual([{ token: expect.not.stringContaining(link!.token), purpose: 'admin' }]);
    // Not a password reset token.
    const asReset = await t
      .client()
      .post('/api/auth/reset-password', { token: link!.token, email: ADMIN_EMAIL, newPassword: 'Ev1l!Password' });
    expect(asReset.status).toBe(400);
    // Another account cannot use it, nor can a wrong token or no session.
    const other = await signUp(t);
    expect((await other.client.post('/api/auth/admin-email/confirm', { token: link!.token })).body.message).toBe(
      INVALID,
    );
    expect((await t.client().post('/api/auth/admin-email/confirm', { token: link!.token })).status).toBe(401);
    const wrong = await squatter.client.post('/api/auth/admin-email/confirm', { token: 'ab'.repeat(32) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(INVALID);
    expect((await squatter.client.get('/api/auth/user')).body).toMatchObject({ isAdmin: false });

    // The owner of the mailbox follows the link, signed in to the account.
    const confirmed = await squatter.client.post('/api/auth/admin-email/confirm', { token: link!.token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const proven = (await squatter.client.get('/api/auth/user')).body;
    expect(proven).toMatchObject({ isAdmin: true, hasActiveSubscription: true });
    expect(proven).not.toHaveProperty('adminEmailPending');
    expect((await squatter.client.get('/api/admin/users')).status).toBe(200);
    // Audited like any role change, and told to the account's live streams.
    const audit = await t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'user')
      .where('targetId', '=', String(squatter.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: squatter.id, actorEmail: ADMIN_EMAIL, action: 'auth.confirmAdminEmail' });
    expect(audit[0]!.before).toMatchObject({ isAdmin: false });
    expect(audit[0]!.after).toMatchObject({ isAdmin: true });
    const changed = await t.db.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'account.changed')
      .where('audience', '=', `user:${squatter.id}`)
      .execute();
    expect(changed.map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload))).toEqual([
      { hasActiveSubscription: true, isAdmin: true },
    ]);
    // The link works once.
    expect((await squatter.client.post('/api/auth/admin-email/confirm', { token: link!.token })).status).toBe(400);
    // The console now lists it as an ADMIN_EMAILS administrator, whom it cannot demote.
    const after = await desk.get(`/api/admin/users/${squatter.id}/detail`);
    expect(after.body.account).toMatchObject({ isAdmin: true, adminByConfig: true });
  });

  it('re-projects the account’s live stream when the link is followed', async () => {
    const owner = await signUp(t, SECOND_ADMIN);
    const r = await open(t, owner.client);
    const before = await desk.post('/api/signals', { ...VALID_SIGNAL, memo: 'before the proof' });
    expect(before.status).toBe(200);
    // Unproven, the account holds no room: nothing of the open signal reaches its stream.
    await new Promise((r) => setTimeout(r, 500));
    expect(r.of('signal.created').map((f) => f.data.id)).not.toContain(before.body.id);
    const [link] = proofLinks(t, SECOND_ADMIN);
    expect((await owner.client.post('/api/auth/admin-email/confirm', { token: link!.token })).status).toBe(200);
    const provenAt = Date.now();
    await vi.waitFor(() => expect(r.of('account.changed')).toHaveLength(1), { timeout: 5000 });
    const next = await desk.post('/api/signals', { ...VALID_SIGNAL, memo: 'after the proof' });
    await vi.waitFor(() => expect(r.of('signal.created').map((f) => f.data.id)).toContain(next.body.id), {
      timeout: 5000,
    });
    const frame = r.of('signal.created').find((f) => f.data.id === next.body.id)!;
    expect(frame.data).toMatchObject({ locked: false, memo: 'after the proof' });
    expect(frame.at - provenAt).toBeLessThan(2000);
    r.close();
  });

  it('a signed-in account with an unproven ADMIN_EMAILS address asks for a new link; an expired one fails', async () => {
    // A fresh app: the addresses of the file above are taken.
    const own = await startTestApp(kind, { ADMIN_EMAILS: ADMIN_EMAIL, PRICE_REFRESH_MS: '3600000' });
    try {
      const owner = await signUp(own, ADMIN_EMAIL);
      const [first] = proofLinks(own, ADMIN_EMAIL);
      // The first link expired before it was followed.
      await own.db.db
        .updateTable('passwordResetTokens')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('email', '=', ADMIN_EMAIL)
        .execute();
      const late = await owner.client.post('/api/auth/admin-email/confirm', { token: first!.token });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(INVALID);
      // Asked again: a new link, within the limit of links an hour.
      const again = await owner.client.post('/api/auth/admin-email/send');
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.message).toContain(ADMIN_EMAIL);
      expect(proofLinks(own, ADMIN_EMAIL)).toHaveLength(2);
      expect((await owner.client.post('/api/auth/admin-email/send')).status).toBe(200);
      const tooMany = await owner.client.post('/api/auth/admin-email/send');
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(proofLinks(own, ADMIN_EMAIL)).toHaveLength(3);
      const newest = proofLinks(own, ADMIN_EMAIL).at(-1)!;
      expect((await owner.client.post('/api/auth/admin-email/confirm', { token: newest.token })).status).toBe(200);
      expect((await owner.client.get('/api/auth/user')).body).toMatchObject({ isAdmin: true });
      // Nothing left to prove: asking again, or asking from an ordinary address, is refused.
      expect((await owner.client.post('/api/auth/admin-email/send')).status).toBe(409);
      const plain = await signUp(own);
      expect((await plain.client.post('/api/auth/admin-email/send')).status).toBe(409);
      expect((await plain.client.get('/api/auth/user')).body).not.toHaveProperty('adminEmailPending');
      expect(proofLinks(own, plain.email)).toEqual([]);
      // The proof is kept on the account (one, the owner's).
      const proven = await sql<{
        n: number;
      }>`select count(*)::int as n from users where admin_email_proven_at is not null`.execute(own.db.db);
      expect(proven.rows[0]!.n).toBe(1);
    } finally {
      await own.close();
    }
  });
});
