import { TRPCClientError } from '@trpc/client';

/**
 * The server's refusals of a form's fields (a 400's `fields`), as Mantine form errors: the first
 * message for each top-level field (`instruments.0` counts as `instruments`).
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fields?: Array<{ path: string; message: string }> } | undefined)?.fields ?? [];
  const out: Record<string, string> = {};
  for (const f of fields) {
    const [name] = f.path.split('.');
    if (name && !(name in out)) out[name] = f.message;
  }
  return out;
}
