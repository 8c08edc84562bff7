import type { FastifyInstance } from 'fastify';
import type { ChangeSubscriber } from '../changes/notices';
import { RETRY_AFTER_SECONDS } from './outage';

/** What a process waits for before it takes traffic. */
export type ReadinessStep = 'migrations' | 'change listener' | 'job workers';

const STEPS: readonly ReadinessStep[] = ['migrations', 'change listener', 'job workers'];

export interface ReadinessState {
  ready: boolean;
  /** Steps of the start not done yet, in start order. */
  waitingFor: ReadinessStep[];
  /** A shutdown has begun: the process finishes what it has and takes nothing new. */
  draining: boolean;
}

/**
 * Whether this process should be sent traffic (`GET /api/ready`): not until the database is
 * migrated, the change listener has connected once and the job workers run, and never again once a
 * shutdown has begun. A change listener that loses its connection later does not make the process
 * unready: it then reads the database instead of its memory (every process would be taken out at
 * once by a database hiccup otherwise).
 */
export class Readiness {
  private readonly done = new Set<ReadinessStep>();
  private draining = false;

  /** Marks one step of the start as done. */
  mark(step: ReadinessStep): void {
    this.done.add(step);
  }

  /** From now on the process is not ready (SIGTERM: the drain begins). */
  drain(): void {
    this.draining = true;
  }

  get ready(): boolean {
    return !this.draining && this.done.size === STEPS.length;
  }

  state(): ReadinessState {
    return { ready: this.ready, waitingFor: STEPS.filter((s) => !this.done.has(s)), draining: this.draining };
  }

  /** Handed to the change listener with the caches: its first connection marks its step. */
  readonly changes: ChangeSubscriber = {
    notice: () => undefined,
    setLive: (live) => {
      if (live) this.mark('change listener');
    },
  };
}

/**
 * `GET /api/ready`: 200 `{"status":"ready"}` when the process takes traffic, else 503 with what it
 * waits for (`starting`) or `draining`. Reads nothing: `/api/health` is the liveness answer, which
 * asks the database.
 */
export function registerReadinessRoute(app: FastifyInstance, readiness: Readiness) {
  app.get('/api/ready', async (_req, reply) => {
    const s = readiness.state();
    if (s.ready) return reply.code(200).header('cache-control', 'no-store').send({ status: 'ready' });
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(s.draining ? { status: 'draining' } : { status: 'starting', waitingFor: s.waitingFor });
  });
}
