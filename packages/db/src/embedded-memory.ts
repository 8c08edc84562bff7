import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

// The embedded database's memory (measured with `pnpm --filter @t0/bench memory`; figures in the
// README). PGlite is PostgreSQL compiled to WebAssembly, in this process: its memory is one
// WebAssembly memory that only grows, never gives memory back, and cannot start below 128 MB.
// Two things it allows:
//  - Smaller PostgreSQL buffers. initdb chooses shared_buffers = 128 MB, sized for a server; the
//    embedded database of one product process needs far less (its data is small and the OS keeps
//    the files cached anyway).
//  - Creating a new database (initdb, which PGlite runs in a second, temporary instance, and the
//    copy of its files) in a worker thread that then exits, so that memory is handed back to the
//    system at once instead of staying with the server process.

/** PostgreSQL settings of the embedded database, given at every start (`-c name=value`). */
export const EMBEDDED_PG_SETTINGS = ['shared_buffers=16MB'] as const;

/** The options every embedded database is opened with. */
export function embeddedOptions(): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_PG_SETTINGS.flatMap((s) => ['-c', s])] };
}

// CommonJS in the worker: PGlite's CommonJS entry, resolved here, is loaded there.
const INIT_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { PGlite } = require(workerData.entry);
  const pg = new PGlite(workerData.dir, workerData.options);
  await pg.waitReady;
  await pg.close();
})().then(
  () => parentPort.postMessage({ ok: true }),
  (err) => parentPort.postMessage({ ok: false, message: String((err && err.stack) || err) }),
);
`;

/**
 * Creates the embedded database in `dir` if there is none yet, in a worker thread that exits
 * afterwards (see the top of this file). Nothing happens when the database exists.
 */
export async function createEmbeddedDatabase(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(INIT_WORKER, { eval: true, workerData: { entry, dir, options: embeddedOptions() } });
  let result: { ok: boolean; message?: string } | undefined;
  worker.on('message', (m: { ok: boolean; message?: string }) => (result = m));
  const code = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  if (!result?.ok) throw new Error(`Creating the embedded database in ${dir} failed${result?.message ? `: ${result.message}` : ` (worker exit ${code})`}`);
}
