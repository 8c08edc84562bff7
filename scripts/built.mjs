// `pnpm backup` and `pnpm restore`: run one of the API's built commands (apps/api/dist), building
// first when it is missing, with the arguments that follow.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/built.mjs apps/api/dist/<command>.js [arguments]');
  process.exit(2);
}
if (!existsSync(entry)) {
  console.log('No build found: building first (pnpm build)...');
  const pnpm = process.env.npm_execpath;
  const res = pnpm
    ? spawnSync(process.execPath, [pnpm, 'build'], { stdio: 'inherit' })
    : spawnSync('pnpm', ['build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// The command reads its arguments from process.argv, as if run directly.
process.argv = [process.argv[0], path.resolve(entry), ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.resolve(entry)).href);
