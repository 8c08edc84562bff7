// Bundles the API (and the workspace packages it imports as TypeScript source) into dist/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const workspace = (name) => name.startsWith('@t0/');
const external = Object.keys(pkg.dependencies).filter((d) => !workspace(d));
// Dependencies of the workspace packages are resolved from node_modules at run time too.
for (const dir of ['../../packages/db', '../../packages/contracts', '../../packages/server']) {
  const p = JSON.parse(readFileSync(new URL(`${dir}/package.json`, import.meta.url), 'utf8'));
  for (const d of Object.keys(p.dependencies ?? {})) if (!workspace(d) && !external.includes(d)) external.push(d);
}

await build({
  entryPoints: {
    main: 'src/main.ts',
    'migrate-cli': 'src/migrate-cli.ts',
    'backup-cli': 'src/backup-cli.ts',
    'restore-cli': 'src/restore-cli.ts',
    'embedded-template-cli': 'src/embedded-template-cli.ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'info',
});

// The embedded database's empty template (see packages/db/src/embedded-memory.ts): a first start
// unpacks it instead of running initdb, which takes far more memory.
const template = spawnSync(process.execPath, ['dist/embedded-template-cli.js'], {
  stdio: 'inherit',
  cwd: new URL('.', import.meta.url),
});
if (template.status !== 0) process.exit(template.status ?? 1);
