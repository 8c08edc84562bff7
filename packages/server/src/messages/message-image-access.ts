import type { Db } from '@t0/db';
import type { LiveViewer } from '../ports/live';
import { findImageThreadUserId, isImageOfThread, listThreadAnalystUserIds } from './admin-messages.queries';

/**
 * Whether a viewer may read an uploaded image (`images/…`) as a party to a desk thread: the
 * subscriber whose thread shows it, or an active analyst who answers that thread (a room the
 * subscriber holds), past their second factor (the desk's administrators read every image already).
 */
export async function mayReadMessageImage(
  db: Db,
  viewer: Pick<LiveViewer, 'id' | 'secondFactorPassed'>,
  key: string,
): Promise<boolean> {
  const imageUrl = `/objects/${key}`;
  if (await isImageOfThread(db, imageUrl, viewer.id)) return true;
  if (!viewer.secondFactorPassed) return false;
  const threadUserId = await findImageThreadUserId(db, imageUrl);
  return threadUserId !== undefined && (await listThreadAnalystUserIds(db, threadUserId)).includes(viewer.id);
}

/** Whether a stored image (`images/…`) is shown by a desk thread: then it is read only by a signed link. */
export async function isThreadImage(db: Db, key: string): Promise<boolean> {
  return (await findImageThreadUserId(db, `/objects/${key}`)) !== undefined;
}
