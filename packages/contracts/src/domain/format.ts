// Display formats shared by the terminal and the console: file sizes and dates.

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A human file size in Bytes, KB, MB or GB (1024 steps, up to two decimals): 1536 → "1.5 KB". */
export function humanFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[i]}`;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * One formatter per kind and zone, made on first use and kept: `toLocaleString` with options makes
 * a new `Intl.DateTimeFormat` on every call, which costs the browser several milliseconds each
 * (the record's page formats dozens of dates as it draws; issue 25).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'long-date' | 'date-time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'long-date'
        ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone })
        : new Intl.DateTimeFormat('en-US', {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            timeZoneName: 'short',
            timeZone,
          });
    formatters.set(key, f);
  }
  return f;
}

/** Long-format date, "January 5, 2026"; null when the value is missing or not a date. */
export function formatLongDate(value: string | number | Date | null | undefined, timeZone?: string): string | null {
  const d = toDate(value);
  if (!d) return null;
  return formatter('long-date', timeZone).format(d);
}

/** Date and time with the zone, "Jan 5, 2026, 14:03 UTC"; null when the value is missing or not a date. */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string | null {
  const d = toDate(value);
  if (!d) return null;
  return formatter('date-time', timeZone).format(d);
}
