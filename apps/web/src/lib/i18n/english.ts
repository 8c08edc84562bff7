import auth from '../../locales/en/auth.json';
import landing from '../../locales/en/landing.json';
import profile from '../../locales/en/profile.json';
import shell from '../../locales/en/shell.json';

// The English catalogues, part of the bundle: the build draws the pre-rendered pages in English and
// the app starts in it without fetching i18next (docs/features/languages.md). A screen behind the
// sign-in brings its own (`terminal`): its chunk adds it (`addEnglish`), so its words never weigh on
// the landing page.

export const NAMESPACES = ['shell', 'landing', 'auth', 'profile', 'terminal'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const ENGLISH: Partial<Record<Namespace, Record<string, string>>> = { shell, landing, auth, profile };

/** Adds the English catalogue of a namespace that comes with its screen's chunk. */
export function addEnglish(ns: Namespace, entries: Record<string, string>): void {
  ENGLISH[ns] = entries;
}

export type TOptions = Record<string, string | number>;

/**
 * A key ('landing:hero.badge') in English, as i18next writes it: `{{name}}` filled in, and with a
 * `count` the key's `_one` or `_other` form (English has no others). An unknown key is written as is.
 */
export function englishT(key: string, options: TOptions = {}): string {
  const [ns, name] = key.split(':', 2) as [Namespace, string];
  const entries = ENGLISH[ns] ?? {};
  const count = options.count;
  const text =
    (typeof count === 'number' ? entries[`${name}_${count === 1 ? 'one' : 'other'}`] : undefined) ??
    entries[name] ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, field: string) =>
    options[field] === undefined ? whole : String(options[field]),
  );
}
