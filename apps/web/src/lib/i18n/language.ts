import { DEFAULT_LANGUAGE, languageDirection, type Language } from '@t0/contracts';
import { useSyncExternalStore } from 'react';
import { catalogueT, englishT, type Catalogues, type TOptions } from './english';

// The language on screen, and `t` for it. English is drawn from the bundled catalogues; another
// language loads i18next and its catalogues first (./i18n), then every reader draws again.

type Translate = (key: string, options?: TOptions) => string;

interface Shown {
  language: Language;
  t: Translate;
  /** Only the pre-rendered pages' namespaces (the words the page carried), not yet i18next's whole catalogues. */
  partial?: boolean;
}

const ENGLISH_SHOWN: Shown = { language: DEFAULT_LANGUAGE, t: englishT };
let shown: Shown = ENGLISH_SHOWN;
/** The language the pre-rendered page was built in (English for `/`, Arabic for `/ar/` …), and its words. */
let built: Shown = ENGLISH_SHOWN;
/** The namespaces the pre-rendered language page carried (none on an English page or another screen). */
let carried: ReadonlySet<string> = new Set();
let latest: Language = DEFAULT_LANGUAGE;

/**
 * The language the page is built in, with the words of it the page carries (a language page holds
 * its own `shell` and `landing` catalogues: src/prerender.tsx). Set before the build draws a page and
 * before the browser hydrates it, so both draw it in that language, without i18next.
 */
export function setBuiltLanguage(language: Language, catalogues: Catalogues): void {
  built =
    language === DEFAULT_LANGUAGE ? ENGLISH_SHOWN : { language, t: catalogueT(language, catalogues), partial: true };
  shown = built;
  carried = new Set(language === DEFAULT_LANGUAGE ? [] : Object.keys(catalogues));
  latest = language;
}

/** Whether the language page's own words hold these namespaces (a page reached from it may draw others). */
export function carriesWords(namespaces: readonly string[]): boolean {
  return namespaces.every((ns) => carried.has(ns));
}

/** The language the pre-rendered page was built in (English on any other page). */
export function builtLanguage(): Language {
  return built.language;
}
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * `t` and the language on screen. While a pre-rendered page is hydrated it is the page's language,
 * as the build drew it (the server snapshot), whatever was chosen meanwhile.
 */
export function useT(): Shown {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => built,
  );
}

/** The language on screen. */
export function currentLanguage(): Language {
  return shown.language;
}

/** Sets `<html lang dir>` for a language. */
function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}

/**
 * Shows the app in a language: its catalogues are fetched first, then every text is drawn again.
 * `whole` asks for all of a language's words when the page shows only those it carried (leaving a
 * pre-rendered language page for another screen); without it, those words are enough.
 */
export async function switchLanguage(language: Language, { whole = false } = {}): Promise<void> {
  latest = language;
  if (shown.language === language && shown.partial && !whole) return applyDocumentLanguage(language);
  let next = ENGLISH_SHOWN;
  if (language !== DEFAULT_LANGUAGE) {
    const { showLanguage } = await import('./i18n');
    const i18n = await showLanguage(language);
    next = { language, t: i18n.getFixedT(language) as Translate };
  }
  // A later choice made while this one loaded wins.
  if (latest !== language || (shown.language === language && !shown.partial))
    return applyDocumentLanguage(shown.language);
  shown = next;
  applyDocumentLanguage(language);
  for (const listener of listeners) listener();
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
