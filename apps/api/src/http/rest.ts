import type { AnyTRPCRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';

interface Options<R extends AnyTRPCRouter> {
  basePath: string;
  router: R;
  createContext(opts: { req: FastifyRequest }): Promise<unknown>;
  onError?(opts: { error: { code: string; cause?: unknown }; path?: string | undefined }): void;
}

/**
 * The REST front door: every procedure with `meta.openapi` at its path under `basePath`.
 * Like trpc-to-openapi's Fastify plugin, but the handler answers with the reply itself, so Fastify
 * waits for the (async) session save in onSend instead of sending a second time.
 */
export async function registerRest<R extends AnyTRPCRouter>(app: FastifyInstance, opts: Options<R>) {
  const handler = createOpenApiNodeHttpHandler(opts as never);
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${opts.basePath}/*`,
    handler: async (request, reply) => {
      request.raw.url = request.url.slice(opts.basePath.length);
      const req = request as FastifyRequest & Record<string, unknown>;
      req.once = request.raw.once.bind(request.raw);
      req.on = request.raw.on.bind(request.raw);
      req.off = request.raw.off.bind(request.raw);
      req.destroy = request.raw.destroy.bind(request.raw);
      const res = reply as FastifyReply & Record<string, unknown>;
      Object.defineProperty(res, 'statusCode', {
        set: (value: number) => void reply.code(value),
        get: () => reply.raw.statusCode,
        configurable: true,
      });
      res.setHeader = (key: string, value: string) => void reply.header(key, value);
      res.end = (data: unknown) => {
        if (!reply.sent) void reply.send(data);
      };
      res.socket = reply.raw.socket;
      res.once = reply.raw.once.bind(reply.raw);
      res.on = reply.raw.on.bind(reply.raw);
      res.off = reply.raw.off.bind(reply.raw);
      res.emit = reply.raw.emit.bind(reply.raw);
      res.removeListener = reply.raw.removeListener.bind(reply.raw);
      await handler(req as never, res as never);
      return reply;
    },
  });
}
