import type { Db } from '@t0/db';
import { entitlementFor, type AccessViewer } from '@t0/contracts/domain/access/access';
import { listInstrumentsShowingImage } from './chart-memos.queries';
import { instrumentRoomResolver } from '../rooms/rooms.queries';

/**
 * Whether a viewer may read an uploaded memo image (`images/…`): the entitlement decision for the
 * analysis that shows it. An image belongs to the rooms of the instruments whose memo shows it; a
 * holder of any of them (or an administrator) reads it. An image no memo shows (uploaded, not yet
 * saved, or taken off) is the desk's alone.
 */
export async function mayReadMemoImage(db: Db, viewer: AccessViewer, key: string): Promise<boolean> {
  if (viewer.isAdmin) return true;
  const instruments = await listInstrumentsShowingImage(db, `/objects/${key}`);
  if (instruments.length === 0) return false;
  const roomOf = await instrumentRoomResolver(db);
  return instruments.some((symbol) => entitlementFor(viewer, { room: roomOf(symbol), open: true }) === 'full');
}
