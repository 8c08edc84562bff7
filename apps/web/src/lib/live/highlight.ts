import { LIVE_HIGHLIGHT_MS } from '@t0/contracts';
import { useSyncExternalStore } from 'react';

// Signals that just arrived on the stream: their rows are highlighted for a few seconds.

let fresh: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function markFreshSignal(id: number) {
  fresh = new Set([...fresh, id]);
  emit();
  setTimeout(() => {
    const next = new Set(fresh);
    next.delete(id);
    fresh = next;
    emit();
  }, LIVE_HIGHLIGHT_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const get = () => fresh;

export function useFreshSignals(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, get, get);
}
