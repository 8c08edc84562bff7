// `node dist/embedded-template-cli.js` (run by the build): writes the embedded database's empty
// template for the installed PGlite, unless the build already holds it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { embeddedTemplateName, writeEmbeddedTemplate } from '@t0/db';
import { EMBEDDED_TEMPLATE_DIR } from './embedded-template';

const file = path.join(EMBEDDED_TEMPLATE_DIR, embeddedTemplateName());
if (existsSync(file)) {
  console.log(`embedded database template: ${file} (kept)`);
} else {
  const started = Date.now();
  await writeEmbeddedTemplate(EMBEDDED_TEMPLATE_DIR);
  console.log(`embedded database template: ${file} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
