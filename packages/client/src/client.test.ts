import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createT0Client } from './client';

// The client's own mechanics (cookies, paths, queries, errors) against a small local HTTP server.
// Against the real product it runs in apps/api/test/openapi/typed-client.int.test.ts.

interface Seen {
  method: string;
  url: string;
  cookie: string | undefined;
  authorization?: string | undefined;
  body: string;
}

describe('the typed client', () => {
  let server: Server;
  let base = '';
  const seen: Seen[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a test server: a failure shows as the failed request
    server = createServer(async (req, res) => {
      const body = await read(req);
      seen.push({
        method: req.method!,
        url: req.url!,
        cookie: req.headers.cookie,
        authorization: req.headers.authorization,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/auth/login') {
        const { password } = JSON.parse(body) as { password: string };
        if (password !== 'right') {
          res.statusCode = 401;
          return res.end(JSON.stringify({ message: 'Invalid email or password', code: 'UNAUTHORIZED' }));
        }
        res.setHeader('set-cookie', 't0.sid=abc.sig; Path=/; HttpOnly; SameSite=Lax');
        return res.end(JSON.stringify({ id: 1, email: 'a@b.co' }));
      }
      if (req.url === '/api/logout') {
        res.statusCode = 302;
        res.setHeader('location', '/');
        res.setHeader('set-cookie', 't0.sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
        return res.end();
      }
      if (req.url === '/api/register') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            message: 'First name is required',
            code: 'BAD_REQUEST',
            fields: [{ path: 'firstName', code: 'required', message: 'First name is required' }],
          }),
        );
      }
      return res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('keeps the session cookie from sign-in to the next calls and drops it at logout', async () => {
    const api = createT0Client({ baseUrl: `${base}/` });
    expect(api.signedIn).toBe(false);
    await api.login('a@b.co', 'right');
    expect(api.signedIn).toBe(true);
    await api.get('/signals');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/signals', cookie: 't0.sid=abc.sig' });
    await api.logout();
    expect(seen.at(-1)!.cookie).toBe('t0.sid=abc.sig');
    expect(api.signedIn).toBe(false);
    await api.get('/signals');
    expect(seen.at(-1)!.cookie).toBeUndefined();
  });

  it('sends an API token as a bearer with every call, without signing in', async () => {
    const token = `t0_pat_${'a'.repeat(43)}`;
    const api = createT0Client({ baseUrl: base, token });
    await api.get('/signals');
    expect(seen.at(-1)).toMatchObject({ url: '/api/signals', authorization: `Bearer ${token}`, cookie: undefined });
    expect(api.authHeaders()).toEqual({ authorization: `Bearer ${token}` });
    expect(createT0Client({ baseUrl: base }).authHeaders()).toEqual({});
  });

  it('fills path parameters, sends queries and JSON bodies', async () => {
    const api = createT0Client({ baseUrl: base });
    await api.put('/user/notifications/{id}/read', { params: { id: 42 } });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', url: '/api/user/notifications/42/read' });
    await api.get('/admin/email-deliveries', { query: { limit: 20 } });
    expect(seen.at(-1)!.url).toBe('/api/admin/email-deliveries?limit=20');
    await api.post('/create-checkout-session', { body: { email: 'a@b.co', plan: 'monthly' } });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ email: 'a@b.co', plan: 'monthly' });
    await expect(api.request('get', '/blog-posts/{id}', {} as never)).rejects.toThrow('Missing path parameter "id"');
  });

  it('turns an error answer into an ApiError with the server message and fields', async () => {
    const api = createT0Client({ baseUrl: base });
    const wrong = await api.login('a@b.co', 'wrong').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(api.signedIn).toBe(false);
    const invalid = (await api
      .post('/register', { body: { email: 'a@b.co', password: 'x', firstName: '', lastName: '' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(invalid.status).toBe(400);
    expect(invalid.fields).toEqual([{ path: 'firstName', code: 'required', message: 'First name is required' }]);
    expect(invalid.code).toBe('BAD_REQUEST');
  });
});
