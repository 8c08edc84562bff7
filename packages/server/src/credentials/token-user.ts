import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { User } from '@t0/contracts/schemas/auth';
import type { AppSettings } from '../core/context';
import type { ResolvedApiToken } from './api-tokens.queries';
import { toUser } from '../auth/users.queries';
import { withSecondFactor } from '../second-factor/gate';

/**
 * The user an API token acts as (roles as they are now). Tokens are minted only by a session past
 * the second factor, so an administrator's token counts as past it (ADMIN_REQUIRE_2FA still holds);
 * but a token minted before its owner turned the second factor on never passed it: it acts without
 * the administrator role (and counts as subscribed only with a subscription of the account's own)
 * until a new token is minted. `adminWithheld` says so.
 */
export async function tokenUser(
  db: Kysely<Database>,
  token: ResolvedApiToken,
  settings: Pick<AppSettings, 'adminEmails' | 'adminRequire2fa'>,
): Promise<{ user: User; adminWithheld: boolean }> {
  const user = toUser(token.user, settings.adminEmails);
  if (!user.isAdmin) return { user, adminWithheld: false };
  if (token.mintedBeforeSecondFactor) {
    return {
      user: {
        ...user,
        isAdmin: false,
        hasActiveSubscription: token.user.hasActiveSubscription,
        secondFactor: 'not_needed',
      },
      adminWithheld: true,
    };
  }
  return {
    user: await withSecondFactor(db, user, token.user, { passed: true, required: settings.adminRequire2fa === true }),
    adminWithheld: false,
  };
}
