import { fileURLToPath } from 'node:url';

/**
 * Where the build keeps the embedded database's empty template (`dist/embedded-template/` beside
 * the bundle). Run from source there is none, and a new embedded database runs initdb.
 */
export const EMBEDDED_TEMPLATE_DIR = fileURLToPath(new URL('./embedded-template/', import.meta.url));
