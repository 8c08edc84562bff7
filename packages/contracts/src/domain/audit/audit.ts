// The audit log's shared rules (server and console).

/** Entries per page of the AUDIT tab and `GET /api/admin/audit`. */
export const AUDIT_PAGE_SIZE = 25;

/** Input fields never written to the audit log (secrets), whatever the procedure. */
export const AUDIT_REDACTED_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'code',
  'token',
  'secret',
  'tokenHash',
] as const;

/** Copies a value for the audit log with secret fields replaced by `"[redacted]"`. */
export function redactForAudit(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactForAudit);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = (AUDIT_REDACTED_FIELDS as readonly string[]).includes(key) ? '[redacted]' : redactForAudit(v);
    }
    return out;
  }
  return value;
}

/**
 * The fields that differ between two records (each as stored): `{ before, after }` holding only
 * those fields; values compared as JSON. Fields present on one side only count as changed; a
 * secret field that changed shows as `"[redacted]"` on both sides.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // Compared as stored; written redacted (a changed password shows as changed, never its value).
    const x = JSON.stringify(before[key] ?? null);
    const y = JSON.stringify(after[key] ?? null);
    if (x !== y) {
      const secret = (AUDIT_REDACTED_FIELDS as readonly string[]).includes(key);
      b[key] = secret ? '[redacted]' : (redactForAudit(before[key]) ?? null);
      a[key] = secret ? '[redacted]' : (redactForAudit(after[key]) ?? null);
    }
  }
  return { before: b, after: a };
}
