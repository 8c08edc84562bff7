import { MantineProvider } from '@mantine/core';
import { PRERENDERED_PAGES } from '@t0/contracts';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './App';
import { StartupScreen } from './components/shell/StartupScreen';
import { makeQueryClient, makeTrpcClient } from './lib/trpc';
import { preloadPrerendered, routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

// Build-time rendering (vite-prerender.ts, from `pnpm build`): the public pages' markup as the app first draws
// it for a visitor who is not signed in (the marketing figures and prices the app starts from,
// filled in live once it runs), so the first paint needs no script. It is the app itself (App.tsx)
// at that address, so src/main.tsx hydrates the markup instead of drawing the page again.

export { PRERENDERED_PAGES };

/** The content of `#root` for a page: the whole app at that address. */
export async function renderPage(path: (typeof PRERENDERED_PAGES)[number]['path']): Promise<string> {
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
