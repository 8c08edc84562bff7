import { isLanguage, type Language } from '@t0/contracts';

// The visitor's own choice of language in this browser, for a visitor the account does not speak
// for: a language link of the landing page (kept in the browser), and the language page the visitor
// came through in this visit (`/ar/`: the app's other screens stay in Arabic).

const STORAGE_KEY = 't0.language';
let addressLanguage: Language | null = null;

/** The language of the language page (`/ar/` …) the visitor is on or came through in this visit. */
export function rememberAddressLanguage(language: Language): void {
  addressLanguage = language;
}

/** Kept when the visitor follows one of the landing page's language links. */
export function keepVisitorLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the address's language still applies on the page it opens.
  }
}

/** The visitor's own choice: the language page of this visit, else the language link followed before. */
export function visitorLanguage(): Language | null {
  if (addressLanguage) return addressLanguage;
  try {
    const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    return isLanguage(kept) ? kept : null;
  } catch {
    return null;
  }
}
