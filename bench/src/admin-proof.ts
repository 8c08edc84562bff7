import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Proves the bench's ADMIN_EMAILS address as its owner would (until then the account is an ordinary
 * user): the link registration mailed to it, an .eml under DATA_DIR/mail, followed with a session
 * of the account.
 */
export async function proveAdminEmail(base: string, dataDir: string, email: string, cookie: string): Promise<void> {
  const dir = path.join(dataDir, 'mail');
  const token = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => /\/confirm-admin\?token=([0-9a-f]{64})/.exec(m)?.[1])
    .filter((t) => t !== undefined)
    .at(-1);
  if (!token) throw new Error(`no link proving ${email} under ${dir}`);
  const res = await fetch(base + '/api/auth/admin-email/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', cookie },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`proving ${email}: ${res.status} ${await res.text()}`);
}
