/** A post's content as paragraphs: split on blank lines, each trimmed, empty ones dropped. */
export function paragraphs(content: string | null | undefined): string[] {
  return String(content ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
