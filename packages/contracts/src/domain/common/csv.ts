/**
 * CSV cells for spreadsheets. A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
 * is read by spreadsheet programs as a formula (CSV injection): such a cell gets a leading `'` and
 * is shown as text. A plain number keeps its form (`-12.5` stays a number). Quoted per RFC 4180
 * when it holds a quote, comma or line break. Every CSV the product writes goes through here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !(typeof value === 'number' || PLAIN_NUMBER.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record (no line ending). */
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}

/** A whole CSV document: a header and records, CRLF line endings, ending with one. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvRow).join('\r\n') + '\r\n';
}
