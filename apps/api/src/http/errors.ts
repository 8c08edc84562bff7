import type { FastifyError, FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, type DatabaseOutage } from './outage';

const known: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty but content-type is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/**
 * Every error answer is JSON with a human `message`; never a stack. A database that is down or
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
    if (mapped) return reply.code(mapped.status).send({ message: mapped.message, code: error.code });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    }
    return reply.code(status).send({ message: error.message, code: error.code ?? 'ERROR' });
  });
}
