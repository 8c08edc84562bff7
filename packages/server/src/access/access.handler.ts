import type { Db, UserRow } from '@t0/db';
import { announceAccountChange } from '../events/events.queries';
import { findUserByIdForUpdate } from '../auth/users.queries';
import { refreshRoomAccess } from './access-grants.queries';

/**
 * Changes a user's grants and what follows from them, in the caller's transaction: the user's row
 * is locked, `change` writes the grants, the folded access (`access_rooms`, `has_active_subscription`)
 * is rewritten from them, and when it differs the user's open streams are told (`account.changed`,
 * which re-projects them) and the community follow-up is queued. Answers the row after.
 */
export async function changeAccess(
  trx: Db,
  userId: number,
  change: (trx: Db, before: UserRow) => Promise<void>,
  now?: Date,
): Promise<UserRow | undefined> {
  const before = await findUserByIdForUpdate(trx, userId);
  if (!before) return undefined;
  await change(trx, before);
  const after = await refreshRoomAccess(trx, userId, now);
  if (after) await announceAccountChange(trx, before, after);
  return after;
}
