import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { STARTUP_LOADING_MS, STARTUP_SIMULATED_LOAD_MS } from '@t0/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { ErrorBoundary } from './components/shell/SystemRecovery';
import { StartupScreen } from './components/shell/StartupScreen';
import { AUTH_USER_KEY, recoverFromAuthError } from './lib/auth';
import { themeStorageManager } from './lib/color-scheme';
import { playStartup, setStartupPhase, useStartupPhase } from './lib/startup';
import { LiveStream } from './lib/live/LiveStream';
import { TimeZoneSync } from './lib/time-zone';
import { InstrumentCatalogueSync } from './lib/instruments';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './routes';
import { cssVariablesResolver, theme } from './theme';

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
 * the page behind it. While it covers the page, the page is not drawn at all (global.css: its
 * content is hidden, so neither styled, laid out, painted nor reachable by keyboard or screen
 * reader); it is drawn once, when the screen is due to fade (public/first-paint.js, or here when
 * the screen starts to fade), and a `#section` address is then scrolled to (the browser could not
 * while the page had no layout). Set on the element: the markup the build drew has no such
 * attribute and hydration adds none.
 */
function StartupLayer({ content }: { content: RefObject<HTMLDivElement | null> }) {
  const phase = useStartup();
  const shown = useRef(false);
  useLayoutEffect(() => {
    const page = content.current;
    if (!page || phase === 'loading' || shown.current) return;
    shown.current = true;
    // public/first-paint.js has usually shown it already, at the time the screen was due to leave.
    page.setAttribute('data-shown', '');
    if (playStartup && window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [phase, content]);
  return phase !== 'done' && !prerenderedStartup ? <StartupScreen leaving={phase === 'leaving'} /> : null;
}

/** What the build-time render (src/prerender.tsx) hands in instead of the browser's own. */
export interface AppProps {
  router?: DataRouter;
  queryClient?: QueryClient;
}

/**
 * The whole app. The build draws the same tree for the pre-rendered pages (src/prerender.tsx), and
 * src/main.tsx hydrates that markup, so the first render draws exactly what the build drew.
 */
export function App(props: AppProps) {
  const [queryClient] = useState(
    () =>
      props.queryClient ??
      makeQueryClient((client) => {
        // A signed-in user's call answered 401: the session ended.
        if (client.getQueryData(AUTH_USER_KEY)) recoverFromAuthError(client);
      }),
  );
  const [trpcClient] = useState(makeTrpcClient);
  const [router] = useState(() => props.router ?? createAppRouter());
  const content = useRef<HTMLDivElement>(null);
  useIdleDecoration();
  // F8 moves focus to the toast on screen (spec 1 §9), so keyboard users can read or dismiss it.
  useHotkeys([['F8', () => document.querySelector<HTMLElement>('.t0-toast button')?.focus()]], []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
        >
          <Notifications limit={1} position="top-right" zIndex={1000} />
          <TimeZoneSync />
          <InstrumentCatalogueSync />
          <LiveStream onSessionEnded={() => void router.navigate('/auth', { replace: true })} />
          <ErrorBoundary>
            <div ref={content} className="t0-page">
              <RouterProvider router={router} />
            </div>
            <StartupLayer content={content} />
          </ErrorBoundary>
        </MantineProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
