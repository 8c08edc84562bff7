import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildOpenApiDocument } from '@t0/server';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const scratch = mkdtempSync(path.join(tmpdir(), 't0-openapi-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `redocly lint` with this package's redocly.yaml (the recommended rules); its report on failure. */
async function lint(files: string[]) {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  try {
    await promisify(execFile)(process.execPath, [cli, 'lint', '--format=stylish', ...files], { cwd: root, env });
    return { ok: true, report: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, report: `${stdout}\n${stderr}` };
  }
}

describe('redocly lint (recommended rules)', () => {
  it('passes on the committed document and on the one a production server serves', async () => {
    // As /api/openapi.json answers in production: the public address and the __Host- cookie.
    const served = path.join(scratch, 'served.json');
    writeFileSync(served, JSON.stringify(buildOpenApiDocument('https://t0.example/api', '__Host-t0.sid')));
    const result = await lint(['openapi.json', served]);
    expect(result.ok, result.report).toBe(true);
  }, 60_000);
});
