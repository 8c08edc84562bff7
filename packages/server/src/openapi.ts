import { generateOpenApiDocument } from 'trpc-to-openapi';
import { LIVE_EVENT_TYPES } from '@t0/contracts/schemas/live-events';
import { appRouter } from './root';

export const SESSION_COOKIE_NAME = 't0.sid';

/** The OpenAPI 3 document of every REST path (served at /api/openapi.json, written to a file at build). */
export function buildOpenApiDocument(baseUrl: string, cookieName = SESSION_COOKIE_NAME) {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'T0 Terminal API',
    description:
      'Trading signals, notifications, analysis, blog and resources. Scripts authenticate with a personal API token ' +
      "(create one in the profile's Developer Settings) sent as `Authorization: Bearer t0_pat_…`: a `read` token may call GET paths " +
      'only, a `read-write` token everything the account may except managing tokens and changing the password. Or sign in with ' +
      `POST /api/auth/login; the answer sets the \`${cookieName}\` session cookie that the other calls need.`,
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: cookieName },
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 't0_pat_…',
        description:
          'A personal API token from the profile (Developer Settings). Invalid or revoked: 401; a `read` token on a write: 403.',
      },
    },
  });
  // The terms of service are the web app's /terms page, beside /api.
  doc.info.license = {
    name: 'Proprietary: for T0 Terminal accounts, under the terms of service',
    url: `${baseUrl.replace(/\/api\/?$/, '')}/terms`,
  };
  // Managing tokens and changing the password need the session: a token is refused there.
  for (const path of SESSION_ONLY_PATHS) {
    for (const op of Object.values((doc.paths ?? {})[path] ?? {})) {
      if (op && typeof op === 'object' && 'security' in op)
        (op as { security: unknown }).security = [{ cookieAuth: [] }];
    }
  }
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(methods ?? {})) {
      if (op && typeof op === 'object' && 'responses' in op) declarePublic(op as Operation);
    }
  }
  // The live stream is plain SSE, not a procedure the generator knows: described by hand.
  doc.paths = { ...doc.paths, '/stream': STREAM_PATH } as typeof doc.paths;
  return doc;
}

type Operation = { security?: Array<Record<string, string[]>>; responses: Record<string, unknown> };

/**
 * A public operation says so (`security: []`: no credential needed) and declares the 401 that every
 * /api/* path answers to an `Authorization` header with a malformed, unknown, revoked or expired API
 * token (it is checked before anything runs, public paths included).
 */
function declarePublic(op: Operation) {
  if (op.security !== undefined) return;
  op.security = [];
  op.responses['401'] ??= {
    description: 'An `Authorization` header with an invalid, revoked or expired API token (this path needs none)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/error.UNAUTHORIZED' } } },
  };
}

const SESSION_ONLY_PATHS = ['/user/api-tokens', '/user/api-tokens/{id}/revoke', '/auth/change-password'];

const STREAM_PATH = {
  get: {
    operationId: 'live-stream',
    tags: ['live'],
    summary: 'The live event stream (Server-Sent Events)',
    description:
      'A `text/event-stream` of everything the signed-in user may see change. Each frame has `id:` (the event id), ' +
      '`event:` (one of ' +
      LIVE_EVENT_TYPES.map((t) => '`' + t + '`').join(', ') +
      ') and `data:` (JSON; a signal as ' +
      '`GET /api/signals` answers it to this user). Resume with the `Last-Event-ID` header (or `?lastEventId=`): the ' +
      'missed events come first, in order; from before the kept window (24 h) a `resync` event says to refetch. ' +
      'A comment line (`: ping`) comes at least every 15 s. `session.ended` is the last event of a stream. ' +
      'A stream ends (with `session.ended`) within 2 s of its session being signed out or expiring, or of the API ' +
      'token it was opened with being revoked or expiring; the credential is also re-checked at every ping. ' +
      'A client that stops reading is disconnected once its socket has not drained for 20 s (resume with ' +
      '`Last-Event-ID`). At most 10 open streams per user (a new one closes the oldest), at most 50 per client ' +
      'address (429 past it; LIVE_MAX_STREAMS_PER_ADDRESS); 503 when the server has too many.',
    security: [{ cookieAuth: [] as string[] }, { bearerAuth: [] as string[] }] as Array<Record<string, string[]>>,
    parameters: [
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: '^\\d+$' },
        description: 'Resume after this event id',
      },
      {
        name: 'lastEventId',
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: '^\\d+$' },
        description: 'Resume after this event id (for clients that cannot set headers)',
      },
    ],
    responses: {
      '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      '400': { description: '`lastEventId` is not an event id' },
      '401': { description: 'Not signed in, or an invalid or revoked API token' },
      '429': { description: 'Too many open streams from this client address; close some first (Retry-After)' },
      '503': { description: 'Too many open streams on this server; retry (Retry-After)' },
    },
  },
};
