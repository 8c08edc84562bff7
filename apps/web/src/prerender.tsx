import { MantineProvider } from '@mantine/core';
import { PRERENDERED_PAGES } from '@t0/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { StartupScreen } from './components/shell/StartupScreen';
import { LandingPage } from './features/landing/LandingPage';
import { PerformancePage } from './features/performance/PerformancePage';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from './lib/trpc';
import { cssVariablesResolver, theme } from './theme';

// Build-time rendering (vite-prerender.ts, from `pnpm build`): the public pages' markup as the app first draws
// it for a visitor who is not signed in (the marketing figures and prices the app starts from,
// filled in live once it runs), so the first paint needs no script.

/** The screen drawn at each pre-rendered address (PRERENDERED_PAGES). */
const SCREENS: Record<(typeof PRERENDERED_PAGES)[number]['path'], ComponentType> = {
  '/': LandingPage,
  '/performance': PerformancePage,
};

export { PRERENDERED_PAGES };

/** The content of `#root` for a page, inside the same providers as the app (App.tsx). */
export function renderPage(path: (typeof PRERENDERED_PAGES)[number]['path']): string {
  const Screen = SCREENS[path];
  const queryClient = makeQueryClient();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={makeTrpcClient()} queryClient={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <div>
            <MemoryRouter initialEntries={[path]}>
              <Screen />
            </MemoryRouter>
          </div>
        </MantineProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  // The queries the render created each hold a garbage-collection timer (minutes): dropped here,
  // so the build's process exits as soon as it is done.
  queryClient.clear();
  return html;
}

/** The loading screen, placed before `#root` (the app fades and removes it). */
export function renderStartup(): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
      <StartupScreen />
    </MantineProvider>,
  );
}
