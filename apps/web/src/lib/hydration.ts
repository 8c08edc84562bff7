import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { startsPrerendered } from './startup';

// A pre-rendered page (src/prerender.tsx) is hydrated: the app's first render must draw exactly the
// markup the build drew, so what only the browser knows (the saved colour theme, the time now) is
// drawn once hydration is over. On a page the app draws itself this is true from the first render.

const subscribe = () => () => {};

/** False while the app hydrates pre-rendered markup (and in the build-time render), true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// The blocks of a pre-rendered page that never change (components/StaticMarkup.tsx) are adopted as
// the build drew them when the page is first hydrated. Routes are hydrated after the app's shell
// (each Suspense boundary on its own), so "first hydrated" is told per block: from the moment
// src/main.tsx starts hydrating until that block has been committed once.
let prerenderedPage = false;
const adoptedBlocks = new Set<string>();

/** Called by src/main.tsx as it hydrates a pre-rendered page. */
export function beginPrerenderedHydration(): void {
  prerenderedPage = true;
}

/** The build's markup of a static block while it is first hydrated, null otherwise (the block is drawn). */
export function prerenderedBlock(name: string): { __html: string } | null {
  if (!prerenderedPage || adoptedBlocks.has(name) || typeof document === 'undefined') return null;
  const drawn = document.querySelector(`[data-static="${name}"]`);
  return drawn ? { __html: drawn.innerHTML } : null;
}

/** A block's adoption is committed: from now on it is drawn wherever it is mounted again. */
export function blockAdopted(name: string): void {
  adoptedBlocks.add(name);
}

// The whole page is hydrated once the routes' boundary (routes.tsx, RootLayout) has committed: the
// app's shell hydrates first, the route after it in slices of its own, and meanwhile an answer put in
// the query cache (a live price pushed by the stream, the instrument catalogue) would be drawn by the
// part not yet hydrated at once, unlike the build's markup (React's error #418, and the page drawn
// again). So the shell's pieces that fetch or listen start only then. At once on a page the app draws.
let pageHydrated = !startsPrerendered;
const pageListeners = new Set<() => void>();

/** The page's routes have committed their first render: from now on answers may be drawn anywhere. */
function markPageHydrated(): void {
  if (pageHydrated) return;
  pageHydrated = true;
  performance.mark?.('t0-page-hydrated');
  for (const listener of pageListeners) listener();
}

/** False until the whole page is hydrated (and in the build-time render); true at once on a page the app draws. */
export function usePageHydrated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      pageListeners.add(listener);
      return () => pageListeners.delete(listener);
    },
    () => pageHydrated,
    () => false,
  );
}

/** Rendered last inside the routes' boundary: its first commit is the page's. Draws nothing. */
export function PageHydratedMark(): null {
  useEffect(() => markPageHydrated(), []);
  return null;
}

/** Its children (pieces that draw nothing) only once the whole page is hydrated. */
export function AfterPageHydrated({ children }: { children: ReactNode }) {
  return usePageHydrated() ? children : null;
}
