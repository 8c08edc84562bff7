import { useSyncExternalStore } from 'react';

// The start-up screen plays once per browser session, and never for readers who ask
// for less motion: a trader reopening the terminal all day is not made to wait 1.5 s.

export const STARTUP_SEEN_KEY = 't0.startup-seen';

interface StartupEnv {
  reducedMotion: boolean;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Whether to play it now; marks the session as having seen it. */
export function claimStartup(env: StartupEnv): boolean {
  if (env.reducedMotion) return false;
  try {
    if (env.storage?.getItem(STARTUP_SEEN_KEY)) return false;
    env.storage?.setItem(STARTUP_SEEN_KEY, '1');
  } catch {
    // Storage refused (private mode): play it, as before.
  }
  return true;
}

function browserEnv(): StartupEnv {
  let storage: StartupEnv['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { reducedMotion: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false, storage };
}

/**
 * Decided once, before the first paint, by public/first-paint.js (`html[data-startup]`), which
 * shows the pre-rendered screen; decided here by the same rule when that script has not run.
 */
function decide(): boolean {
  if (typeof window === 'undefined') return false;
  const decided = document.documentElement.dataset.startup;
  if (decided) return decided === 'play';
  const play = claimStartup(browserEnv());
  document.documentElement.dataset.startup = play ? 'play' : 'skip';
  return play;
}

export const playStartup = decide();

export type StartupPhase = 'loading' | 'leaving' | 'done';
let phase: StartupPhase = playStartup ? 'loading' : 'done';
const listeners = new Set<() => void>();

export function setStartupPhase(next: StartupPhase) {
  if (next === phase) return;
  phase = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/**
 * Whether the home route shows the front door while the user is checked: behind the start-up
 * screen, or when the page arrived pre-rendered (then for good, so the screen's steps never
 * redraw the page).
 */
export function useFrontDoorWhileChecking(): boolean {
  const get = () => startsPrerendered || phase !== 'done';
  return useSyncExternalStore(subscribe, get, get);
}

/** The start-up screen's phase; 'done' once it has gone (or when it never played). */
export function useStartupPhase(): StartupPhase {
  return useSyncExternalStore(
    subscribe,
    () => phase,
    () => phase,
  );
}

/**
 * Whether the app starts on a page the build pre-rendered (src/prerender.tsx), which it hydrates:
 * true in the build-time render itself, and in the browser when `#root` arrived with markup.
 */
export const startsPrerendered =
  typeof document === 'undefined' || Boolean(document.getElementById('root')?.firstElementChild);
