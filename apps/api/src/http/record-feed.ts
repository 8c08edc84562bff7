import { listCheckpoints } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `GET /performance/feed.xml`: an Atom feed of the record's signed checkpoints (newest 50), so
 * feed readers and archives outside the operator's control keep copies. Each entry carries the
 * signed message, the signature and the key id; the key is at `/api/performance/key`.
 */
export async function registerRecordFeedRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get('/performance/feed.xml', async (_req, reply) => {
    const { checkpoints } = await listCheckpoints(deps.db.db, { page: 1, pageSize: 50 });
    const base = deps.config.publicUrl;
    const updated = checkpoints[0]?.createdAt ?? new Date(0).toISOString();
    const entries = checkpoints.map(
      (c) => `  <entry>
    <id>${xml(`${base}/performance/checkpoints/${c.id}`)}</id>
    <title>Checkpoint ${c.id}: event ${c.headId}, ${c.eventCount} events</title>
    <updated>${c.createdAt}</updated>
    <link rel="alternate" href="${xml(`${base}/api/performance/checkpoints`)}"/>
    <content type="text">${xml(`${c.message}\n\nsignature (Ed25519, base64): ${c.signature}\nkey: ${c.keyId}`)}</content>
  </entry>`,
    );
    const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(`${base}/performance/feed.xml`)}</id>
  <title>T0 Terminal track record: signed checkpoints</title>
  <subtitle>Ed25519 signatures over the head of the signal event chain. Public key: ${xml(`${base}/api/performance/key`)}</subtitle>
  <updated>${updated}</updated>
  <link rel="self" href="${xml(`${base}/performance/feed.xml`)}"/>
  <link rel="alternate" href="${xml(`${base}/performance`)}"/>
${entries.join('\n')}
</feed>
`;
    return reply
      .header('content-type', 'application/atom+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });
}
