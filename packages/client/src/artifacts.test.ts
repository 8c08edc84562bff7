import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateArtifacts } from './artifacts';

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8');

describe('the committed OpenAPI document and types', () => {
  it('match the API as it is now (run `pnpm --filter @t0/client generate` after changing a procedure)', async () => {
    const fresh = await generateArtifacts();
    expect(read('../openapi.json') === fresh.document, 'openapi.json is stale').toBe(true);
    expect(read('./schema.gen.ts') === fresh.types, 'src/schema.gen.ts is stale').toBe(true);
  });
});
