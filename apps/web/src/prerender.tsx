import { MantineProvider } from '@mantine/core';
import { DEFAULT_LANGUAGE, PRERENDERED_PAGES, prerenderedPage, type PrerenderedPage } from '@t0/contracts';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './App';
import { StartupScreen } from './components/shell/StartupScreen';
import { catalogueT, type Catalogues } from './lib/i18n/english';
import { PAGE_NAMESPACES } from './lib/i18n/page-words';
import { setBuiltLanguage } from './lib/i18n/language';
import { makeQueryClient, makeTrpcClient } from './lib/trpc';
import { preloadPrerendered, routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

// Build-time rendering (vite-prerender.ts, from `pnpm build`): the public pages' markup as the app first draws
// it for a visitor who is not signed in (the marketing figures and prices the app starts from,
// filled in live once it runs), so the first paint needs no script. It is the app itself (App.tsx)
// at that address, so src/main.tsx hydrates the markup instead of drawing the page again.

export { PRERENDERED_PAGES };

/** Each page's title (`<title>`, none for the landing page: the site's name) and description keys. */
const PAGE_META: Record<PrerenderedPage['base'], { title: string | null; description: string }> = {
  '/': { title: null, description: 'landing:meta.description' },
  '/performance': { title: 'record:meta.title', description: 'record:meta.description' },
};

/** The site's name, after each page's title (as lib/use-document-meta.ts writes it once the app runs). */
const SITE = 'T0 Terminal';
const catalogues = import.meta.glob<Record<string, string>>('./locales/*/*.json', { eager: true, import: 'default' });

/**
 * The words a language page carries for its hydration (`<script type="application/json">`,
 * lib/i18n/start.ts): its language's catalogues of the namespaces the page draws (the landing page
 * `shell` and `landing`, the record `shell` and `record`). None in English, which is in the bundle
 * (the record's English comes with its chunk).
 */
export function pageWords(page: PrerenderedPage): Catalogues | null {
  if (page.language === DEFAULT_LANGUAGE) return null;
  return ownWords(page);
}

function ownWords(page: PrerenderedPage): Catalogues {
  return Object.fromEntries(
    PAGE_NAMESPACES[page.base].map((ns) => {
      const entries = catalogues[`./locales/${page.language}/${ns}.json`];
      if (!entries) throw new Error(`no ${page.language}/${ns}.json`);
      return [ns, entries];
    }),
  );
}

/** The page's title (`<title>`) and description (`<meta name="description">`) in its language. */
export function pageMeta(page: PrerenderedPage): { title: string; description: string } {
  const t = catalogueT(page.language, ownWords(page));
  const keys = PAGE_META[page.base];
  return { title: keys.title ? `${t(keys.title)} | ${SITE}` : SITE, description: t(keys.description) };
}

/** The content of `#root` for a page: the whole app at that address, in the page's language. */
export async function renderPage(path: string): Promise<string> {
  const page = prerenderedPage(path);
  if (!page) throw new Error(`${path} is not a pre-rendered page`);
  setBuiltLanguage(page.language, pageWords(page) ?? {});
  // A lazily loaded screen is loaded first, as the browser does before hydrating (src/main.tsx).
  await preloadPrerendered(path);
  const queryClient = makeQueryClient();
  const html = renderToString(
    <App
      router={createMemoryRouter(routes, { initialEntries: [path] })}
      queryClient={queryClient}
      trpcClient={makeTrpcClient()}
    />,
  );
  // The queries the render created each hold a garbage-collection timer (minutes): dropped here,
  // so the build's process exits as soon as it is done.
  queryClient.clear();
  return html;
}

/** The loading screen, placed before `#root` (the app fades and removes it). */
export function renderStartup(): string {
  return renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <StartupScreen />
    </MantineProvider>,
  );
}
