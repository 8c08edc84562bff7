import { DEFAULT_LANGUAGE, languageDirection, type Language } from '@t0/contracts';
import { useSyncExternalStore } from 'react';
import { englishT, type TOptions } from './english';

// The language on screen, and `t` for it. English is drawn from the bundled catalogues; another
// language loads i18next and its catalogues first (./i18n), then every reader draws again.

type Translate = (key: string, options?: TOptions) => string;

interface Shown {
  language: Language;
  t: Translate;
}

const ENGLISH_SHOWN: Shown = { language: DEFAULT_LANGUAGE, t: englishT };
let shown: Shown = ENGLISH_SHOWN;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * `t` and the language on screen. While a pre-rendered page is hydrated it is English, as the build
 * drew it (the server snapshot), whatever was chosen meanwhile.
 */
export function useT(): Shown {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => ENGLISH_SHOWN,
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

let latest: Language = DEFAULT_LANGUAGE;

/** Shows the app in a language: its catalogues are fetched first, then every text is drawn again. */
export async function switchLanguage(language: Language): Promise<void> {
  latest = language;
  let next = ENGLISH_SHOWN;
  if (language !== DEFAULT_LANGUAGE) {
    const { showLanguage } = await import('./i18n');
    const i18n = await showLanguage(language);
    next = { language, t: i18n.getFixedT(language) as Translate };
  }
  // A later choice made while this one loaded wins.
  if (latest !== language || shown.language === language) return applyDocumentLanguage(shown.language);
  shown = next;
  applyDocumentLanguage(language);
  for (const listener of listeners) listener();
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
