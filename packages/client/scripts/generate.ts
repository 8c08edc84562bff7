// Writes the OpenAPI document and its generated types.
//   pnpm --filter @t0/client generate        refreshes the committed openapi.json and src/schema.gen.ts
//   pnpm --filter @t0/client build           writes dist/openapi.json (the document shipped with a build)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateArtifacts } from '../src/artifacts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const { document, types } = await generateArtifacts();

if (outFlag >= 0) {
  const dir = path.resolve(root, process.argv[outFlag + 1] ?? 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'openapi.json'), document);
  console.log(`wrote ${path.relative(process.cwd(), path.join(dir, 'openapi.json'))}`);
} else {
  writeFileSync(path.join(root, 'openapi.json'), document);
  writeFileSync(path.join(root, 'src/schema.gen.ts'), types);
  console.log('wrote openapi.json and src/schema.gen.ts');
}
