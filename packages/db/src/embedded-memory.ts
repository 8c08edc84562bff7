import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

// The embedded database's memory (measured with `pnpm --filter @t0/bench memory`; figures in
// bench/README.md). PGlite is PostgreSQL compiled to WebAssembly, in this process: its memory is
// one WebAssembly memory that only grows, never gives memory back, and cannot start below 128 MB.
// What keeps it small:
//  - Smaller PostgreSQL buffers. initdb chooses shared_buffers = 128 MB, sized for a server; the
//    embedded database of one product process needs far less (its data is small and the OS keeps
//    the files cached anyway).
//  - V8's baseline WebAssembly compiler only (Liftoff): the optimising compiler's code for
//    PostgreSQL's hot functions, and the memory it takes to compile them, cost about 45 MB resident;
//    the product's queries are small and spend their time elsewhere (figures in bench/README.md).
//  - No initdb at run time: initdb (PGlite runs it in a second, temporary instance whose memory is
//    copied and restored for each of its steps) peaks at 700-800 MB. The build creates an empty
//    database once (`writeEmbeddedTemplate`, apps/api's build) and a first start unpacks that
//    (about 250 MB). Without a template of the installed PGlite version, initdb runs as before.
//  - Creating a new database in a worker thread that then exits, so that memory is handed back to
//    the system at once instead of staying with the server process.
//  - `pnpm start` runs Node with a 4 MB young generation (package.json, scripts/start.mjs): the
//    JavaScript heap no longer grows by ~20 MB in a burst of requests.

/** PostgreSQL settings of the embedded database, given at every start (`-c name=value`). */
export const EMBEDDED_PG_SETTINGS = ['shared_buffers=16MB'] as const;

const pgliteEntry = () => createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** The installed PGlite's version: a template made by another version is not used. */
function pgliteVersion(): string {
  const pkg = JSON.parse(readFileSync(path.resolve(path.dirname(pgliteEntry()), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The file name of the empty-database template for the installed PGlite, inside a template folder. */
export const embeddedTemplateName = (): string => `pglite-${pgliteVersion()}-empty.tgz`;

let baselineOnly = false;
/** Compile WebAssembly (PGlite) with Liftoff only; set once, before PGlite's module is compiled. */
function useBaselineWasmCompiler() {
  if (baselineOnly) return;
  baselineOnly = true;
  setFlagsFromString('--liftoff-only');
}

/** The options every embedded database is opened with. */
export function embeddedOptions(): PGliteOptions {
  useBaselineWasmCompiler();
  return { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_PG_SETTINGS.flatMap((s) => ['-c', s])] };
}

// CommonJS in the worker: PGlite's CommonJS entry, resolved here, is loaded there.
const CREATE_WORKER = `
const { readFileSync } = require('node:fs');
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { PGlite } = require(workerData.entry);
  const options = { ...workerData.options };
  if (workerData.template) options.loadDataDir = new Blob([readFileSync(workerData.template)]);
  const pg = new PGlite(workerData.dir, options);
  await pg.waitReady;
  if (workerData.dumpTo) {
    const tarball = await pg.dumpDataDir('gzip');
    require('node:fs').writeFileSync(workerData.dumpTo, Buffer.from(await tarball.arrayBuffer()));
  }
  await pg.close();
})().then(
  () => parentPort.postMessage({ ok: true }),
  (err) => parentPort.postMessage({ ok: false, message: String((err && err.stack) || err) }),
);
`;

async function inWorker(what: string, data: { dir?: string; template?: string; dumpTo?: string }): Promise<void> {
  const worker = new Worker(CREATE_WORKER, {
    eval: true,
    workerData: { entry: pgliteEntry(), options: embeddedOptions(), ...data },
  });
  let result: { ok: boolean; message?: string } | undefined;
  worker.on('message', (m: { ok: boolean; message?: string }) => (result = m));
  const code = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  if (!result?.ok)
    throw new Error(`${what} failed${result?.message ? `: ${result.message}` : ` (worker exit ${code})`}`);
}

/**
 * Creates the embedded database in `dir` if there is none yet, in a worker thread that exits
 * afterwards (see the top of this file): from the template in `templateDir` when it holds one for
 * the installed PGlite, else with initdb. Nothing happens when the database exists.
 */
export async function createEmbeddedDatabase(dir: string, templateDir?: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const template = templateDir ? path.join(templateDir, embeddedTemplateName()) : undefined;
  if (template && existsSync(template))
    return inWorker(`Creating the embedded database in ${dir} from ${template}`, { dir, template });
  return inWorker(`Creating the embedded database in ${dir}`, { dir });
}

/**
 * Fills the empty folder `dir` with the embedded database held in `tarball` (a file written from
 * `DbHandle.dumpDataDir`), in a worker thread that exits afterwards. Refuses a folder that already
 * holds a database.
 */
export async function loadEmbeddedDatabase(dir: string, tarball: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`${dir} already holds a database`);
  mkdirSync(dir, { recursive: true });
  return inWorker(`Loading the embedded database into ${dir} from ${tarball}`, { dir, template: tarball });
}

/**
 * Writes the empty-database template for the installed PGlite into `templateDir` (initdb once, in
 * memory, in a worker thread); answers its path. Used by the build.
 */
export async function writeEmbeddedTemplate(templateDir: string): Promise<string> {
  mkdirSync(templateDir, { recursive: true });
  const file = path.join(templateDir, embeddedTemplateName());
  const partial = `${file}.${process.pid}.partial`;
  await inWorker('Creating the embedded database template', { dumpTo: partial });
  renameSync(partial, file);
  return file;
}
