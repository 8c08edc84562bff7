import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createDb } from '../src/create-db';
import { GENERATED_TYPES_FILE, generateTableTypes } from '../src/generate-types';
import { migrateToLatest } from '../src/migrate';

// Rewrites src/schema.gen.ts from an in-memory database migrated from scratch.
const handle = await createDb({ dataDir: 'memory' });
try {
  await migrateToLatest(handle.db);
  const text = await generateTableTypes(handle.db);
  await writeFile(GENERATED_TYPES_FILE, text);
  console.log(`wrote ${fileURLToPath(GENERATED_TYPES_FILE)} (${text.split('\n').length} lines)`);
} finally {
  await handle.close();
}
