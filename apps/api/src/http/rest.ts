import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { errorBody, isStableOutput, retryAfterOf } from '@t0/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  TRPC_ERROR_CODE_HTTP_STATUS,
  unwrapZodType,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod';
import { RETRY_AFTER_SECONDS } from './outage';
import {
  assertTrpcInternals,
  callProcedure,
  procedureKind,
  routerProcedures,
  toTRPCError,
  TRPCError,
} from './trpc-internals';

interface Options<R extends AnyTRPCRouter> {
  basePath: string;
  router: R;
  createContext(opts: { req: FastifyRequest }): Promise<unknown>;
  onError?(opts: { error: { code: string; cause?: unknown }; path?: string | undefined }): void;
}

/** One REST operation, prepared once at start-up. */
interface Operation {
  method: HTTPMethods;
  /** The REST path (`/signals/{id}`). */
  restPath: string;
  /** The tRPC path (`signals.list`). */
  path: string;
  type: 'query' | 'mutation';
  procedure: AnyTRPCProcedure;
  voidInput: boolean;
  useBody: boolean;
  /** Query-string keys whose schema is an array (a single value is wrapped). */
  arrayKeys: string[];
}

/**
 * The REST front door: every procedure with `meta.openapi` at its path under `basePath`, with
 * trpc-to-openapi's semantics (input from the query or JSON body plus path parameters, its error
 * bodies and status codes) but without its implicit coercion (see below).
 *
 * Each operation is its own Fastify route, prepared once: per request there is no router-wide
 * path scan, no caller proxy, no fetch `Request` built only for its abort signal, and no schema
 * walk. These were most of the REST layer's cost on the hot polling paths (see bench/).
 */
export async function registerRest<R extends AnyTRPCRouter>(app: FastifyInstance, opts: Options<R>) {
  assertTrpcInternals(opts.router);
  const operations: Operation[] = [];
  forEachOpenApiProcedure(routerProcedures(opts.router), ({ path, procedure, meta: { openapi } }) => {
    const type = procedureKind(procedure as unknown as AnyTRPCProcedure);
    if (type === 'subscription') return;
    const { inputParser } = getInputOutputParsers(procedure);
    const schema = unwrapZodType(inputParser, true);
    const useBody = acceptsRequestBody(openapi.method);
    const arrayKeys: string[] = [];
    if (!useBody && instanceofZodTypeObject(schema)) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
        if (inner instanceof ZodArray) arrayKeys.push(key);
      }
    }
    // No implicit coercion: trpc-to-openapi's adapter marks every number and boolean of the
    // shared schema as coercing, in place, so "false" became true over REST *and* tRPC. Inputs
    // that arrive as text (path and query parameters, numeric strings) coerce explicitly in
    // their own schemas (`idParam`, `numberish`).
    operations.push({
      method: openapi.method as HTTPMethods,
      restPath: normalizePath(openapi.path),
      path,
      type,
      procedure: procedure as unknown as AnyTRPCProcedure,
      voidInput: instanceofZodTypeLikeVoid(schema),
      useBody,
      arrayKeys,
    });
  });

  // A stable output (the same object while the value behind it is unchanged) is serialised once.
  const serialised = new WeakMap<object, string>();
  const toJson = (body: unknown) => {
    if (body === undefined) return '';
    if (!isStableOutput(body)) return JSON.stringify(body);
    let json = serialised.get(body);
    if (json === undefined) serialised.set(body, (json = JSON.stringify(body)));
    return json;
  };
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type('application/json').send(toJson(body));

  // The error body is the one the OpenAPI document describes (`errorBody`): tRPC's own shape
  // (`data`, meant for the web app's client) is not sent here.
  const fail = (reply: FastifyReply, cause: unknown, info: { path?: string }) => {
    const error = toTRPCError(cause);
    opts.onError?.({ error, path: info.path });
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    const status = TRPC_ERROR_CODE_HTTP_STATUS[error.code as keyof typeof TRPC_ERROR_CODE_HTTP_STATUS] ?? 500;
    // A service that is unavailable for a while (the database) says when to try again.
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(reply, status, errorBody(error));
  };

  for (const op of operations) {
    const url = `${opts.basePath}${op.restPath.replace(/\{([^}]+)\}/g, ':$1')}`;
    // A plain route registered earlier at the same place wins, as it did behind the catch-all.
    if (app.hasRoute({ method: op.method, url })) continue;
    app.route({
      method: op.method,
      url,
      handler: async (request, reply) => {
        let input: Record<string, unknown> | undefined;
        let ctx: unknown;
        try {
          if (op.useBody) {
            const contentType = request.headers['content-type'];
            if (!contentType?.startsWith('application/json')) {
              throw new TRPCError({
                code: 'UNSUPPORTED_MEDIA_TYPE',
                message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
              });
            }
          }
          if (!op.voidInput) {
            input = {
              ...(op.useBody ? (request.body as object | undefined) : queryInput(request, op.arrayKeys)),
              ...(request.params as object),
            };
          }
          ctx = await opts.createContext({ req: request });
          const data = await callProcedure(op.procedure, { ctx, input, path: op.path, type: op.type });
          return send(reply, 200, data);
        } catch (cause) {
          return fail(reply, cause, { path: op.path });
        }
      },
    });
  }

  // Anything else under the base path: trpc-to-openapi's 404.
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${opts.basePath}/*`,
    handler: async (_request, reply) => fail(reply, new TRPCError({ code: 'NOT_FOUND', message: 'Not found' }), {}),
  });
}

/** Query-string input: a single-element list becomes its value, except for array fields. */
function queryInput(request: FastifyRequest, arrayKeys: string[]): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!value) continue;
    out[key] = Array.isArray(value) && value.length === 1 && !arrayKeys.includes(key) ? value[0] : value;
    if (arrayKeys.includes(key) && !Array.isArray(out[key])) out[key] = [out[key]];
  }
  return out;
}
