// `pnpm start`: serve the built product on one port, building first if nothing is built.
// package.json gives Node `--max-semi-space-size=4`: V8's young generation stays at 4 MB a half
// instead of growing to 16 MB under a burst of requests, about 20 MB less resident for the
// embedded server at the price of more frequent (short) young-generation collections
// (`pnpm --filter @t0/bench memory`, bench/README.md). The container image runs dist/main.js
// on PostgreSQL without it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const built = existsSync('apps/api/dist/main.js') && existsSync('apps/web/dist/index.html');
if (!built) {
  console.log('No build found: building first (pnpm build)...');
  // Run the build with the same pnpm that runs this script.
  const pnpm = process.env.npm_execpath;
  const res = pnpm
    ? spawnSync(process.execPath, [pnpm, 'build'], { stdio: 'inherit' })
    : spawnSync('pnpm', ['build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// The server runs in this very process, so a SIGTERM or SIGINT sent to `pnpm start` reaches its
// graceful shutdown (a child process would be left running when only this one is stopped).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.resolve('apps/api/dist/main.js')).href);
