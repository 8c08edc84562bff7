import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

export const SESSION_COOKIE_NAME = 't0.sid';

/** The OpenAPI 3 document of every REST path (served at /api/openapi.json, written to a file at build). */
export function buildOpenApiDocument(baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: 'T0 Terminal API',
    description:
      'Trading signals, notifications, analysis, blog and resources. Sign in with POST /api/auth/login; ' +
      `the answer sets the \`${SESSION_COOKIE_NAME}\` session cookie that the other calls need.`,
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
    },
  });
}
