import type { Jobs } from '@t0/contracts/server';
import type PgBoss from 'pg-boss';

/**
 * The Jobs port, sending through pg-boss once the job runner has started.
 *
 * Ports are built before the runner starts, so this holder is handed the started boss later;
 * a send made before that waits for it. A queue is created on first use, so a job sent before
 * its worker exists waits in the database instead of being dropped.
 *
 * On PGlite a send waits for the single connection: never send from inside an open transaction.
 */
export interface JobQueue extends Jobs {
  attach(boss: PgBoss): void;
  detach(): void;
  /** Queues known to exist (created by the runner or by an earlier send), with this process's worker. */
  markQueue(name: string, workerId?: string): void;
}

export function createJobs(): JobQueue {
  let boss: PgBoss | undefined;
  let closed = false;
  let waiters: Array<{ resolve(b: PgBoss): void; reject(e: Error): void }> = [];
  const queues = new Set<string>();
  const workers = new Map<string, string>();

  const started = (): Promise<PgBoss> => {
    if (boss) return Promise.resolve(boss);
    if (closed) return Promise.reject(new Error('The job runner has stopped'));
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  };

  return {
    async send(name, data, options = {}) {
      const b = await started();
      if (!queues.has(name)) {
        await b.createQueue(name);
        queues.add(name);
      }
      await b.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // A job due now wakes this process's idle worker instead of waiting for its next poll.
      const worker = workers.get(name);
      if (worker && !options.startAfter) b.notifyWorker(worker);
    },
    attach(b) {
      boss = b;
      closed = false;
      for (const w of waiters) w.resolve(b);
      waiters = [];
    },
    detach() {
      boss = undefined;
      closed = true;
      for (const w of waiters) w.reject(new Error('The job runner has stopped'));
      waiters = [];
    },
    markQueue(name, workerId) {
      queues.add(name);
      if (workerId) workers.set(name, workerId);
    },
  };
}
