import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPdf, storedFiles } from '../files';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();

const resource = (over: Record<string, unknown> = {}) => ({
  title: 'Trading plan template',
  description: 'Fill in before the week opens.',
  category: 'trading-guides',
  fileUrl: 'https://files.example.com/plan.pdf',
  fileName: 'plan.pdf',
  fileSize: 48213,
  fileType: 'application/pdf',
  ...over,
});

describe.each(kinds)('resources over REST on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let user: TestClient;
  let userId: number;
  let subscriber: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const a = await signUpAdmin(t);
    admin = a.client;
    adminId = a.id;
    const u = await signUp(t);
    user = u.client;
    userId = u.id;
    subscriber = (await signUpSubscriber(t)).client;
  });
  afterAll(async () => t?.close());

  it('creates a resource as the calling administrator, ignoring a sent uploadedBy', async () => {
    const res = await admin.post('/api/resources', resource({ uploadedBy: userId }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...resource(), uploadedBy: adminId });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'category',
        'createdAt',
        'description',
        'fileName',
        'fileSize',
        'fileType',
        'fileUrl',
        'id',
        'title',
        'uploadedBy',
      ].sort(),
    );
    const noDescription = await admin.post('/api/resources', resource({ description: undefined, title: 'Second' }));
    expect(noDescription.body.description).toBeNull();
  });

  it('lists active resources, newest first, to every signed-in user', async () => {
    const hidden = await admin.post('/api/resources', resource({ title: 'Retired guide' }));
    await t.db.db.updateTable('resources').set({ isActive: false }).where('id', '=', hidden.body.id).execute();
    for (const client of [user, subscriber, admin]) {
      const list = await client.get('/api/resources');
      expect(list.status).toBe(200);
      expect(list.body.map((r: { title: string }) => r.title)).not.toContain('Retired guide');
      expect(list.body[0].title).toBe('Second');
    }
    expect((await t.client().get('/api/resources')).status).toBe(401);
  });

  it('answers validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [resource({ title: '' }), 'Title is required'],
      [
        resource({ category: 'crypto' }),
        'Category must be one of general, trading-guides, market-analysis, risk-management, educational',
      ],
      [
        resource({ category: undefined }),
        'Category must be one of general, trading-guides, market-analysis, risk-management, educational',
      ],
      [resource({ fileUrl: '' }), 'File URL is required'],
      [resource({ fileUrl: 'javascript:alert(1)' }), 'File URL must be an uploaded file or an http(s) address'],
      [resource({ fileName: undefined }), 'File name is required'],
      [resource({ fileType: '' }), 'File type is required'],
      [resource({ fileSize: 0 }), 'File size must be at least 1 byte'],
      [resource({ fileSize: undefined }), 'File size is required'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/resources', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const upload = await admin.post('/api/resources/upload', { fileName: 'setup.exe' });
    expect(upload.status).toBe(400);
    expect(upload.body.message).toBe('Invalid file type. Allowed types: .pdf, .doc, .docx, .txt');
    const noName = await admin.post('/api/resources/upload', {});
    expect(noName.body.message).toBe('File name is required');
  });

  it('deletes a resource and its uploaded file; 404 for unknown ids', async () => {
    const url = (await admin.post('/api/resources/upload', { fileName: 'checklist.pdf' })).body.uploadURL;
    const pdf = realPdf();
    const up = await admin.request('PUT', url, pdf, { 'content-type': 'application/pdf' });
    expect(up.status).toBe(200);
    const created = await admin.post(
      '/api/resources',
      resource({ fileUrl: up.body.url, fileName: 'checklist.pdf', fileSize: pdf.length }),
    );
    expect((await user.get(up.body.url)).status).toBe(200);
    const key = up.body.url.slice('/objects/'.length);
    expect(storedFiles(t.dataDir)).toContain(key);

    for (const [client, status] of [
      [t.client(), 401],
      [user, 403],
      [subscriber, 403],
    ] as const) {
      expect((await client.post('/api/resources', resource())).status).toBe(status);
      expect((await client.delete(`/api/resources/${created.body.id}`)).status).toBe(status);
    }

    const del = await admin.delete(`/api/resources/${created.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, id: created.body.id });
    expect(storedFiles(t.dataDir)).not.toContain(key);
    expect((await user.get(up.body.url)).status).toBe(404);
    expect((await admin.delete(`/api/resources/${created.body.id}`)).status).toBe(404);
    expect((await admin.delete('/api/resources/999999')).status).toBe(404);
  });
});
