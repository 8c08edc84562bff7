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
