/**
 * Whether an error means the database cannot be reached or does not answer in time (as opposed to
 * a query that is wrong): refused or broken connections, connection and statement timeouts, a
 * server shutting down or starting up. The cause chain is followed (tRPC and Kysely wrap errors).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// 57014 query_canceled (statement_timeout), 57P01..57P03 shutting down / cannot connect now, 53300 too many connections.
const SQLSTATE_UNAVAILABLE = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
// pg and pg-pool say these without a code.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];
