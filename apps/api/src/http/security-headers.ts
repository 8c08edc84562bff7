import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { inlineScriptSources } from './inline-scripts';

/**
 * The headers Helmet sets with these options, computed once by running its middleware on a
 * response that only records them (they are the same for every answer: no per-request work).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * The security headers of every answer: Helmet's for documents (the web app, its files, the API
 * reference page), and for JSON answers of the API a short, strict set needing no document policy
 * (as recommended for REST services), which also keeps the polling paths' answers small.
 */
export function securityHeaders(opts: { webDist: string; isProduction: boolean }): {
  document: Record<string, string>;
  api: Record<string, string>;
} {
  const document = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(opts.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        // The record page may embed the desk's Myfxbook or FX Blue widget (site settings).
        frameSrc: [
          "'self'",
          'https://*.myfxbook.com',
          'https://myfxbook.com',
          'https://*.fxblue.com',
          'https://fxblue.com',
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: opts.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: opts.isProduction,
  });
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(opts.isProduction && document['strict-transport-security']
      ? { 'strict-transport-security': document['strict-transport-security'] }
      : {}),
  };
  return { document, api };
}
