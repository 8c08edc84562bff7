import type { Db } from '@t0/db';
import { isImageOfThread } from './admin-messages.queries';

/**
 * Whether a viewer may read an uploaded image (`images/…`) as a party to a desk thread: the
 * subscriber whose thread shows it (the desk reads every image already).
 */
export function mayReadMessageImage(db: Db, viewer: { id: number }, key: string): Promise<boolean> {
  return isImageOfThread(db, `/objects/${key}`, viewer.id);
}
