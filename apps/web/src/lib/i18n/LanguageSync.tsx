import { useDirection } from '@mantine/core';
import { chooseLanguage, languageDirection } from '@t0/contracts';
import { useEffect } from 'react';
import { useAuth } from '../auth';
import { useSiteConfig } from '../site';
import { usePreferences } from '../time-zone';
import { browserLanguages, switchLanguage } from './i18n';

/**
 * Shows the app in the visitor's language: the account's choice, else the browser's languages, else
 * the desk's default (site settings). A pre-rendered page is hydrated in English, as the build drew
 * it; the language is applied once hydrated (effects run then), so hydration never meets other words.
 * Mount once.
 */
export function LanguageSync() {
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
