import { useDirection } from '@mantine/core';
import { chooseLanguage, DEFAULT_LANGUAGE, languageDirection, prerenderedPage } from '@t0/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';
import { startsPrerendered } from '../startup';
import { useAuth } from '../auth';
import { useSiteConfig } from '../site';
import { usePreferences } from '../time-zone';
import { browserLanguages, carriesWords, switchLanguage } from './language';
import { PAGE_NAMESPACES } from './page-words';
import { rememberAddressLanguage, visitorLanguage } from './visitor';

/**
 * True once a pre-rendered page is wholly hydrated, lazily loaded parts included: a change of words
 * reaching a part not yet hydrated would not match the build's markup. This is mounted once the
 * routes have hydrated (App.tsx, lib/hydration.ts); taken as the first moment the browser is idle
 * after that (at most 2 s), for the parts a route loads lazily. At once on a page the app draws.
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
 * Shows the app in the visitor's language: on a language page (`/ar/`, `/es/performance` …) the
 * address's, else the account's choice, else the visitor's own (the language page this visit came
 * through, a language link followed before), else the browser's languages, else the desk's default
 * (site settings). A pre-rendered page is hydrated in the language it was built in; the language
 * is chosen once it is hydrated. Nothing is asked of the server before then either: an answer (the
 * site settings) arriving while the page's routes still hydrate would be drawn by them at once,
 * unlike the build's markup. Mount once.
 */
export function LanguageSync({ router }: { router: DataRouter }) {
  return useHydrationDone() ? <LanguageChoice router={router} /> : null;
}

function LanguageChoice({ router }: { router: DataRouter }) {
  const { isAuthenticated } = useAuth();
  const prefs = usePreferences();
  const { config } = useSiteConfig();
  const { setDirection } = useDirection();
  const pathname = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state.location.pathname,
    () => router.state.location.pathname,
  );
  const page = prerenderedPage(pathname);
  const address = page && page.language !== DEFAULT_LANGUAGE ? page.language : null;
  if (address) rememberAddressLanguage(address);
  const language = chooseLanguage({
    address,
    account: isAuthenticated ? (prefs.data?.language ?? null) : null,
    visitor: visitorLanguage(),
    browser: browserLanguages(),
    siteDefault: config?.defaultLanguage ?? null,
  });
  // A pre-rendered page needs only the words the page the visit arrived on carried, when they are its
  // own (`/ar/performance` opened as such); another screen, or the record reached from `/ar/`, all of
  // the language's.
  const whole = !page || !carriesWords(PAGE_NAMESPACES[page.base]);
  useEffect(() => {
    let current = true;
    void switchLanguage(language, { whole }).then(() => {
      if (current) setDirection(languageDirection(language));
    });
    return () => {
      current = false;
    };
  }, [language, whole, setDirection]);
  return null;
}
