import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  allowedExtension,
  detectExtension,
  extensionForContentType,
  fileExtension,
  fileTooLargeMessage,
  invalidFileTypeMessage,
  matchesMagicBytes,
  stripImageMetadata,
  UPLOAD_CONTENT_TYPES,
  type UploadExtension,
  type UploadKind,
  type UploadResult,
} from '@t0/contracts';
import { claimUploadUrl, releaseUploadUrl, type UploadGrant } from '@t0/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reencodeImage } from '../adapters/images';
import { UPLOAD_ROUTE_PREFIX } from '../adapters/storage/upload-tokens';
import type { ServerDeps } from '../deps';

/** After the limit, this much more is read and thrown away so the client can read the 413. */
const DRAIN_AFTER_LIMIT_BYTES = 32 * 1024 * 1024;

type ReadResult = { ok: true; body: Buffer } | { ok: false; tooLarge: true };

/** Reads the body up to `max` bytes; past it, keeps nothing and only drains (up to a cap). */
async function readLimited(stream: Readable, max: number): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > max) {
      chunks.length = 0;
      if (total > max + DRAIN_AFTER_LIMIT_BYTES) {
        stream.destroy();
        break;
      }
      continue;
    }
    chunks.push(buf);
  }
  return total > max ? { ok: false, tooLarge: true } : { ok: true, body: Buffer.concat(chunks, total) };
}

/** The declared type: the file name given for the URL, else the request's Content-Type. */
function declaredExtension(grant: UploadGrant, contentType: string | undefined): UploadExtension | 'refused' | null {
  if (grant.fileName) return allowedExtension(grant.kind, grant.fileName) ?? 'refused';
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!mime || mime === 'application/octet-stream') return null;
  return extensionForContentType(grant.kind, mime) ?? 'refused';
}

/** A server-chosen storage key; documents keep a cleaned copy of their name for the download. */
function objectKey(kind: UploadKind, ext: UploadExtension, fileName: string | undefined): string {
  const id = randomUUID();
  if (kind === 'image') {
    const d = new Date();
    return `images/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${id}${ext}`;
  }
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base.slice(0, base.length - fileExtension(base).length);
  const clean =
    stem
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 80) || 'document';
  return `documents/${id}/${clean}${ext}`;
}

interface Refusal {
  refused: true;
  status: number;
  message: string;
  code: string;
  /** The field a 400 is about (the file itself: `file`). */
  field?: string;
}
const refusal = (status: number, message: string, code: string, field?: string): Refusal => ({
  refused: true,
  status,
  message,
  code,
  ...(field ? { field } : {}),
});

const refuse = (reply: FastifyReply, status: number, message: string, code: string, field?: string) => {
  if (status === 413) reply.header('Connection', 'close');
  if (status === 503) reply.header('Retry-After', '60');
  return reply.code(status).send(field ? { message, code, fields: [{ path: field, message }] } : { message, code });
};

/** A message image that does not decode as an image. */
const NOT_AN_IMAGE = 'file is not an image that can be read';
/** The image library could not be loaded: no message image is stored as it came. */
const IMAGES_UNAVAILABLE = 'Images cannot be processed right now. Please try again later.';

/**
 * PUT /api/uploads/<token>: one file to a signed URL, once. The URL is claimed first (a replay, from
 * any process, is 410); the body is read as a stream and abandoned at the kind's limit (413), its
 * leading bytes must be those of the declared type (415), and only then is it stored (an image without
 * its metadata; a desk thread's image decoded and written again: 400 naming `file` when it does not
 * decode, 503 when the image library is not there), under a name the server chooses. Nothing is stored when a check fails, and then the URL is given back so the
 * right file may still be sent to it while it is valid.
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const { storage, uploads } = deps.ports;
  const { db } = deps.db;

  /** Checks and stores the file: its result, or the refusal to answer (sent once the URL is given back). */
  async function receive(grant: UploadGrant, stream: Readable, req: FastifyRequest): Promise<UploadResult | Refusal> {
    const declared = declaredExtension(grant, req.headers['content-type']);
    if (declared === 'refused') {
      stream.resume();
      return refusal(415, invalidFileTypeMessage(grant.kind), 'UNSUPPORTED_MEDIA_TYPE');
    }
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > grant.maxBytes + DRAIN_AFTER_LIMIT_BYTES) {
      return refusal(413, fileTooLargeMessage(grant.kind), 'PAYLOAD_TOO_LARGE');
    }

    const read = await readLimited(stream, grant.maxBytes);
    if (!read.ok) {
      return refusal(413, fileTooLargeMessage(grant.kind), 'PAYLOAD_TOO_LARGE');
    }
    const { body } = read;
    if (body.length === 0) {
      return refusal(400, 'The file is empty', 'BAD_REQUEST');
    }

    const ext = declared ?? detectExtension(grant.kind, body);
    if (!ext || !matchesMagicBytes(ext, body)) {
      return refusal(415, invalidFileTypeMessage(grant.kind), 'UNSUPPORTED_MEDIA_TYPE');
    }

    // A desk thread's image is decoded and written again (nothing of the file but its pixels is
    // kept); any other image is stored without its metadata (EXIF: where, with what, by whom).
    let storedExt = ext;
    let stored = body;
    if (grant.kind === 'image' && grant.purpose === 'message') {
      const image = await reencodeImage(ext, body);
      if (!image.ok) {
        if (image.reason === 'unavailable') req.log.error('image library not loaded: message image refused');
        return image.reason === 'unavailable'
          ? refusal(503, IMAGES_UNAVAILABLE, 'SERVICE_UNAVAILABLE')
          : refusal(400, NOT_AN_IMAGE, 'BAD_REQUEST', 'file');
      }
      storedExt = image.ext;
      stored = image.body;
    } else if (grant.kind === 'image') {
      stored = stripImageMetadata(ext, body);
    }
    const key = objectKey(grant.kind, storedExt, grant.fileName);
    const contentType = UPLOAD_CONTENT_TYPES[storedExt];
    await storage.put(key, stored, contentType);
    req.log.info({ key, size: stored.length }, 'upload stored');
    return {
      url: `/objects/${key}`,
      objectPath: `/objects/${key}`,
      fileName: grant.fileName ?? key.split('/').pop()!,
      fileSize: stored.length,
      fileType: contentType.split(';')[0]!,
    };
  }

  await app.register(async (scope) => {
    // This scope takes any body as a raw stream; the global 1 MB JSON limit does not apply here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    scope.put<{ Params: { token: string } }>(
      `${UPLOAD_ROUTE_PREFIX}:token`,
      async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
        const stream = (req.body as Readable | undefined) ?? req.raw;
        const check = uploads.verify(req.params.token);
        if (!check.ok) {
          stream.resume();
          return check.reason === 'expired'
            ? refuse(reply, 403, 'Upload URL has expired. Please request a new one.', 'UPLOAD_URL_EXPIRED')
            : refuse(reply, 403, 'Invalid upload URL', 'UPLOAD_URL_INVALID');
        }
        const { grant } = check;
        if (!(await claimUploadUrl(db, grant.id, new Date(grant.expiresAt)))) {
          stream.resume();
          return refuse(reply, 410, 'Upload URL has already been used. Please request a new one.', 'UPLOAD_URL_USED');
        }
        // The URL is given back before a refusal is answered, so the client's next try finds it free.
        const giveBack = () =>
          releaseUploadUrl(db, grant.id).catch((err: unknown) => req.log.error({ err }, 'upload URL not released'));
        let result: UploadResult | Refusal;
        try {
          result = await receive(grant, stream, req);
        } catch (err) {
          await giveBack();
          throw err;
        }
        if ('refused' in result) {
          await giveBack();
          return refuse(reply, result.status, result.message, result.code, result.field);
        }
        return reply.code(200).send(result);
      },
    );
  });
}
