import http from 'node:http';
import https from 'node:https';
import { ChannelSendError } from '@t0/server';
import { BlockedAddressError, guardedLookup } from './address-guard';

export interface PostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One POST with a JSON body (or another body with its own content-type header, as web push's
 * encrypted one): no redirects followed, a deadline for the whole exchange, the
 * address guard on the connection, at most 64 KB of answer read.
 */
export function postJson(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    if (u.protocol !== 'https:' && !(opts.allowPrivate && u.protocol === 'http:')) {
      reject(new ChannelSendError('only https:// addresses are allowed', { permanent: true }));
      return;
    }
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'T0-Terminal-Webhooks/1',
          'content-length': Buffer.byteLength(body).toString(),
          ...headers,
        },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 65_536) chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(deadline);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => reject(new ChannelSendError(err.message)));
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new ChannelSendError(`no answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    req.on('timeout', () => req.destroy(new ChannelSendError(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err) => {
      clearTimeout(deadline);
      if (err instanceof ChannelSendError) reject(err);
      else if (err instanceof BlockedAddressError) reject(new ChannelSendError(err.message, { permanent: true }));
      else reject(new ChannelSendError(err.message || 'connection failed'));
    });
    req.end(body);
  });
}
