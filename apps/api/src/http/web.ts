import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PAGES, prerenderedPage } from '@t0/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';
import { prerenderedPagesWithAddress } from './prerendered-pages';

/** The built web app (its compressed copies where the browser accepts them), with SPA fallback for every non-API path. */
export async function registerWebApp(app: FastifyInstance, deps: ServerDeps) {
  const root = deps.config.webDist;
  const built = existsSync(path.join(root, 'index.html'));
  // Public pages whose markup the build rendered, in every language (`/`, `/ar/`, `/ar/performance` …):
  // each address gets its own file (when built), with the caching and compression of every page.
  const prerenderedBuilt = new Set(
    PRERENDERED_PAGES.filter((p) => existsSync(path.join(root, p.file))).map((p) => p.file),
  );
  // Their canonical and language links get the site's address here when the build wrote them from the root.
  const withAddress = prerenderedPagesWithAddress(root, [...prerenderedBuilt], deps.config.publicUrl);
  const prerenderedFile = (url: string) => {
    const file = prerenderedPage(url)?.file;
    return file && prerenderedBuilt.has(file) ? file : undefined;
  };
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy of every text file (apps/web/vite-precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) {
          // The web push service worker: always checked for a newer copy, allowed to control the whole site.
          res.header('Cache-Control', 'no-cache');
          res.header('Service-Worker-Allowed', '/');
        }
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc') || url.startsWith('/objects/');
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${req.method} ${url}`, code: 'NOT_FOUND' });
    }
    if (!built) {
      return reply
        .code(200)
        .type('text/plain')
        .send('T0 Terminal API is running. The web app is not built yet: run `pnpm build`.');
    }
    if (path.extname(url)) {
      return reply.code(404).send({ message: `Not found: ${url}`, code: 'NOT_FOUND' });
    }
    reply.header('Cache-Control', 'no-cache');
    const page = prerenderedFile(url);
    if (page && withAddress.has(page)) return withAddress.send(req, reply, page);
    return reply.sendFile(page ?? 'index.html', root);
  });
}
