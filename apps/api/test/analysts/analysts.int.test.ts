import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, startTestApp, oneTestDbKind, type TestApp, type TestClient } from '../harness';

// The console's analysts over REST: making a user one, changing and deactivating them, the list,
// the refusals naming their field (which change nothing), the audit entries and who may call.

const kinds = await oneTestDbKind();

interface Analyst {
  id: number;
  userId: number;
  email: string;
  slug: string;
  displayName: string;
  title: string;
  disclosure: string;
  rooms: string[];
  active: boolean;
  createdAt: string;
  deactivatedAt: string | null;
}

describe.each(kinds)('analysts in the console on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let userId: number;
  let otherId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    const u = await signUp(t);
    user = u.client;
    userId = u.id;
    otherId = (await signUp(t)).id;
    for (const slug of ['gold', 'indices']) {
      const res = await admin.post('/api/admin/rooms', { slug, name: slug.toUpperCase() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const analysts = async () => (await admin.get<Analyst[]>('/api/admin/analysts')).body;
  const audit = async () =>
    (await t.db.db.selectFrom('auditLog').select(['action', 'targetType', 'targetId', 'after']).orderBy('id').execute())
      .filter((r) => r.action.startsWith('analysts.'))
      .map((r) => ({ ...r, after: r.after as Record<string, unknown> | null }));
  const flag = async (id: number) =>
    (await t.db.db.selectFrom('users').select('isAnalyst').where('id', '=', id).executeTakeFirstOrThrow()).isAnalyst;

  /** A 400 naming `path`, after which the analysts, the flags and the audit log read as before. */
  async function refused(send: () => Promise<{ status: number; body: any }>, path: string, message: RegExp) {
    const before = {
      analysts: await analysts(),
      audit: await audit(),
      flags: [await flag(userId), await flag(otherId)],
    };
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(res.body.message).toMatch(message);
    expect({
      analysts: await analysts(),
      audit: await audit(),
      flags: [await flag(userId), await flag(otherId)],
    }).toEqual(before);
  }

  it('makes a user an analyst, with a slug made from the name, listed and audited', async () => {
    expect(await analysts()).toEqual([]);
    const res = await admin.post<Analyst>(`/api/admin/users/${userId}/analyst`, {
      displayName: '  Ådne Tape Reader ',
      title: 'Senior analyst, indices',
      rooms: ['indices', 'gold'],
      disclosure: 'Holds no positions in the instruments covered. The desk receives an introducing rebate.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      userId,
      slug: 'adne-tape-reader',
      displayName: 'Ådne Tape Reader',
      title: 'Senior analyst, indices',
      rooms: ['gold', 'indices'],
      active: true,
      deactivatedAt: null,
    });
    expect(await analysts()).toEqual([res.body]);
    expect(await flag(userId)).toBe(true);
    // The user's own answer says so.
    expect((await user.get('/api/auth/user')).body).toMatchObject({ isAnalyst: true, isAdmin: false });
    expect(await audit()).toEqual([
      {
        action: 'analysts.upsert',
        targetType: 'analyst',
        targetId: String(userId),
        after: expect.objectContaining({ slug: 'adne-tape-reader', rooms: ['gold', 'indices'], active: true }),
      },
    ]);
  });

  it('refuses an unknown room, a slug in use, an empty name, naming the field and changing nothing', async () => {
    await refused(
      () => admin.post(`/api/admin/users/${otherId}/analyst`, { displayName: 'Other', rooms: ['gold', 'nowhere'] }),
      'rooms',
      /Room nowhere does not exist/,
    );
    await refused(
      () => admin.post(`/api/admin/users/${otherId}/analyst`, { displayName: 'Adne tape reader' }),
      'slug',
      /slug adne-tape-reader is in use/,
    );
    await refused(
      () => admin.post(`/api/admin/users/${otherId}/analyst`, { displayName: 'Other', slug: 'adne-tape-reader' }),
      'slug',
      /in use/,
    );
    await refused(
      () => admin.post(`/api/admin/users/${otherId}/analyst`, { displayName: '   ', rooms: [] }),
      'displayName',
      /displayName is required/,
    );
    await refused(() => admin.post(`/api/admin/users/${otherId}/analyst`, { displayName: '★★' }), 'slug', /slug/);
    // An archived room is no room to publish in.
    expect((await admin.post('/api/admin/rooms/gold/archive')).status).toBe(200);
    await refused(
      () => admin.post(`/api/admin/users/${userId}/analyst`, { displayName: 'Changed', rooms: ['gold'] }),
      'rooms',
      /Room gold does not exist/,
    );
    expect((await admin.post(`/api/admin/users/999999/analyst`, { displayName: 'Nobody' })).status).toBe(404);
  });

  it('changes an analyst: name, rooms, slug; rooms left out stay', async () => {
    const renamed = await admin.post<Analyst>(`/api/admin/users/${userId}/analyst`, {
      displayName: 'North Star',
      title: 'Head of research',
      disclosure: 'No positions.',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // The slug is fixed unless given; the rooms unless given.
    expect(renamed.body).toMatchObject({
      slug: 'adne-tape-reader',
      displayName: 'North Star',
      rooms: ['gold', 'indices'],
    });
    const moved = await admin.post<Analyst>(`/api/admin/users/${userId}/analyst`, {
      displayName: 'North Star',
      slug: 'north-star',
      rooms: ['indices'],
    });
    expect(moved.body).toMatchObject({ slug: 'north-star', rooms: ['indices'], title: '' });
  });

  it('deactivates an analyst, keeping the row; made again, they are active', async () => {
    const sources = await t.db.db
      .selectFrom('analysts')
      .select('id')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('alertSources')
      .values({ name: 'theirs', tokenHash: 'a'.repeat(64), analystId: sources.id })
      .execute();
    const off = await admin.delete<Analyst>(`/api/admin/users/${userId}/analyst`);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ slug: 'north-star', active: false, rooms: ['indices'] });
    expect(off.body.deactivatedAt).not.toBeNull();
    expect(await flag(userId)).toBe(false);
    expect((await user.get('/api/auth/user')).body.isAnalyst).toBeUndefined();
    // Their alert sources are revoked.
    const source = await t.db.db
      .selectFrom('alertSources')
      .select('revokedAt')
      .where('name', '=', 'theirs')
      .executeTakeFirstOrThrow();
    expect(source.revokedAt).not.toBeNull();
    expect(await analysts()).toEqual([off.body]);
    expect((await admin.delete(`/api/admin/users/${userId}/analyst`)).status).toBe(409);
    expect((await admin.delete(`/api/admin/users/${otherId}/analyst`)).status).toBe(404);

    const back = await admin.post<Analyst>(`/api/admin/users/${userId}/analyst`, { displayName: 'North Star' });
    expect(back.body).toMatchObject({ id: off.body.id, active: true, deactivatedAt: null });
    expect(await flag(userId)).toBe(true);
    expect((await audit()).map((a) => a.action)).toEqual([
      'analysts.upsert',
      'analysts.upsert',
      'analysts.upsert',
      'analysts.deactivate',
      'analysts.upsert',
    ]);
  });

  it('is for administrators only', async () => {
    expect((await user.get('/api/admin/analysts')).status).toBe(403);
    expect((await user.post(`/api/admin/users/${otherId}/analyst`, { displayName: 'Me' })).status).toBe(403);
    expect((await user.delete(`/api/admin/users/${userId}/analyst`)).status).toBe(403);
    expect((await t.client().get('/api/admin/analysts')).status).toBe(401);
  });
});
