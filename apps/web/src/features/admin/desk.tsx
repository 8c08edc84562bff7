import type { DeskView } from '@t0/contracts';
import { createContext, useContext } from 'react';

// Who acts in the console: an administrator (every tab, room and record), or an analyst (their tabs,
// the instruments of their rooms, their own signals). The server enforces every limit; the screens
// follow it so an analyst meets no button the server would refuse.

export const ADMIN_DESK: DeskView = { kind: 'admin', slug: null, displayName: null, rooms: null, instruments: null };

export const DeskContext = createContext<DeskView>(ADMIN_DESK);

export const useDesk = () => useContext(DeskContext);

/** The instruments of this list the desk may use (every one for an administrator). */
export function deskInstruments<T extends string>(desk: DeskView, all: readonly T[]): T[] {
  return desk.instruments ? all.filter((i) => desk.instruments!.includes(i)) : [...all];
}

/** Whether the desk manages this signal: an administrator every one, an analyst their own. */
export const deskOwnsSignal = (desk: DeskView, author: { slug: string } | null | undefined) =>
  desk.kind === 'admin' || (author?.slug ?? null) === desk.slug;
