// `pnpm test`: everything CI checks. Builds, then runs two lanes side by side, then the files that
// time the machine alone (scripts/test-sets.mjs):
//   browser:  the browser suite (one spec file at a time: it waits on rendering more than it computes);
//   checks:   typecheck, lint, then every package's unit and API tests, one package at a time.
// The browser suite leaves most of a core idle while it waits on pages, which the checks use; each
// lane runs as it would alone. Each line a lane prints is prefixed with its name; every step's wall
// time is printed at its end and in the summary. A failing step does not stop the others: the run
// reports every failure, then exits 1.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const pnpm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
const started = Date.now();
const results = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one command, its output prefixed with the lane's name; resolves to whether it passed. */
function run(lane, name, args, env = {}) {
  const at = Date.now();
  console.log(`[${lane}] === ${name} (at ${seconds(at - started)}) ===`);
  return new Promise((resolve) => {
    const child = spawn(pnpm[0], [...pnpm.slice(1), ...args], {
      env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`));
    }
    child.on('close', (code, signal) => {
      const ok = code === 0;
      results.push({ lane, name, ok, ms: Date.now() - at });
      console.log(
        `[${lane}] === ${name}: ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds(Date.now() - at)} ===`,
      );
      resolve(ok);
    });
  });
}

async function lane(name, steps) {
  for (const [step, args, env] of steps) await run(name, step, args, env);
}

const shared = { T0_TEST_SET: 'shared' };
const alone = { T0_TEST_SET: 'alone' };
const web = ['--filter', '@t0/web', 'exec', 'vitest', 'run'];
const e2e = [...web, '-c', 'vitest.e2e.config.ts'];
const api = ['--filter', '@t0/api', 'exec', 'vitest', 'run'];

if (await run('build', 'build', ['build'])) {
  await Promise.all([
    lane('browser', [['browser tests', e2e, shared]]),
    lane('checks', [
      ['typecheck', ['typecheck']],
      ['lint', ['lint']],
      [
        'package tests',
        ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue', '--filter=!@t0/web', '--filter=!@t0/api'],
      ],
      ['web unit tests', web],
      ['API tests', api, shared],
    ]),
  ]);
  await lane('alone', [
    ['API tests that time the machine', api, alone],
    ['browser tests that time the machine', e2e, alone],
  ]);
}

console.log(`\n=== tests done in ${seconds(Date.now() - started)} ===`);
for (const r of results)
  console.log(`${r.ok ? 'passed' : 'FAILED'}  ${seconds(r.ms).padStart(6)}  [${r.lane}] ${r.name}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
