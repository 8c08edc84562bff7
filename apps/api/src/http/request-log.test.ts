import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isPollingRequest, loggedUrl, registerRequestLog } from './request-log';

describe('request log', () => {
  it('knows the polling paths, over REST and tRPC (batches of them too)', () => {
    expect(isPollingRequest('GET', '/api/signals')).toBe(true);
    expect(isPollingRequest('GET', '/api/user/notifications/unread-count?x=1')).toBe(true);
    expect(isPollingRequest('GET', '/api/health')).toBe(true);
    expect(isPollingRequest('GET', '/trpc/signals.list,userNotifications.unreadCount?batch=1')).toBe(true);
    expect(isPollingRequest('GET', '/trpc/signals%2Elist?batch=1')).toBe(true);
    expect(isPollingRequest('GET', '/trpc/signals.list,auth.user?batch=1')).toBe(false);
    expect(isPollingRequest('POST', '/api/signals')).toBe(false);
    expect(isPollingRequest('GET', '/api/signals/3/events')).toBe(false);
  });

  it("never logs an alert source's token, the secret in its URL", () => {
    expect(loggedUrl('/api/inbound/alerts/Y1fSPy_dVYgUiDacH-CmoGBfv_TmbqvJoQMa3Zetd10')).toBe(
      '/api/inbound/alerts/[token]',
    );
    expect(loggedUrl('/api/inbound/alerts/abc?x=1')).toBe('/api/inbound/alerts/[token]?x=1');
    expect(loggedUrl('/api/signals/3')).toBe('/api/signals/3');
  });

  it('writes one line per request, at debug for polling paths', async () => {
    const lines: Array<{ level: number; msg: string; url?: string; status?: number }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'debug' }, stream) as FastifyBaseLogger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app);
    app.get('/api/signals', async () => []);
    app.get('/api/blog', async () => []);
    await app.inject({ method: 'GET', url: '/api/signals' });
    await app.inject({ method: 'GET', url: '/api/blog' });
    await app.close();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.url, l.level, l.status])).toEqual([
      ['/api/signals', 20, 200],
      ['/api/blog', 30, 200],
    ]);
    expect(lines.filter((l) => /incoming request|request completed/.test(l.msg))).toEqual([]);
  });
});
