import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web build's one inline script (apps/web/public/first-paint.js, written into every page's
 * head so it runs before the first paint without a blocking request): its hash for the content
 * security policy's `script-src`, so no other inline script runs. None when the build is absent
 * (an API-only server).
 */
export function inlineScriptSources(webDist: string): string[] {
  try {
    const source = readFileSync(path.join(webDist, 'first-paint.js'), 'utf8');
    return [`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`];
  } catch {
    return [];
  }
}
