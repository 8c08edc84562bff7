import { useSyncExternalStore } from 'react';

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
