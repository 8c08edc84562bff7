import type { FastifyError, FastifyInstance } from 'fastify';

const known: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty but content-type is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/** Every error answer is JSON with a human `message`; never a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
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
