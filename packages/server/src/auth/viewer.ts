import type { Database, UserRow } from '@t0/db';
import type { Kysely } from 'kysely';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { AppSettings } from '../core/context';
import { toUser } from './users.queries';
import { hasDeskRole, withoutDeskRoles, withSecondFactor } from '../second-factor/gate';

/** What a request or a stream presents: a cookie session, or a personal API token. */
export type ViewerCredential =
  { kind: 'session'; secondFactorPassed: boolean } | { kind: 'token'; mintedBeforeSecondFactor: boolean };

/**
 * Who a request or a live stream acts as: the account's roles as they are now, narrowed by what it
 * presents. The one decision both doors use (a request's context and the live hub's viewers).
 *
 * - A session of an administrator acts as one only once it passed the second factor (or when the
 *   account has none and none is required); `withSecondFactor` says which gate stands instead.
 * - A token is minted only by a session past the second factor, so an administrator's token counts
 *   as past it (ADMIN_REQUIRE_2FA still holds); but a token minted before its owner turned the
 *   second factor on never passed it: it acts without the administrator role (and counts as
 *   subscribed only with a subscription of the account's own) until a new token is minted.
 *   `adminWithheld` says so.
 */
export async function resolveViewer(
  db: Kysely<Database>,
  row: UserRow,
  credential: ViewerCredential,
  settings: Pick<AppSettings, 'adminEmails' | 'adminRequire2fa'>,
): Promise<{ user: User; adminWithheld: boolean }> {
  const user = toUser(row, settings.adminEmails);
  if (!hasDeskRole(user)) return { user, adminWithheld: false };
  if (credential.kind === 'token' && credential.mintedBeforeSecondFactor) {
    return { user: withoutDeskRoles(user, row, 'not_needed'), adminWithheld: true };
  }
  const passed = credential.kind === 'token' || credential.secondFactorPassed;
  return {
    user: await withSecondFactor(db, user, row, { passed, required: settings.adminRequire2fa === true }),
    adminWithheld: false,
  };
}
