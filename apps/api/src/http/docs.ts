import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { buildOpenApiDocument } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';
import { sessionCookieName } from '../session/plugin';

const require = createRequire(import.meta.url);

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>T0 Terminal API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="api"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', withCredentials: true, deepLinking: true });`;

/** The OpenAPI document and an interactive reference page, served from our own origin. */
export async function registerDocsRoutes(app: FastifyInstance, deps: ServerDeps) {
  const document = buildOpenApiDocument(`${deps.config.publicUrl}/api`, sessionCookieName(deps.config.isProduction));
  app.get('/api/openapi.json', async () => document);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send(page));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('application/javascript').send(init));
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, { root: assets, prefix: '/api/docs/assets/', decorateReply: false });
}
