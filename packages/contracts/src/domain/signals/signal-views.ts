import type { Signal, SignalView } from '../../schemas/signals/signals';
import { accessClass } from '../access/access';
import { signalForViewer, type SignalViewer } from './signal-access';

// The signal list as each kind of viewer reads it. Every signed-in client polls it, so a list
// kept in memory (frozen, see the server's HotReadCache) is projected once per class of viewer
// (administrators, and each set of rooms held) and the same frozen projection is answered until
// the kept list changes; it is then validated and serialised once too (see validatedOnce).

const projections = new WeakMap<readonly Signal[], Map<string, SignalView[]>>();

/**
 * The list as this viewer may read it (`signalForViewer` for each signal). For a frozen list the
 * answer is frozen too, and the same object for every viewer of a class.
 */
export function signalListForViewer(list: readonly Signal[], viewer: SignalViewer | null): SignalView[] {
  if (!Object.isFrozen(list)) return list.map((s) => signalForViewer(s, viewer));
  const kind = accessClass(viewer);
  let kept = projections.get(list);
  if (!kept) projections.set(list, (kept = new Map()));
  let view = kept.get(kind);
  if (!view) {
    view = Object.freeze(list.map((s) => Object.freeze(signalForViewer(s, viewer)))) as SignalView[];
    kept.set(kind, view);
  }
  return view;
}

/** A signal whose levels this viewer has (closed ones, or everything in the rooms they hold). */
export type UnlockedSignalView = SignalView & Signal;

export const isUnlockedSignal = (signal: SignalView): signal is UnlockedSignalView =>
  !signal.locked && signal.entryPrice !== null;
