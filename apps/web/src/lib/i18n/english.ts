import auth from '../../locales/en/auth.json';
import landing from '../../locales/en/landing.json';
import shell from '../../locales/en/shell.json';

// The English catalogues, part of the bundle: the build draws the pre-rendered pages in English and
// the app starts in it without fetching i18next (docs/features/languages.md). A screen behind the
// sign-in brings its own (`terminal`, `profile`, `blog`, `notifications`, `messages`): its chunk adds
// it (`addEnglish`), so its words never weigh on the landing page. The record (`record`) brings its
// own the same way.

export const NAMESPACES = [
  'shell',
  'landing',
  'auth',
  'profile',
  'terminal',
  'record',
  'blog',
  'notifications',
  'messages',
  'signal',
  'alerts',
  'journal',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const ENGLISH: Partial<Record<Namespace, Record<string, string>>> = { shell, landing, auth };

/** Adds the English catalogue of a namespace that comes with its screen's chunk. */
export function addEnglish(ns: Namespace, entries: Record<string, string>): void {
  ENGLISH[ns] = entries;
}

export type TOptions = Record<string, string | number>;

export type Catalogues = Partial<Record<Namespace, Record<string, string>>>;

/**
 * A lookup of a language's catalogues that writes what i18next writes: `{{name}}` filled in, and
 * with a `count` the key's plural form for that count (`Intl.PluralRules`, as i18next asks), else
 * `_other`. A key the catalogues lack is written in English; an unknown key as is. The catalogues
 * are read at each call (a screen's chunk may add its English one later).
 */
export function catalogueT(language: string, catalogues: Catalogues): (key: string, options?: TOptions) => string {
  const plurals = new Intl.PluralRules(language);
  const find = (from: Catalogues, ns: Namespace, name: string, count: unknown) => {
    const entries = from[ns];
    if (!entries) return undefined;
    if (typeof count === 'number') {
      const plural = entries[`${name}_${plurals.select(count)}`] ?? entries[`${name}_other`];
      if (plural !== undefined) return plural;
    }
    return entries[name];
  };
  return (key, options = {}) => {
    const [ns, name] = key.split(':', 2) as [Namespace, string];
    const text = find(catalogues, ns, name, options.count) ?? find(ENGLISH, ns, name, options.count) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, field: string) =>
      options[field] === undefined ? whole : String(options[field]),
    );
  };
}

/**
 * A key ('landing:hero.badge') in English, as i18next writes it: `{{name}}` filled in, and with a
 * `count` the key's `_one` or `_other` form (English has no others). An unknown key is written as is.
 */
export const englishT = catalogueT('en', ENGLISH);
