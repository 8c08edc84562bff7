import { DEFAULT_LANGUAGE, localizedPath, prerenderedPage } from '@t0/contracts';
import { useLocation } from 'react-router';

/**
 * Links between the pre-rendered public pages keep the page's language: on `/ar/` the record is
 * `/ar/performance` and home is `/ar/`. Any other address (a screen with no language version) is
 * written as it is; the app keeps the language there (lib/i18n/visitor.ts).
 */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  const language = prerenderedPage(pathname)?.language ?? DEFAULT_LANGUAGE;
  return (path) => (prerenderedPage(path) ? localizedPath(path, language) : path);
}
