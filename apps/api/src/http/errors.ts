import type { FastifyError, FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, type DatabaseOutage } from './outage';

const known: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty but content-type is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/** The `code` of an answer by its status: the API's codes (tRPC's names), never Fastify's own. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};
const codeOf = (status: number) => CODE_OF_STATUS[status] ?? 'BAD_REQUEST';

/**
 * Every error answer is JSON with a human `message` and the API's `code` (the OpenAPI document's
 * error body); never a stack. A database that is down or
 * hung is a 503 with `Retry-After`, logged once per outage (see outage.ts), not per request.
 */
export function registerErrorHandling(app: FastifyInstance, outage?: DatabaseOutage) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (outage?.note(error)) {
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    const mapped = error.code ? known[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') {
      return reply.code(400).send({ message: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
    }
    if (mapped) return reply.code(mapped.status).send({ message: mapped.message, code: codeOf(mapped.status) });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    }
    return reply.code(status).send({ message: error.message, code: codeOf(status) });
  });
}
