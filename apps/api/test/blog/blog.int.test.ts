import { beforeAll, describe, expect, it } from 'vitest';
import { appWithRoles, oneTestDbKind, type TestApp, type TestClient } from '../harness';

const kinds = await oneTestDbKind();

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Liquidity Above Equal Highs',
  excerpt: 'Why equal highs attract price.',
  content: 'First paragraph.\n\nSecond paragraph.',
  author: 'T0 Research Desk',
  imageUrl: 'https://images.example.com/chart.png',
  ...over,
});

describe.each(kinds)('blog over REST on %s', (kind) => {
  const roles = appWithRoles(kind);
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let user: TestClient;
  let subscriber: TestClient;
  beforeAll(() => void ({ t, admin, adminId, user, subscriber } = roles));

  it('creates a draft by default, publishes it, and shows only published posts to the public', async () => {
    const created = await admin.post('/api/blog-posts', post());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...post(), published: false });
    const id = created.body.id as number;
    const row = await t.db.db.selectFrom('blogPosts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.isPublished).toBe(false);
    expect(row.createdBy).toBe(adminId);

    const anon = t.client();
    expect((await anon.get('/api/blog-posts')).body.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await anon.get(`/api/blog-posts/${id}`)).status).toBe(404);
    expect((await user.get(`/api/blog-posts/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/blog-posts/${id}`)).status).toBe(200); // an admin previews a draft

    const admins = await admin.get('/api/admin/blog-posts');
    expect(admins.status).toBe(200);
    expect(admins.body.find((p: { id: number }) => p.id === id)).toMatchObject({ published: false });

    const status = await admin.patch(`/api/blog-posts/${id}/status`, { published: true });
    expect(status.status).toBe(200);
    expect(status.body.published).toBe(true);

    const list = await anon.get('/api/blog-posts');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id, title: post().title, published: true });
    const one = await anon.get(`/api/blog-posts/${id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(
      ['author', 'content', 'createdAt', 'excerpt', 'id', 'imageUrl', 'published', 'title', 'updatedAt'].sort(),
    );

    const unpublished = await admin.patch(`/api/blog-posts/${id}/status`, { published: false });
    expect(unpublished.body.published).toBe(false);
    expect((await anon.get(`/api/blog-posts/${id}`)).status).toBe(404);
  });

  it('lists newest first and honours published on create', async () => {
    const older = await admin.post('/api/blog-posts', post({ title: 'Older', published: true }));
    await t.db.db
      .updateTable('blogPosts')
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where('id', '=', older.body.id)
      .execute();
    const newer = await admin.post('/api/blog-posts', post({ title: 'Newer', published: true, imageUrl: '' }));
    expect(newer.body).toMatchObject({ published: true, imageUrl: null });
    const ids = (await t.client().get('/api/blog-posts')).body.map((p: { id: number }) => p.id);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
  });

  it('updates and deletes, with 404 for unknown ids', async () => {
    const { body } = await admin.post('/api/blog-posts', post({ published: true }));
    const updated = await admin.put(`/api/blog-posts/${body.id}`, post({ title: 'Edited title', content: 'New body' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: body.id, title: 'Edited title', content: 'New body', published: true });
    const drafted = await admin.put(`/api/blog-posts/${body.id}`, post({ published: false }));
    expect(drafted.body.published).toBe(false);

    expect((await admin.put('/api/blog-posts/999999', post())).status).toBe(404);
    expect((await admin.patch('/api/blog-posts/999999/status', { published: true })).status).toBe(404);
    expect((await admin.delete('/api/blog-posts/999999')).status).toBe(404);
    expect((await t.client().get('/api/blog-posts/999999')).status).toBe(404);

    const del = await admin.delete(`/api/blog-posts/${body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, id: body.id });
    expect((await admin.get(`/api/blog-posts/${body.id}`)).status).toBe(404);
  });

  it('answers the spec validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [post({ title: '' }), 'Title is required'],
      [post({ title: 'x'.repeat(201) }), 'Title must be less than 200 characters'],
      [post({ excerpt: 'x'.repeat(301) }), 'Excerpt must be less than 300 characters'],
      [post({ excerpt: '' }), 'Excerpt is required'],
      [post({ content: '   ' }), 'Blog content is required'],
      [post({ author: 'x'.repeat(101) }), 'Author name must be less than 100 characters'],
      [post({ author: undefined }), 'Author name is required'],
      [post({ imageUrl: 'not a url' }), 'Must be a valid URL'],
      [post({ imageUrl: 'javascript:alert(1)' }), 'Must be a valid URL'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/blog-posts', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.post('/api/blog-posts', post({ title: 'x'.repeat(200) }))).status).toBe(200);
    for (const published of ['yes', 'false', 0]) {
      const status = await admin.patch('/api/blog-posts/1/status', { published });
      expect(status.status).toBe(400);
      expect(status.body.message).toBe('Published must be true or false');
    }
    const stringly = await admin.post('/api/blog-posts', post({ published: 'false' }));
    expect(stringly.status).toBe(400);
  });

  it('refuses mutations and the admin list to everyone but administrators', async () => {
    const anon = t.client();
    const { body } = await admin.post('/api/blog-posts', post({ published: true }));
    for (const [client, status] of [
      [anon, 401],
      [user, 403],
      [subscriber, 403],
    ] as const) {
      expect((await client.get('/api/admin/blog-posts')).status).toBe(status);
      expect((await client.post('/api/blog-posts', post())).status).toBe(status);
      expect((await client.put(`/api/blog-posts/${body.id}`, post())).status).toBe(status);
      expect((await client.patch(`/api/blog-posts/${body.id}/status`, { published: false })).status).toBe(status);
      expect((await client.delete(`/api/blog-posts/${body.id}`)).status).toBe(status);
    }
    expect((await anon.get(`/api/blog-posts/${body.id}`)).status).toBe(200);
  });
});
