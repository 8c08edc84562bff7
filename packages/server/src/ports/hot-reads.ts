import type { Signal } from '@t0/contracts/schemas/signals/signals';

/**
 * What every signed-in client polls every few seconds, kept by the server between changes.
 * `load` reads the database; an implementation may answer a kept value instead, as long as it
 * forgets it when the rows behind it change.
 */
export interface HotReads {
  signals(load: () => Promise<Signal[]>): Promise<Signal[]>;
  unreadCount(userId: number, load: () => Promise<number>): Promise<number>;
}

/** Keeps nothing: every call reads the database (tests, jobs, scripts). */
export const readThrough: HotReads = {
  signals: (load) => load(),
  unreadCount: (_userId, load) => load(),
};
