// The languages the web app speaks (docs/features/languages.md). A language is one of these codes;
// the account's choice wins, then the browser's list, then the desk's default.

export const LANGUAGES = ['en', 'es', 'pt-BR', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language select shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The writing direction of a language. */
export function languageDirection(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

/**
 * The first of a browser's language tags (`navigator.languages`, or an `Accept-Language` header's
 * tags in order) that the app speaks: an exact code first, then the tag's main language (`es-MX` is
 * Spanish, any Portuguese is Brazilian Portuguese, `ar-EG` is Arabic). Null when none is spoken.
 */
export function matchLanguage(tags: readonly string[]): Language | null {
  for (const raw of tags) {
    const tag = raw.trim();
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const main = tag.split(/[-_]/)[0]?.toLowerCase();
    const byMain = LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === main);
    if (byMain) return byMain;
  }
  return null;
}

/** The tags of an `Accept-Language` header, most wanted first (a `q=0` tag is refused, not wanted). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The language to show: the address's language on a language page (`/ar/`: what the page is),
 * else the account's choice, else the visitor's own choice in this browser (the language pages
 * visited in this session, the landing page's language links), else the browser's languages, else
 * the desk's default.
 */
export function chooseLanguage(opts: {
  address?: Language | null;
  account?: Language | null;
  visitor?: Language | null;
  browser?: readonly string[];
  siteDefault?: Language | null;
}): Language {
  return (
    opts.address ??
    opts.account ??
    opts.visitor ??
    matchLanguage(opts.browser ?? []) ??
    opts.siteDefault ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The first segment of each language's public pages (`/ar/`, `/ar/performance`); English pages
 * have none (`/`, `/performance`). Lower case, as addresses are written.
 */
export const LANGUAGE_PATH_SEGMENTS: Readonly<Record<Language, string>> = {
  en: '',
  es: 'es',
  'pt-BR': 'pt-br',
  ar: 'ar',
};

/** The language an address is written in (`/pt-br/performance` is pt-BR), null for an address without one. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  if (!first) return null;
  return LANGUAGES.find((l) => LANGUAGE_PATH_SEGMENTS[l] === first) ?? null;
}

/** A public page's address in a language: `/` is `/ar/` in Arabic, `/performance` is `/ar/performance`. */
export function localizedPath(path: string, language: Language): string {
  const segment = LANGUAGE_PATH_SEGMENTS[language];
  if (!segment) return path;
  return path === '/' ? `/${segment}/` : `/${segment}${path}`;
}

/** An address without its language (`/ar/performance` is `/performance`, `/es/` and `/es` are `/`). */
export function pathWithoutLanguage(pathname: string): string {
  if (!languageOfPath(pathname)) return pathname;
  const rest = pathname.slice(pathname.indexOf('/', 1) < 0 ? pathname.length : pathname.indexOf('/', 1));
  return rest === '' || rest === '/' ? '/' : rest;
}
