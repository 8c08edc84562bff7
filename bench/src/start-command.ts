import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The arguments `pnpm start` gives Node (the root package.json's `start` script: its flags, then
 * scripts/start.mjs), so a bench starts the product exactly as `pnpm start` does while holding the
 * server's own process (its pid, for memory readings) rather than pnpm's.
 */
export function startArgs(repo: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs')
    throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return words.slice(1);
}
