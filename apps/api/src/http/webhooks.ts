import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../server';

// Routes of this area are added here (see the issue that owns it).
export async function registerWebhookRoutes(_app: FastifyInstance, _deps: ServerDeps): Promise<void> {}
