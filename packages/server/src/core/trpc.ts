/**
 * The floor of the server: tRPC's one instance and its error formatter. It imports no feature;
 * the procedure builders that compose the audit, the second factor and the sign-in limit are in
 * `../procedures.ts`, above the features.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { SecondFactorRequired, SetupRequiredError, ValidationFailure } from './errors';

/** How often an idle live stream sends a ping (tRPC's SSE and GET /api/stream alike). */
export const LIVE_PING_MS = 10_000;

/** Who may call a procedure: set by its builder (`../procedures.ts`); the OpenAPI document reads it. */
export type ProcedureAccess =
  'public' | 'authAttempt' | 'user' | 'subscriber' | 'session' | 'admin' | 'desk' | 'devOnly';

export type ProcedureMeta = OpenApiMeta & { access?: ProcedureAccess };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never a stack trace in an answer, in any environment.
    isDev: false,
    // The live stream (`live.events` over SSE): a ping at least every 15 s keeps proxies and the
    // client's inactivity check content; a client hearing nothing for 25 s reconnects.
    sse: { ping: { enabled: true, intervalMs: LIVE_PING_MS }, client: { reconnectAfterInactivityMs: 25_000 } },
    errorFormatter({ shape, error }) {
      const fields = error.cause instanceof ValidationFailure ? error.cause.fields : undefined;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      // A service that needs configuring (live prices without a vendor key): the web reads this flag.
      const setup = error.cause instanceof SetupRequiredError ? { requiresSetup: true as const } : {};
      // An administrator procedure refused for want of the second factor: the web reads this.
      const gate = error.cause instanceof SecondFactorRequired ? { secondFactor: error.cause.gate } : {};
      return {
        message: internal ? 'Internal server error' : shape.message,
        code: shape.code,
        ...setup,
        ...gate,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fields,
          ...setup,
          ...gate,
        },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
/** The procedure every builder starts from (`procedures.ts`); routers use the builders, never this. */
export const baseProcedure = t.procedure;
export { TRPCError };
