import { readFile } from 'node:fs/promises';
import { DiffChecker } from 'kysely-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateTableTypes } from './generate-types';
import { createTestDb, type TestDb } from './testing';

describe('generated table types', () => {
  let db: TestDb;
  // The run's PGlite database, migrated from scratch by the global set-up.
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db?.drop());

  it('schema.gen.ts is what the migrations make (else run `pnpm --filter @t0/db generate-types` and commit it)', async () => {
    const generated = await generateTableTypes(db.db);
    const committed = await readFile(GENERATED_TYPES_FILE, 'utf8');
    const difference = new DiffChecker().diff(committed, generated);
    expect(difference, `src/schema.gen.ts is out of date:\n${difference}`).toBeUndefined();
    // It describes the tables the code uses.
    expect(generated).toMatch(/export interface DB \{[^}]*\n {2}users: Users;/);
  });
});
