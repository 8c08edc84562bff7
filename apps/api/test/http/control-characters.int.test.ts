import { describe, expect, it } from 'vitest';
import { appWithRoles, STRONG_PASSWORD, oneTestDbKind, uniqueEmail } from '../harness';

const kinds = await oneTestDbKind();

const signal = {
  instrument: 'AUDUSD',
  direction: 'long',
  entryPrice: 0.65,
  slPrice: 0.64,
  t0Price: 0.66,
  t1Price: 0.67,
  monthlyBias: 'Bullish',
};

const post = { title: 'Weekly outlook', excerpt: 'What moves next', content: 'Body', author: 'Desk' };

/** The 400 of a refused field, as REST answers it. */
const refusedOverRest = (field: string) => ({
  message: `${field} must not contain control characters`,
  code: 'BAD_REQUEST',
  fields: [{ path: field, code: 'control_character', message: `${field} must not contain control characters` }],
});

describe.each(kinds)('control characters in text fields on %s', (kind) => {
  const roles = appWithRoles(kind);

  it('refuses a NUL in registration with a 400 naming the field, and creates no account (REST)', async () => {
    const email = uniqueEmail('nul');
    const res = await roles.t
      .client()
      .post('/api/register', { email, password: STRONG_PASSWORD, firstName: 'An\u0000n', lastName: 'Trader' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusedOverRest('firstName'));
    const rows = await roles.t.db.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  it('refuses a NUL in the sign-in address with a 400, not a 500 (REST)', async () => {
    const res = await roles.t.client().post('/api/auth/login', { email: 'a\u0000@t0.test', password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusedOverRest('email'));
  });

  it('refuses control characters in an admin publication and stores nothing (REST)', async () => {
    const before = await roles.t.db.db.selectFrom('signals').select('id').execute();
    const nul = await roles.admin.post('/api/signals', { ...signal, memo: 'Breakout\u0000 above' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject(refusedOverRest('memo'));
    const escape = await roles.admin.post('/api/signals', { ...signal, monthlyBias: 'Bull\u001bish' });
    expect(escape.status).toBe(400);
    expect(escape.body).toMatchObject(refusedOverRest('monthlyBias'));
    expect(await roles.t.db.db.selectFrom('signals').select('id').execute()).toEqual(before);

    const del = await roles.admin.post('/api/blog-posts', { ...post, title: 'Weekly\u007f outlook' });
    expect(del.status).toBe(400);
    expect(del.body).toMatchObject(refusedOverRest('title'));
    expect(
      await roles.t.db.db.selectFrom('blogPosts').select('id').where('title', 'like', 'Weekly%').execute(),
    ).toEqual([]);
  });

  it('refuses a control character in a query-string field (REST GET)', async () => {
    const res = await roles.admin.get('/api/admin/email-deliveries?limit=5%00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusedOverRest('limit'));
  });

  it('refuses a NUL over tRPC with the field in the error data, and changes nothing', async () => {
    const me = await roles.user.get('/api/auth/user');
    const res = await roles.user.post('/trpc/auth.updateProfile', { firstName: 'Changed', lastName: 'x\u0000' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: 'lastName must not contain control characters',
      data: {
        httpStatus: 400,
        path: 'auth.updateProfile',
        fields: [{ path: 'lastName', message: 'lastName must not contain control characters' }],
      },
    });
    expect((await roles.user.get('/api/auth/user')).body).toEqual(me.body);

    const query = await roles.admin.get(
      `/trpc/admin.emailDeliveries?input=${encodeURIComponent(JSON.stringify({ limit: '\u0001' }))}`,
    );
    expect(query.status).toBe(400);
    expect(query.body.error.data.fields).toEqual([
      { path: 'limit', code: 'control_character', message: 'limit must not contain control characters' },
    ]);
  });

  it('refuses only the call that carries one in a tRPC batch', async () => {
    const res = await roles.admin.post('/trpc/blog.create,blog.create?batch=1', {
      0: { ...post, title: 'Batch\u0000 one' },
      1: { ...post, title: 'Batch two' },
    });
    expect(res.status).toBe(207);
    expect(res.body[0].error.data).toMatchObject({ httpStatus: 400, fields: [{ path: 'title' }] });
    expect(res.body[1].result.data).toMatchObject({ title: 'Batch two' });
    const titles = (
      await roles.t.db.db.selectFrom('blogPosts').select('title').where('title', 'like', 'Batch%').execute()
    ).map((r) => r.title);
    expect(titles).toEqual(['Batch two']);
  });

  it('names a nested field, and keeps tab, newline and carriage return', async () => {
    const nested = await roles.admin.post('/api/signals', { ...signal, memo: { text: 'x\u0008' } });
    expect(nested.status).toBe(400);
    expect(nested.body.fields).toEqual([
      { path: 'memo.text', code: 'control_character', message: 'memo.text must not contain control characters' },
    ]);

    const memo = 'Line one\r\n\tLine two';
    const ok = await roles.admin.post('/api/signals', { ...signal, memo });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.memo).toBe(memo);
  });
});
