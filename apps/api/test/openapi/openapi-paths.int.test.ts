import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness';

// Every REST call the specification lists for the landing page, sign-in and profile, for the subscriber
// terminal, and for the administrator console and test page (paths relative to /api), except the browser
// navigation /api/logout. `body`: the call carries a JSON payload.
type Call = { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; body: boolean };
const call = (method: Call['method'], path: string, body = false): Call => ({ method, path, body });

const SPEC_CALLS: Call[] = [
  // The landing page, sign-in, password reset and profile
  call('get', '/auth/user'),
  call('post', '/auth/login', true),
  call('post', '/login', true),
  call('post', '/register', true),
  call('post', '/create-checkout-session', true),
  call('post', '/auth/forgot-password', true),
  call('post', '/forgot-password', true),
  call('post', '/auth/reset-password', true),
  call('patch', '/auth/profile', true),
  call('post', '/auth/change-password', true),
  call('post', '/auth/trading-config', true),
  call('post', '/auth/notification-settings', true),
  call('get', '/live-prices'),
  // The subscriber terminal
  call('get', '/signals'),
  call('get', '/user/notifications'),
  call('get', '/user/notifications/unread-count'),
  call('put', '/user/notifications/{id}/read'),
  call('put', '/user/notifications/read-all'),
  call('post', '/user/notifications/mark-all-read'),
  call('post', '/user/notifications/{id}/unread'),
  call('get', '/chart-memos'),
  call('get', '/chart-notes'),
  call('get', '/blog-posts'),
  call('get', '/blog-posts/{id}'),
  call('get', '/resources'),
  // The administrator console and the development-only test page
  call('get', '/admin/email-summary'),
  call('get', '/admin/email-deliveries'),
  call('get', '/admin/users'),
  call('get', '/admin/affected-users'),
  call('post', '/admin/fix-missing-welcome-emails'),
  call('get', '/notifications'),
  call('get', '/notifications/stats'),
  call('post', '/notifications', true),
  call('put', '/notifications/{id}', true),
  call('delete', '/notifications/{id}'),
  call('post', '/signals', true),
  call('put', '/signals/{id}', true),
  call('delete', '/signals/{id}'),
  call('put', '/chart-memos/{instrument}', true),
  call('post', '/chart-memos/upload-image'),
  call('post', '/chart-notes', true),
  call('put', '/chart-notes', true),
  call('delete', '/chart-notes/{id}'),
  call('get', '/admin/blog-posts'),
  call('post', '/blog-posts', true),
  call('put', '/blog-posts/{id}', true),
  call('delete', '/blog-posts/{id}'),
  call('patch', '/blog-posts/{id}/status', true),
  call('post', '/resources', true),
  call('delete', '/resources/{id}'),
  call('post', '/resources/upload', true),
  call('post', '/test/activate-subscription', true),
  call('post', '/test/deactivate-subscription', true),
  call('post', '/test/checkout-success', true),
  call('post', '/test/get-user', true),
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('lists every call of the spec with its request and response schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.servers[0].url).toBe('http://t0.test/api');
    const problems: string[] = [];
    for (const c of SPEC_CALLS) {
      const name = `${c.method.toUpperCase()} /api${c.path}`;
      const op = doc.paths[c.path]?.[c.method];
      if (!op) {
        problems.push(`${name}: missing`);
        continue;
      }
      if (!op.responses?.['200']?.content?.['application/json']?.schema) problems.push(`${name}: no response schema`);
      if (c.body && !op.requestBody?.content?.['application/json']?.schema) problems.push(`${name}: no request schema`);
      for (const param of c.path.match(/\{(\w+)\}/g) ?? []) {
        const p = param.slice(1, -1);
        if (!op.parameters?.some((x: { name: string; in: string }) => x.name === p && x.in === 'path'))
          problems.push(`${name}: path parameter ${p} not declared`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.paths['/logout']).toBeUndefined();
  });
});
