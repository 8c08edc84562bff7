import type { Language } from '../languages/languages';

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
 * The locale dates are written in for each of the product's languages: the language's own month
 * names, order and punctuation, with Latin digits in Arabic too, as prices are (a date and a price
 * side by side never mix two sets of digits). English keeps the product's "Jan 5, 2026" form.
 */
const DATE_LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es',
  'pt-BR': 'pt-BR',
  ar: 'ar-u-nu-latn',
};

/** The locale dates (and distances in time) are written in for a language: Latin digits in Arabic too. */
export function dateLocale(language: Language): string {
  return DATE_LOCALES[language] ?? DATE_LOCALES.en;
}

/**
 * One formatter per kind, zone and language, made on first use and kept: `toLocaleString` with
 * options makes a new `Intl.DateTimeFormat` on every call, which costs the browser several
 * milliseconds each (the record's page formats dozens of dates as it draws).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  kind: 'long-date' | 'date-time',
  timeZone: string | undefined,
  language: Language,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''} ${language}`;
  let f = formatters.get(key);
  if (!f) {
    const locale = dateLocale(language);
    f =
      kind === 'long-date'
        ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone })
        : new Intl.DateTimeFormat(locale, {
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

/** Long-format date, "January 5, 2026" ("5 de enero de 2026" …); null when the value is missing or not a date. */
export function formatLongDate(
  value: string | number | Date | null | undefined,
  timeZone?: string,
  language: Language = 'en',
): string | null {
  const d = toDate(value);
  if (!d) return null;
  return formatter('long-date', timeZone, language).format(d);
}

/** Date and time with the zone, "Jan 5, 2026, 14:03 UTC" ("5 ene 2026, 14:03 UTC" …); null when the value is missing or not a date. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
  language: Language = 'en',
): string | null {
  const d = toDate(value);
  if (!d) return null;
  return formatter('date-time', timeZone, language).format(d);
}
