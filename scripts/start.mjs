// `pnpm start`: serve the built product on one port, building first if nothing is built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
const child = spawnSync(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], { stdio: 'inherit' });
process.exit(child.status ?? 0);
