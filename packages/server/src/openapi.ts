import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  generateOpenApiDocument,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
  type OpenApiProcedureRecord,
} from 'trpc-to-openapi';
import { z } from 'zod';
import { FIELD_ERROR_CODES, FIELD_ERROR_CODE_MEANINGS } from '@t0/contracts/domain/common/api-errors';
import { ALERT_BODY_MAX_BYTES, INBOUND_ALERTS_PATH } from '@t0/contracts/domain/signal-drafts/tradingview';
import { signalDraftSchema, tradingViewAlertSchema } from '@t0/contracts/schemas/signal-drafts/signal-drafts';
import { LIVE_EVENT_TYPES } from '@t0/contracts/schemas/live/live-events';
import { secondFactorStates } from '@t0/contracts/schemas/second-factor/second-factor';
import type { ProcedureAccess, ProcedureMeta } from './core/trpc';
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
      `POST /api/auth/login; the answer sets the \`${cookieName}\` session cookie that the other calls need.\n\n` +
      'Every error answer is JSON: `message` (for people: the first problem) and `code` (the kind of error), and where ' +
      'they apply `fields` (each refused field with its dotted `path`, a stable `code` and its `message`), ' +
      '`secondFactor` and `requiresSetup`. Each operation lists the statuses it answers.',
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
    // Plain routes beside the procedures, their schemas still from zod.
    paths: { [INBOUND_ALERTS_PATH.replace(/^\/api/, '') + '/{sourceToken}']: { post: INBOUND_ALERT_OPERATION } },
  });
  // The terms of service are the web app's /terms page, beside /api.
  doc.info.license = {
    name: 'Proprietary: for T0 Terminal accounts, under the terms of service',
    url: `${baseUrl.replace(/\/api\/?$/, '')}/terms`,
  };
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  // Managing tokens and changing the password need the session: a token is refused there.
  for (const path of SESSION_ONLY_PATHS) {
    for (const op of Object.values(paths[path] ?? {})) op.security = [{ cookieAuth: [] }];
  }
  // The live stream is plain SSE, not a procedure the generator knows: described by hand.
  paths['/stream'] = { get: STREAM_OPERATION };
  // A public operation says so: no credential needed (`security: []`).
  for (const methods of Object.values(paths)) for (const op of Object.values(methods)) op.security ??= [];

  // Every operation's error answers: the statuses it really answers, each with the error body.
  const shared: Record<string, unknown> = {};
  for (const { path, method, facts } of operationFacts()) {
    const op = paths[path]?.[method];
    if (!op) throw new Error(`no operation ${method.toUpperCase()} ${path} in the document`);
    declareErrors(op, facts, shared);
  }
  doc.components!.responses = Object.fromEntries(
    Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)),
  ) as NonNullable<NonNullable<typeof doc.components>['responses']>;
  const schemas = (doc.components!.schemas ??= {}) as Record<string, unknown>;
  // The generator's error schemas (an `issues` list nobody sends) give way to the ones answered.
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  Object.assign(schemas, ERROR_SCHEMAS);
  doc.paths = paths as typeof doc.paths;
  return doc;
}

interface Operation {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}

const SESSION_ONLY_PATHS = ['/user/api-tokens', '/user/api-tokens/{id}/revoke', '/auth/change-password'];

/** What decides an operation's error statuses. */
interface Facts {
  /** Who may call it: the procedure builder (a plain route: the one it behaves like). */
  access: ProcedureAccess;
  method: string;
  /** A `read` API token is refused on a write (every procedure builder checks it). */
  tokenScope: boolean;
  /** It takes input that may be refused (400 naming the fields). */
  hasInput: boolean;
  /** The media types of its body, when it reads one (POST, PUT, PATCH). */
  bodyTypes: string[] | undefined;
  /** Its own refusals: status → when (`meta.openapi.errorResponses`). */
  declared: Record<number, string>;
}

/** Every operation of the document with its facts: the procedures', then the plain routes'. */
function operationFacts(): Array<{ path: string; method: string; facts: Facts }> {
  const out: Array<{ path: string; method: string; facts: Facts }> = [];
  forEachOpenApiProcedure<ProcedureMeta>(
    appRouter._def.procedures as OpenApiProcedureRecord,
    ({ procedure, meta, type }) => {
      if (type === 'subscription') return;
      const { openapi } = meta;
      const { inputParser } = getInputOutputParsers(procedure);
      const declared = openapi.errorResponses;
      if (Array.isArray(declared)) throw new Error(`${openapi.path}: errorResponses must say when (status → text)`);
      out.push({
        path: normalizePath(openapi.path),
        method: openapi.method.toLowerCase(),
        facts: {
          access: meta.access ?? accessMissing(openapi.path),
          method: openapi.method,
          tokenScope: meta.access !== 'session',
          hasInput: !instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true)),
          bodyTypes: acceptsRequestBody(openapi.method) ? ['application/json'] : undefined,
          declared: declared ?? {},
        },
      });
    },
  );
  out.push(
    {
      path: '/stream',
      method: 'get',
      facts: {
        access: 'user',
        method: 'GET',
        tokenScope: true,
        hasInput: false,
        bodyTypes: undefined,
        declared: {
          400: '`Last-Event-ID` (or `lastEventId`) is not an event id',
          429: 'Too many open streams from this client address: close some first',
          503: 'Too many open streams on this server: retry later',
        },
      },
    },
    {
      path: INBOUND_ALERTS_PATH.replace(/^\/api/, '') + '/{sourceToken}',
      method: 'post',
      facts: {
        access: 'public',
        method: 'POST',
        tokenScope: false,
        hasInput: true,
        bodyTypes: ['application/json', 'text/plain'],
        declared: {
          404: 'No alert source has this URL (a wrong or revoked token)',
          429: 'More alerts from this source in a minute than the server takes (INBOUND_ALERTS_PER_MINUTE)',
        },
      },
    },
  );
  return out;
}

function accessMissing(path: string): never {
  throw new Error(`${path}: its procedure builder does not say who may call it (meta.access)`);
}

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
};

/** Why an operation answers a status: a short key for the reasons every operation of its kind shares. */
interface Reason {
  key?: string;
  why: string;
}

/** The error statuses an operation answers, each with why, from its facts. */
function errorReasons(f: Facts): Map<number, Reason[]> {
  const reasons = new Map<number, Reason[]>();
  const add = (status: number, why: string, key?: string) =>
    reasons.set(status, [...(reasons.get(status) ?? []), { key, why }]);
  const write = f.method !== 'GET';
  const signedIn = f.access !== 'public' && f.access !== 'authAttempt' && f.access !== 'devOnly';

  if (f.hasInput)
    add(400, 'The input is refused: `fields` names each field, with a `code`; `message` is the first', 'input');
  if (f.bodyTypes) add(400, 'The body is not well-formed JSON', 'json');
  if (signedIn) add(401, 'Not signed in', 'signedOut');
  add(401, 'An `Authorization` header with an invalid, revoked or expired API token', 'token');
  if (write) add(403, 'A cross-site request (its `Origin` is another site)', 'crossSite');
  if (write && f.tokenScope) add(403, 'A `read` API token on a write', 'readToken');
  if (f.access === 'subscriber') add(403, 'No active subscription', 'subscriber');
  if (f.access === 'session')
    add(
      403,
      'An API token (this needs a signed-in session), or an administrator whose session has not given its ' +
        'second factor (`secondFactor: "code_required"`)',
      'session',
    );
  if (f.access === 'admin')
    add(
      403,
      'Not an administrator, or an administrator whose session has not given its second factor, or who has none ' +
        'where it is required (`secondFactor`)',
      'admin',
    );
  if (f.access === 'desk')
    add(
      403,
      'Neither an administrator nor an active analyst, or either whose session has not given its second factor, ' +
        'or who has none where it is required (`secondFactor`); an analyst outside their rooms, or on what is not ' +
        'their own',
      'desk',
    );
  if (f.access === 'devOnly') add(404, 'In production, where the test helpers do not exist', 'production');
  if (f.bodyTypes) {
    add(413, 'The body is too large', 'body');
    add(
      415,
      `The body is not ${f.bodyTypes.map((t) => '`' + t + '`').join(' or ')}`,
      f.bodyTypes.map((t) => t.split('/')[1]).join('-or-'),
    );
  }
  add(429, 'Too many failed API-token attempts from this client address', 'tokens');
  if (f.access === 'authAttempt')
    add(
      429,
      'Too many sign-in, registration or password-reset attempts from this address or for this account',
      'signIns',
    );
  add(500, 'An unexpected error (the message says no more)', 'unexpected');
  add(503, 'The database is not answering', 'database');
  for (const [status, why] of Object.entries(f.declared)) add(Number(status), why);
  return reasons;
}

/**
 * The operation's error answers. One that only operations of its kind share (every reason has a
 * key) is a shared response, `#/components/responses/<CODE>.<keys>`; one with the operation's own
 * reasons is written in place.
 */
function declareErrors(op: Operation, facts: Facts, shared: Record<string, unknown>) {
  const success = Object.fromEntries(Object.entries(op.responses).filter(([status]) => status.startsWith('2')));
  const errors = [...errorReasons(facts)].sort(([a], [b]) => a - b);
  op.responses = { ...success };
  for (const [status, reasons] of errors) {
    const code = CODES[status];
    if (!code) throw new Error(`no error code for status ${status}`);
    const response = {
      description: reasons.map((r) => r.why).join('. ') + '.',
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
    };
    if (reasons.every((r) => r.key)) {
      const name = `${code}.${reasons.map((r) => r.key).join('-')}`;
      shared[name] = response;
      op.responses[String(status)] = { $ref: `#/components/responses/${name}` };
    } else op.responses[String(status)] = response;
  }
}

/** One error answer: a message, its code, and the fields the code may carry. */
function errorSchema(code: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    title,
    properties: {
      message: { type: 'string', description: 'What went wrong, for people (the first problem)' },
      code: { type: 'string', const: code, description: 'The kind of error' },
      ...extra,
    },
    required: ['message', 'code'],
    additionalProperties: false,
  };
}

const ERROR_SCHEMAS = {
  FieldError: {
    type: 'object',
    title: 'A refused field',
    properties: {
      path: { type: 'string', description: 'The field, dotted (`keys.p256dh`); empty for the input as a whole' },
      code: {
        type: 'string',
        enum: [...FIELD_ERROR_CODES],
        description:
          'Why, as a stable code to translate by: ' +
          FIELD_ERROR_CODES.map((c) => `\`${c}\`: ${FIELD_ERROR_CODE_MEANINGS[c]}`).join('; '),
      },
      message: { type: 'string', description: 'Why, for people' },
    },
    required: ['path', 'code', 'message'],
    additionalProperties: false,
  },
  'error.BAD_REQUEST': errorSchema('BAD_REQUEST', 'Bad request (400)', {
    fields: {
      type: 'array',
      description: 'Each refused field (a refusal of the request as a whole has none)',
      items: { $ref: '#/components/schemas/FieldError' },
    },
  }),
  'error.UNAUTHORIZED': errorSchema('UNAUTHORIZED', 'Not signed in or an invalid credential (401)'),
  'error.FORBIDDEN': errorSchema('FORBIDDEN', 'Not allowed (403)', {
    secondFactor: {
      type: 'string',
      enum: secondFactorStates.filter((s) => s === 'code_required' || s === 'enrolment_required'),
      description:
        'The second factor stands in the way: `code_required` (give the code: POST /auth/2fa/verify) or ' +
        '`enrolment_required` (set it up first)',
    },
  }),
  'error.NOT_FOUND': errorSchema('NOT_FOUND', 'Not found (404)'),
  'error.CONFLICT': errorSchema('CONFLICT', 'In conflict with the current state (409)'),
  'error.PAYLOAD_TOO_LARGE': errorSchema('PAYLOAD_TOO_LARGE', 'Body too large (413)'),
  'error.UNSUPPORTED_MEDIA_TYPE': errorSchema('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type (415)'),
  'error.TOO_MANY_REQUESTS': errorSchema('TOO_MANY_REQUESTS', 'Too many requests (429)'),
  'error.INTERNAL_SERVER_ERROR': errorSchema('INTERNAL_SERVER_ERROR', 'Internal server error (500)'),
  'error.BAD_GATEWAY': errorSchema('BAD_GATEWAY', 'A service the server relies on failed (502)'),
  'error.SERVICE_UNAVAILABLE': errorSchema('SERVICE_UNAVAILABLE', 'Unavailable for now (503)', {
    requiresSetup: {
      type: 'boolean',
      const: true,
      description: 'The service needs configuring on the server (live prices without a vendor key)',
    },
  }),
};

const INBOUND_ALERT_OPERATION = {
  operationId: 'inbound-alert',
  tags: ['signal-drafts'],
  summary: 'A TradingView alert becomes a pending signal draft',
  description:
    "TradingView's alert webhook. The secret is the source's token in the path (an alert source made in the " +
    'console); no other credential. The body is the JSON message template, sent as `application/json` or ' +
    '`text/plain` (TradingView chooses by whether the message looks like JSON; both are read the same), at most ' +
    `${ALERT_BODY_MAX_BYTES / 1024} KiB. 201 for a new draft; 200 when the same body came within a minute and was ` +
    'folded into the draft it made (`received` + 1).',
  requestParams: {
    path: z.object({
      sourceToken: z.string().meta({ description: "The alert source's secret token, from its webhook URL" }),
    }),
  },
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: tradingViewAlertSchema.meta({
          description:
            'The alert message template: `instrument` (the TradingView ticker, `{{ticker}}`), `direction` (buy, sell, ' +
            'long or short), `orderType` (market, limit or stop; market when left out), the prices `entry`, `stop`, ' +
            '`t0` and `t1` (numbers, or text such as `{{close}}` fills in) and `memo`',
        }),
      },
      'text/plain': {
        schema: z.string().meta({ description: 'The same JSON message, as text' }),
      },
    },
  },
  responses: {
    '200': {
      description: 'Folded into the draft the same body made within the last minute',
      content: {
        'application/json': {
          schema: z.object({ outcome: z.literal('folded'), draft: signalDraftSchema }),
        },
      },
    },
    '201': {
      description: 'A new pending draft',
      content: {
        'application/json': {
          schema: z.object({ outcome: z.literal('created'), draft: signalDraftSchema }),
        },
      },
    },
  },
};

const STREAM_OPERATION: Operation & Record<string, unknown> = {
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
  },
};
