import { TRPCError } from '@trpc/server';
import { BLACKLIST_REFUSAL, blacklistKeysOfEmail, type BlacklistKey } from '@t0/contracts/domain/blacklist/blacklist';
import type { Db } from '@t0/db';
import type { Context } from '../core/context';
import { findMatchingEntry } from './blacklisted-emails.queries';

/** Who a request or a payment concerns, as far as it is known. */
export interface Identity {
  email?: string | null;
  card?: string | null;
  telegram?: string | null;
  discord?: string | null;
  /** A Whop user id. */
  whop?: string | null;
}

/** The blacklist entry barring this identity, or undefined. */
export async function blacklistEntryFor(db: Db, who: Identity) {
  const keys: BlacklistKey[] = [
    ...(who.email ? blacklistKeysOfEmail(who.email) : []),
    ...(who.card ? [{ kind: 'card' as const, value: who.card }] : []),
    ...(who.telegram ? [{ kind: 'telegram' as const, value: who.telegram }] : []),
    ...(who.discord ? [{ kind: 'discord' as const, value: who.discord }] : []),
    ...(who.whop ? [{ kind: 'whop' as const, value: who.whop }] : []),
  ];
  return findMatchingEntry(db, keys);
}

/**
 * Refuses (403, with a message that does not say why) what a blacklisted person tries; the log says
 * which entry matched, and the console shows its reason.
 */
export async function refuseBlacklisted(
  deps: Pick<Context, 'db' | 'log'>,
  who: Identity,
  action: string,
): Promise<void> {
  const entry = await blacklistEntryFor(deps.db, who);
  if (!entry) return;
  deps.log.warn({ action, blacklistEntry: entry.id, kind: entry.kind }, 'refused: blacklisted');
  throw new TRPCError({ code: 'FORBIDDEN', message: BLACKLIST_REFUSAL });
}
