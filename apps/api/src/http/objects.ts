import type { FastifyInstance } from 'fastify';
import { isThreadImage, mayReadMemoImage, mayReadMessageImage } from '@t0/server';
import { isSafeObjectKey } from '../adapters/storage/keys';
import type { ServerDeps } from '../deps';
import type { RequestViewer } from '../live/viewer';

/** Who may read an object, by its area: analysis images follow their analysis's room (a desk thread's image, its two parties), documents are for members. */
const AREAS = {
  images: { roomGated: true, attachment: false },
  documents: { roomGated: false, attachment: true },
} as const;

const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** How long a browser may keep an object it was served, at most (seconds). */
const MAX_AGE_SECONDS = 300;

/**
 * GET /objects/<key>: a memo image to the holders of a room whose memo shows it (and admins), documents
 * to any signed-in user as a download. 401 without a session, 403 without the room, 404 for an unknown
 * object. The reader is built as every procedure's user is (`viewerOf`: the administrator's
 * second-factor gate), so a password-only administrator session reads an image only through its own grants.
 *
 * A desk thread's image is read only by the short-lived link the thread's answer gave this viewer
 * (`?exp=…&sig=…`), and only by a party to the thread (its subscriber, the administrators, an
 * analyst who answers it): without a link, or with one expired, altered or given to another
 * account, it is 404 and nothing of it is sent.
 */
export async function registerObjectRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  viewerOf: RequestViewer,
): Promise<void> {
  const { ports } = deps;

  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/objects/*',
    async (req, reply) => {
      const key = req.params['*'];
      const area = AREAS[key.split('/')[0] as keyof typeof AREAS] as (typeof AREAS)[keyof typeof AREAS] | undefined;
      if (!area || !isSafeObjectKey(key)) return reply.code(404).send({ message: 'File not found', code: 'NOT_FOUND' });

      const user = await viewerOf(req);
      if (!user) return reply.code(401).send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      let maxAge = MAX_AGE_SECONDS;
      if (area.roomGated && (await isThreadImage(deps.db.db, key))) {
        const link = ports.imageLinks.verify(key, user.id, req.query);
        const readable = link === 'ok' && (user.isAdmin || (await mayReadMessageImage(deps.db.db, user, key)));
        if (!readable) return reply.code(404).send({ message: 'File not found', code: 'NOT_FOUND' });
        maxAge = Math.max(0, Math.min(MAX_AGE_SECONDS, Number(req.query.exp) - Math.floor(Date.now() / 1000)));
      } else if (area.roomGated && !(await mayReadMemoImage(deps.db.db, user, key))) {
        return reply.code(403).send({ message: 'Active subscription required', code: 'FORBIDDEN' });
      }

      const object = await ports.storage.get(key);
      if (!object) return reply.code(404).send({ message: 'File not found', code: 'NOT_FOUND' });

      reply
        .header('Content-Type', object.contentType)
        .header('Content-Length', object.body.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', `private, max-age=${maxAge}`)
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      reply.header('Content-Disposition', area.attachment ? contentDisposition(key.split('/').pop()!) : 'inline');
      return reply.send(object.body);
    },
  );
}
