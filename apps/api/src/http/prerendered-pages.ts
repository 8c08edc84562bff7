import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page's canonical address and its language versions (`<link rel="canonical">`, `<link
 * rel="alternate" hreflang>`) written from the root by a build that was not given the site's
 * address: search engines read only absolute ones (Lighthouse's SEO audit fails them).
 */
const RELATIVE_PAGE_LINK = /(<link rel="(?:canonical|alternate)"(?: hreflang="[^"]+")? href=")(\/[^"]*")/g;

/** The page with its canonical and language links on the site's address (`PUBLIC_URL`). */
export function withSiteAddress(html: string, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return html.replace(RELATIVE_PAGE_LINK, (_all, head: string, rest: string) => `${head}${origin}${rest}`);
}

interface ServedPage {
  etag: string;
  identity: Buffer;
  /** Compressed once, off the main thread, on the first request that accepts each encoding. */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * The pre-rendered pages the build wrote with links from the root, served from memory with the
 * site's address written in: the address is a setting of the server (`PUBLIC_URL`), not of the
 * build, so one build serves any host. Each page is compressed once (brotli at the best quality, as
 * the build does, else gzip) the first time a browser asks for it. A page the build already wrote
 * with absolute links is left to the static files (answers null).
 */
export function prerenderedPagesWithAddress(root: string, files: readonly string[], publicUrl: string) {
  const pages = new Map<string, ServedPage>();
  for (const file of files) {
    const html = readFileSync(path.join(root, file), 'utf8');
    const rewritten = withSiteAddress(html, publicUrl);
    if (rewritten === html) continue;
    const identity = Buffer.from(rewritten, 'utf8');
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    pages.set(file, { etag, identity });
  }

  return {
    has: (file: string) => pages.has(file),
    /** Sends the page (a 304 when the browser holds this version), compressed when the browser accepts it. */
    async send(req: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
      const page = pages.get(file);
      if (!page) throw new Error(`${file} is not a page served from memory`);
      reply.header('Vary', 'Accept-Encoding');
      reply.header('ETag', page.etag);
      reply.type('text/html; charset=utf-8');
      if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const accepted = req.headers['accept-encoding'];
      const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : undefined;
      if (encoding === 'br') {
        page.br ??= brotli(page.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
          },
        });
        const body = await page.br.catch(() => (page.br = undefined));
        if (body) return reply.header('Content-Encoding', 'br').send(body);
      } else if (encoding === 'gzip') {
        page.gzip ??= gzipped(page.identity, { level: 9 });
        const body = await page.gzip.catch(() => (page.gzip = undefined));
        if (body) return reply.header('Content-Encoding', 'gzip').send(body);
      }
      // No encoding the browser accepts (or compressing failed, tried again next time): the page as it is.
      return reply.send(page.identity);
    },
  };
}
