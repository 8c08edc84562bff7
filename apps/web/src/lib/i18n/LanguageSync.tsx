import { useDirection } from '@mantine/core';
import { chooseLanguage, languageDirection } from '@t0/contracts';
import { useEffect, useState } from 'react';
import { startsPrerendered } from '../startup';
import { useAuth } from '../auth';
import { useSiteConfig } from '../site';
import { usePreferences } from '../time-zone';
import { browserLanguages, switchLanguage } from './language';

/**
 * True once a pre-rendered page is wholly hydrated: its routes hydrate after the shell, each in its
 * own slice, and a change of words reaching a part not yet hydrated would not match the build's
 * markup. Taken as the first moment the browser is idle after the app mounted. At once elsewhere.
 */
function useHydrationDone(): boolean {
  const [done, setDone] = useState(!startsPrerendered);
  useEffect(() => {
    if (done) return;
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(() => setDone(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setDone(true), 200);
    return () => clearTimeout(id);
  }, [done]);
  return done;
}

/**
 * Shows the app in the visitor's language: the account's choice, else the browser's languages, else
 * the desk's default (site settings). A pre-rendered page is hydrated in English, as the build drew
 * it; the language is chosen once it is hydrated. Nothing is asked of the server before then either:
 * an answer (the site settings) arriving while the page's routes still hydrate would be drawn by
 * them at once, unlike the build's markup. Mount once.
 */
export function LanguageSync() {
  return useHydrationDone() ? <LanguageChoice /> : null;
}

function LanguageChoice() {
  const { isAuthenticated } = useAuth();
  const prefs = usePreferences();
  const { config } = useSiteConfig();
  const { setDirection } = useDirection();
  const language = chooseLanguage({
    account: isAuthenticated ? (prefs.data?.language ?? null) : null,
    browser: browserLanguages(),
    siteDefault: config?.defaultLanguage ?? null,
  });
  useEffect(() => {
    let current = true;
    void switchLanguage(language).then(() => {
      if (current) setDirection(languageDirection(language));
    });
    return () => {
      current = false;
    };
  }, [language, setDirection]);
  return null;
}
