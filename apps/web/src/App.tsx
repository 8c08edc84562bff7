import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { languageDirection, STARTUP_LOADING_MS, STARTUP_SIMULATED_LOAD_MS } from '@t0/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useHotkeys } from '@mantine/hooks';
import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { ErrorBoundary } from './components/shell/SystemRecovery';
import { StartupScreen } from './components/shell/StartupScreen';
import { AUTH_USER_KEY, recoverFromAuthError } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { AfterPageHydrated } from './lib/hydration';
import { playStartup, setStartupPhase, useStartupPhase } from './lib/startup';
import { LiveStream } from './lib/live/LiveStream';
import { TimeZoneSync } from './lib/time-zone';
import { InstrumentCatalogueSync } from './lib/instruments';
import { LanguageSync } from './lib/i18n/LanguageSync';
import { builtLanguage } from './lib/i18n/language';
import { makeQueryClient, TRPCProvider, type makeTrpcClient } from './lib/trpc';
import { cssVariablesResolver, theme } from './theme';
import { captureReferral } from './lib/referral';

const colorSchemeManager = themeStorageManager();

/** The pre-rendered loading screen (index.html); absent when the page was not pre-rendered (the dev server). */
const prerenderedStartup = typeof document === 'undefined' ? null : document.getElementById('t0-startup');

/**
 * The loading screen shows for about 1.5 s from the start of the page's load (when the
 * pre-rendered screen began to play); it fades out after the simulated 1.2 s load. Once per
 * browser session, never with reduced motion (lib/startup.ts).
 */
function useStartup() {
  const phase = useStartupPhase();
  useEffect(() => {
    if (!playStartup) return;
    const elapsed = performance.now();
    const fade = STARTUP_LOADING_MS - STARTUP_SIMULATED_LOAD_MS;
    const leave = setTimeout(() => setStartupPhase('leaving'), Math.max(0, STARTUP_SIMULATED_LOAD_MS - elapsed));
    const done = setTimeout(() => setStartupPhase('done'), Math.max(fade, STARTUP_LOADING_MS - elapsed));
    return () => {
      clearTimeout(leave);
      clearTimeout(done);
    };
  }, []);
  useEffect(() => {
    if (phase === 'leaving') prerenderedStartup?.setAttribute('data-leaving', '');
    if (phase === 'done') prerenderedStartup?.remove();
  }, [phase]);
  return phase;
}

/** Decoration (the loading screen's matrix rain) starts once the page is drawn and the main thread is idle. */
function useIdleDecoration() {
  useEffect(() => {
    const start = () => document.documentElement.classList.add('t0-idle');
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(start, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, []);
}

/**
 * The start-up screen's timeline, apart from the app's tree: its steps redraw this alone, never
 * the page behind it. The page is drawn behind the screen from the first paint (the screen's
 * animations run on the compositor, so the page is not drawn again on each of its frames), and it
 * is on screen as soon as the screen fades, whether or not the main thread is free then.
 */
function StartupLayer() {
  const phase = useStartup();
  return phase !== 'done' && !prerenderedStartup ? <StartupScreen leaving={phase === 'leaving'} /> : null;
}

/** The query cache of the app: a signed-in user's call answered 401 means the session ended. */
export function makeAppQueryClient(): QueryClient {
  return makeQueryClient((client) => {
    if (client.getQueryData(AUTH_USER_KEY)) recoverFromAuthError(client);
  });
}

/**
 * The router and clients, made by the caller: src/main.tsx makes the browser's before the first
 * render, each in a task of its own (the router alone took 16-30 ms on a two-core machine when the
 * first render made it); the build-time render (src/prerender.tsx) hands in its own.
 */
export interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof makeTrpcClient>;
}

/**
 * The whole app. The build draws the same tree for the pre-rendered pages (src/prerender.tsx), and
 * src/main.tsx hydrates that markup, so the first render draws exactly what the build drew.
 */
export function App({ router, queryClient, trpcClient }: AppProps) {
  useIdleDecoration();
  // An affiliate's link followed: counted and kept for the registration and the checkout.
  useEffect(() => void captureReferral(), []);
  // F8 (the toasts' hotkey) moves focus to the toast on screen, so keyboard users can read or dismiss it.
  useHotkeys([['F8', () => document.querySelector<HTMLElement>('.t0-toast button')?.focus()]], []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <DirectionProvider initialDirection={languageDirection(builtLanguage())} detectDirection={false}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            colorSchemeManager={colorSchemeManager}
            defaultColorScheme="auto"
            // The theme's variables and breakpoint classes are a stylesheet (styles/theme-variables.css),
            // not a <style> rendered as the app starts.
            withCssVariables={false}
            withGlobalClasses={false}
          >
            <Notifications limit={1} position="top-right" zIndex={1000} />
            <AfterPageHydrated>
              <TimeZoneSync />
              <LanguageSync router={router} />
              <InstrumentCatalogueSync />
              <LiveStream onSessionEnded={() => void router.navigate('/auth', { replace: true })} />
            </AfterPageHydrated>
            <ErrorBoundary>
              <RouterProvider router={router} />
              <StartupLayer />
            </ErrorBoundary>
          </MantineProvider>
        </DirectionProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
