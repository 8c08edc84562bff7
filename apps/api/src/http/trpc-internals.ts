import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  TRPCError,
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
} from '@trpc/server';

// The REST front door (rest.ts) calls procedures itself instead of going through tRPC's HTTP
// handler, so it leans on parts of tRPC that are not its documented public surface: the router's
// procedure record and root config (`router._def`), a procedure's kind (`procedure._def.type`),
// calling a procedure function with its call options, and `getErrorShape` with the root config.
// They live here, in one place, checked at start-up (`assertTrpcInternals`) and by a contract
// test (trpc-internals.test.ts), so a tRPC upgrade that changes them fails loudly and early.

export type ProcedureKind = 'query' | 'mutation' | 'subscription';

export interface ProcedureCall {
  ctx: unknown;
  /** The raw input, before the procedure's input parser. */
  input: unknown;
  /** The dotted tRPC path (`signals.list`). */
  path: string;
  type: Exclude<ProcedureKind, 'subscription'>;
}

export interface ErrorInfo {
  type?: ProcedureKind | undefined;
  path?: string | undefined;
  input?: unknown;
  ctx?: unknown;
}

const PROCEDURE_KINDS: readonly string[] = ['query', 'mutation', 'subscription'];

interface RouterInternals {
  _def?: { procedures?: unknown; _config?: unknown };
}
interface ProcedureInternals {
  _def?: { type?: unknown };
}

/** Every procedure of the router by its dotted path (nested routers flattened, as tRPC keeps them). */
export function routerProcedures(router: AnyTRPCRouter): Record<string, AnyTRPCProcedure> {
  const procedures = (router as RouterInternals)._def?.procedures;
  if (!procedures || typeof procedures !== 'object')
    throw internalsChanged('router._def.procedures is no longer a record of procedures');
  return procedures as Record<string, AnyTRPCProcedure>;
}

/** A procedure's kind (`procedure._def.type`). */
export function procedureKind(procedure: AnyTRPCProcedure): ProcedureKind {
  const type = (procedure as ProcedureInternals)._def?.type;
  if (typeof type !== 'string' || !PROCEDURE_KINDS.includes(type))
    throw internalsChanged(`procedure._def.type is ${JSON.stringify(type)}, not a procedure kind`);
  return type as ProcedureKind;
}

/**
 * Runs a procedure as tRPC's own handler does: its middlewares (roles, error shaping), the input
 * parser on the raw input, the resolver and the output parser. Answers the output or throws.
 */
export function callProcedure(procedure: AnyTRPCProcedure, call: ProcedureCall): Promise<unknown> {
  const invoke = procedure as unknown as (opts: {
    ctx: unknown;
    getRawInput: () => Promise<unknown>;
    path: string;
    type: string;
    signal: AbortSignal | undefined;
    batchIndex: number;
  }) => Promise<unknown>;
  const { input } = call;
  return invoke({
    ctx: call.ctx,
    getRawInput: async () => input,
    path: call.path,
    type: call.type,
    signal: undefined,
    batchIndex: 0,
  });
}

/**
 * The error body the router's `errorFormatter` makes of an error, as `/trpc` answers it (the root
 * config lives on `router._def._config`).
 */
export function errorShaper(
  router: AnyTRPCRouter,
): (error: TRPCError, info: ErrorInfo) => Record<string, unknown> | undefined {
  const config = (router as RouterInternals)._def?._config;
  if (!config || typeof config !== 'object') throw internalsChanged('router._def._config (the root config) is missing');
  return (error, info) =>
    getErrorShape({
      config: config as Parameters<typeof getErrorShape>[0]['config'],
      error,
      type: info.type ?? 'unknown',
      path: info.path,
      input: info.input,
      ctx: info.ctx,
    }) as Record<string, unknown> | undefined;
}

/** A TRPCError for anything thrown (tRPC's own wrapping). */
export const toTRPCError = (cause: unknown): TRPCError => getTRPCErrorFromUnknown(cause);

/**
 * Checks, once at start-up, that the router still has the internals above: a procedure record of
 * functions with a known kind and a root config with an error formatter.
 */
export function assertTrpcInternals(router: AnyTRPCRouter): void {
  const procedures = routerProcedures(router);
  const entries = Object.entries(procedures);
  if (entries.length === 0) throw internalsChanged('router._def.procedures is empty');
  for (const [path, procedure] of entries) {
    if (typeof procedure !== 'function') throw internalsChanged(`procedure ${path} is not callable`);
    procedureKind(procedure);
  }
  const config = (router as RouterInternals)._def?._config as { errorFormatter?: unknown } | undefined;
  if (typeof config?.errorFormatter !== 'function')
    throw internalsChanged('router._def._config.errorFormatter is missing');
  if (typeof getErrorShape !== 'function') throw internalsChanged('getErrorShape is no longer exported');
}

function internalsChanged(what: string): Error {
  return new Error(`tRPC internals used by the REST layer changed (apps/api/src/http/trpc-internals.ts): ${what}`);
}

export { TRPCError };
