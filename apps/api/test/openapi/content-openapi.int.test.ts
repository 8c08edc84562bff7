import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness';

// The content paths (memos, notes, blog, resources) as the OpenAPI document describes them.
type Schema = { properties?: Record<string, unknown>; required?: string[]; items?: Schema; $ref?: string };

describe('content paths in the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, any>>;
    components?: { schemas?: Record<string, Schema>; responses?: Record<string, any> };
  };
  beforeAll(async () => {
    t = await startTestApp('pglite');
    doc = (await t.client().get('/api/openapi.json')).body;
  });
  afterAll(async () => t?.close());

  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components!.schemas![s.$ref.split('/').pop()!]!) : s);
  const response = (method: string, path: string) =>
    resolve(doc.paths[path]![method].responses['200'].content['application/json'].schema);
  const request = (method: string, path: string) =>
    resolve(doc.paths[path]![method].requestBody.content['application/json'].schema);

  it('documents every content call with its request and response fields', () => {
    const calls: [string, string, string[] | null, string[]][] = [
      [
        'get',
        '/chart-memos',
        null,
        [
          'instrument',
          'memoText',
          'memoImageUrls',
          'memoImageUrl',
          'keyLevels',
          'marketStructure',
          'riskManagement',
          'updatedAt',
          'locked',
        ],
      ],
      [
        'put',
        '/chart-memos/{instrument}',
        ['memoText', 'memo_text', 'memoImageUrls', 'memo_image_urls', 'memoImageUrl', 'memo_image_url', 'key_levels'],
        ['memoText', 'locked'],
      ],
      ['post', '/chart-memos/upload-image', null, ['uploadURL']],
      ['get', '/chart-notes', null, ['id', 'instrument', 'timeframe', 'note', 'content', 'updatedAt', 'locked']],
      ['post', '/chart-notes', ['instrument', 'timeframe', 'content'], ['note', 'content']],
      ['put', '/chart-notes', ['instrument', 'timeframe', 'content'], ['note', 'content']],
      ['delete', '/chart-notes/{id}', null, ['success', 'id']],
      [
        'get',
        '/blog-posts',
        null,
        ['id', 'title', 'excerpt', 'content', 'author', 'imageUrl', 'published', 'createdAt'],
      ],
      ['get', '/blog-posts/{id}', null, ['published']],
      ['get', '/admin/blog-posts', null, ['published']],
      ['post', '/blog-posts', ['title', 'excerpt', 'content', 'author', 'imageUrl', 'published'], ['id', 'published']],
      ['put', '/blog-posts/{id}', ['title', 'excerpt', 'content', 'author', 'imageUrl', 'published'], ['id']],
      ['patch', '/blog-posts/{id}/status', ['published'], ['published']],
      ['delete', '/blog-posts/{id}', null, ['success', 'id']],
      [
        'get',
        '/resources',
        null,
        [
          'id',
          'title',
          'description',
          'category',
          'fileUrl',
          'fileName',
          'fileSize',
          'fileType',
          'uploadedBy',
          'createdAt',
        ],
      ],
      [
        'post',
        '/resources',
        ['title', 'description', 'category', 'fileUrl', 'fileName', 'fileSize', 'fileType'],
        ['id', 'uploadedBy'],
      ],
      ['post', '/resources/upload', ['fileName'], ['uploadURL']],
      ['delete', '/resources/{id}', null, ['success', 'id']],
    ];
    for (const [method, path, requestFields, responseFields] of calls) {
      const name = `${method.toUpperCase()} /api${path}`;
      expect(doc.paths[path]?.[method], name).toBeDefined();
      const out = response(method, path);
      const props = Object.keys(resolve(out.items ?? out).properties ?? {});
      expect(props, `${name} response`).toEqual(expect.arrayContaining(responseFields));
      if (requestFields)
        expect(Object.keys(request(method, path).properties ?? {}), `${name} request`).toEqual(
          expect.arrayContaining(requestFields),
        );
    }
    // Only the instrument is required for a memo; the note needs all three fields.
    expect(request('post', '/chart-notes').required?.sort()).toEqual(['content', 'instrument', 'timeframe']);
    expect(doc.paths['/chart-memos/{instrument}']!.put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'instrument', in: 'path' })]),
    );
  });

  it('marks the public blog calls unprotected and the rest protected', () => {
    expect(doc.paths['/blog-posts']!.get.security).toEqual([]);
    expect(doc.paths['/blog-posts']!.post.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/chart-memos']!.get.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });

  it('declares the 401 a public call answers to an invalid API token, and the server answers it', async () => {
    // Every public operation shares the one response (components.responses) with the error body.
    const ref = doc.paths['/blog-posts']!.get.responses['401'].$ref as string;
    const response = doc.components!.responses![ref.split('/').pop()!];
    expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/error.UNAUTHORIZED' });
    const res = await t
      .client()
      .request('GET', '/api/blog-posts', undefined, { authorization: 'Bearer t0_pat_not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
