import type { Jobs } from '@t0/server';
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

  const ensureQueue = async (b: PgBoss, name: string) => {
    if (queues.has(name)) return;
    await b.createQueue(name);
    queues.add(name);
  };
  // A job due now wakes this process's idle worker instead of waiting for its next poll.
  const wake = (b: PgBoss, name: string) => {
    const worker = workers.get(name);
    if (worker) b.notifyWorker(worker);
  };

  return {
    async send(name, data, options = {}) {
      const b = await started();
      await ensureQueue(b, name);
      await b.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      if (!options.startAfter) wake(b, name);
    },
    async sendMany(jobs) {
      if (jobs.length === 0) return;
      const b = await started();
      // pg-boss inserts only into queues that exist (the insert joins the queue table).
      for (const name of new Set(jobs.map((j) => j.name))) await ensureQueue(b, name);
      await b.insert(
        jobs.map((j) => ({
          name: j.name,
          data: j.data,
          ...(j.startAfter ? { startAfter: j.startAfter } : {}),
          ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}),
        })),
      );
      for (const name of new Set(jobs.filter((j) => !j.startAfter).map((j) => j.name))) wake(b, name);
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
