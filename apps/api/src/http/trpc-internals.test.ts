import { appRouter } from '@t0/server';
import { initTRPC, type AnyTRPCProcedure } from '@trpc/server';
import { forEachOpenApiProcedure, type OpenApiMeta } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assertTrpcInternals,
  callProcedure,
  errorShaper,
  procedureKind,
  routerProcedures,
  toTRPCError,
  TRPCError,
} from './trpc-internals';

// The contract the REST layer relies on. If a tRPC upgrade breaks one of these, fix
// trpc-internals.ts (and only it) before anything else.

const t = initTRPC
  .context<{ viewer: string }>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    errorFormatter: ({ shape, error }) => ({ ...shape, formatted: true, causeName: error.cause?.name ?? null }),
  });

const seen: string[] = [];
const traced = t.procedure.use(async ({ ctx, path, type, next }) => {
  seen.push(`${type} ${path} by ${ctx.viewer}`);
  return next({ ctx: { viewer: `${ctx.viewer}!` } });
});

const router = t.router({
  greet: traced
    .meta({ openapi: { method: 'GET', path: '/greet' } })
    .input(z.object({ name: z.string().min(2) }))
    .output(z.object({ text: z.string() }))
    .query(({ ctx, input }) => ({ text: `hello ${input.name} from ${ctx.viewer}` })),
  nested: t.router({
    save: traced
      .meta({ openapi: { method: 'POST', path: '/save' } })
      .input(z.object({ n: z.number() }))
      .output(z.object({ doubled: z.number() }))
      .mutation(({ input }) => ({ doubled: input.n * 2 })),
    broken: traced
      .input(z.void())
      .output(z.object({ ok: z.literal(true) }))
      .query(() => ({ ok: false }) as never),
    forbidden: traced.query(() => {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'not you' });
    }),
  }),
  ticks: t.procedure.subscription(async function* () {
    yield 1;
  }),
});

describe('tRPC internals used by the REST layer', () => {
  it('lists every procedure by its dotted path, nested routers flattened', () => {
    const procedures = routerProcedures(router);
    expect(Object.keys(procedures).sort()).toEqual([
      'greet',
      'nested.broken',
      'nested.forbidden',
      'nested.save',
      'ticks',
    ]);
    for (const p of Object.values(procedures)) expect(typeof p).toBe('function');
  });

  it('tells the kind of each procedure', () => {
    const procedures = routerProcedures(router);
    expect(procedureKind(procedures.greet!)).toBe('query');
    expect(procedureKind(procedures['nested.save']!)).toBe('mutation');
    expect(procedureKind(procedures.ticks!)).toBe('subscription');
  });

  it('calls a procedure through its middlewares, input parser, resolver and output parser', async () => {
    seen.length = 0;
    const procedures = routerProcedures(router);
    const out = await callProcedure(procedures.greet!, {
      ctx: { viewer: 'ann' },
      input: { name: 'bob', extra: 1 },
      path: 'greet',
      type: 'query',
    });
    expect(out).toEqual({ text: 'hello bob from ann!' });
    expect(seen).toEqual(['query greet by ann']);
    const saved = await callProcedure(procedures['nested.save']!, {
      ctx: { viewer: 'ann' },
      input: { n: 21 },
      path: 'nested.save',
      type: 'mutation',
    });
    expect(saved).toEqual({ doubled: 42 });
  });

  it('throws a BAD_REQUEST TRPCError with the ZodError as cause for a bad input', async () => {
    const procedures = routerProcedures(router);
    const call = callProcedure(procedures.greet!, {
      ctx: { viewer: 'ann' },
      input: { name: 'b' },
      path: 'greet',
      type: 'query',
    });
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect((error as TRPCError).cause?.name).toBe('ZodError');
    expect(Array.isArray((error as TRPCError & { cause: { issues?: unknown } }).cause.issues)).toBe(true);
  });

  it('throws an INTERNAL_SERVER_ERROR for an output that breaks its schema, and passes thrown TRPCErrors on', async () => {
    const procedures = routerProcedures(router);
    await expect(
      callProcedure(procedures['nested.broken']!, {
        ctx: { viewer: 'x' },
        input: undefined,
        path: 'nested.broken',
        type: 'query',
      }),
    ).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
    });
    await expect(
      callProcedure(procedures['nested.forbidden']!, {
        ctx: { viewer: 'x' },
        input: undefined,
        path: 'nested.forbidden',
        type: 'query',
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'not you',
    });
  });

  it("shapes an error with the router's own errorFormatter", () => {
    const shape = errorShaper(router)(new TRPCError({ code: 'NOT_FOUND', message: 'gone' }), {
      type: 'query',
      path: 'greet',
      input: {},
      ctx: undefined,
    });
    expect(shape).toMatchObject({
      message: 'gone',
      formatted: true,
      causeName: null,
      data: { code: 'NOT_FOUND', httpStatus: 404, path: 'greet' },
    });
    expect(errorShaper(router)(toTRPCError(new Error('boom')), {})).toMatchObject({
      message: 'boom',
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
    });
  });

  it('accepts the real router, and every REST operation trpc-to-openapi finds in it has a known kind', () => {
    expect(() => assertTrpcInternals(appRouter)).not.toThrow();
    let count = 0;
    forEachOpenApiProcedure(routerProcedures(appRouter), ({ procedure }) => {
      expect(['query', 'mutation']).toContain(procedureKind(procedure as unknown as AnyTRPCProcedure));
      count++;
    });
    expect(count).toBeGreaterThan(40);
  });

  it('refuses, naming the module, a router whose internals are not the expected ones', () => {
    const fake = { _def: { procedures: { a: { _def: { kind: 'query' } } }, _config: {} } } as never;
    expect(() => assertTrpcInternals(fake)).toThrow(
      /tRPC internals used by the REST layer changed \(apps\/api\/src\/http\/trpc-internals\.ts\)/,
    );
    expect(() => routerProcedures({} as never)).toThrow(/router\._def\.procedures/);
    expect(() => errorShaper({ _def: { procedures: {} } } as never)).toThrow(/_config/);
  });
});
