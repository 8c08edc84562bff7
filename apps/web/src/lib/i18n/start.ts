import { chooseLanguage, DEFAULT_LANGUAGE, isLanguage } from '@t0/contracts';
import type { Catalogues } from './english';
import { browserLanguages, setBuiltLanguage, switchLanguage } from './language';
import { visitorLanguage } from './visitor';

/**
 * Before the first render of a page the app draws itself (not a pre-rendered one, which is hydrated
 * in the language it was built in): the visitor's own choice or the browser's language is fetched
 * and applied, so the page is drawn in it at once. The account's choice and the desk's default
 * follow when they answer (LanguageSync).
 */
export async function startLanguage(): Promise<void> {
  const language = chooseLanguage({ visitor: visitorLanguage(), browser: browserLanguages() });
  try {
    await switchLanguage(language);
  } catch {
    // A catalogue that cannot be fetched leaves the page in English.
  }
}

/** The id of the `<script type="application/json">` in which a pre-rendered language page carries its words. */
export const PAGE_WORDS_ID = 't0-words';

/**
 * Before a pre-rendered page is hydrated: the language it was built in (`<html lang>`) and, on a
 * language page (`/ar/`), the words it carries, so it is hydrated as the build drew it. No request:
 * English is in the bundle, the language page's own words in the page.
 */
export function startPrerenderedLanguage(): void {
  const language = document.documentElement.lang;
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) return;
  try {
    const words = JSON.parse(document.getElementById(PAGE_WORDS_ID)?.textContent ?? '{}') as Catalogues;
    setBuiltLanguage(language, words);
  } catch {
    // Words that cannot be read leave the page's lookups to English; the language follows once hydrated.
  }
}
