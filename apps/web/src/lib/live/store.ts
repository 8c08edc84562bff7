import { addRttSample, livePollInterval, medianRtt, type LiveConnection } from '@t0/contracts';
import { useSyncExternalStore } from 'react';

// The live stream's state for the whole page: its connection and the measured round trip.

interface LiveState {
  connection: LiveConnection;
  /** Median of the last measured round trips (ms), null before the first. */
  rttMs: number | null;
}

let state: LiveState = { connection: 'connecting', rttMs: null };
let samples: number[] = [];
const listeners = new Set<() => void>();

function set(next: Partial<LiveState>) {
  const merged = { ...state, ...next };
  if (merged.connection === state.connection && merged.rttMs === state.rttMs) return;
  state = merged;
  for (const l of listeners) l();
}

export function setLiveConnection(connection: LiveConnection) {
  set({ connection });
}

/** Records one measured round trip (an API request's answer, the stream's opening). */
export function recordRoundTrip(ms: number) {
  samples = addRttSample(samples, ms);
  set({ rttMs: medianRtt(samples) });
}

export function getLiveState(): LiveState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, getLiveState, getLiveState);
}

/** A query's refetchInterval: off while the stream is up, the spec's interval while it is down. */
export function useLivePoll(specMs: number): number | false {
  const { connection } = useLiveState();
  return livePollInterval(connection, specMs);
}
