// `pnpm start`: serve the built product on one port, building first if nothing is built.
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
