import type { BlacklistKey, BlacklistKind } from '@t0/contracts/domain/blacklist/blacklist';
import type { Db } from '@t0/db';
import { sql } from 'kysely';

const columns = ['id', 'kind', 'value', 'email', 'reason', 'userId', 'blacklistedAt', 'blacklistedBy'] as const;

export async function listBlacklist(db: Db) {
  return db
    .selectFrom('blacklistedEmails')
    .select(columns)
    .orderBy('blacklistedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface NewBlacklistEntry {
  kind: BlacklistKind;
  value: string;
  email: string | null;
  reason: string;
  userId: number | null;
  blacklistedBy: string;
}

/** Adds entries; one already there (same kind and value) stays as it was. Answers the rows added. */
export async function insertBlacklistEntries(db: Db, entries: NewBlacklistEntry[]) {
  if (entries.length === 0) return [];
  return db
    .insertInto('blacklistedEmails')
    .values(entries)
    .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
    .returning(columns)
    .execute();
}

export async function findBlacklistEntry(db: Db, key: BlacklistKey) {
  return db
    .selectFrom('blacklistedEmails')
    .select(columns)
    .where('kind', '=', key.kind)
    .where('value', '=', key.value)
    .executeTakeFirst();
}

export async function deleteBlacklistEntry(db: Db, id: number) {
  return db.deleteFrom('blacklistedEmails').where('id', '=', id).returning(columns).executeTakeFirst();
}

/** The first entry matching any of the keys (oldest first), or undefined. */
export async function findMatchingEntry(db: Db, keys: readonly BlacklistKey[]) {
  if (keys.length === 0) return undefined;
  return db
    .selectFrom('blacklistedEmails')
    .select(columns)
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('kind', '=', k.kind), eb('value', '=', k.value)]))))
    .orderBy('id')
    .executeTakeFirst();
}

/** How many accounts have an address at the domain (`@example.com`; `@gmail.com` counts googlemail.com too). */
export async function countAccountsAtDomain(db: Db, domain: string): Promise<number> {
  const domains = domain === '@gmail.com' ? ['@gmail.com', '@googlemail.com'] : [domain];
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or(domains.map((d) => eb(sql<string>`lower(email)`, 'like', `%${d.replace(/[\\%_]/g, '\\$&')}`))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The ids an account is known by elsewhere: its Telegram and Discord accounts, its Whop user, and
 * the cards it paid with (their fingerprints, `user_card_fingerprints`).
 */
export async function knownIdsOfUser(db: Db, userId: number): Promise<BlacklistKey[]> {
  const [telegram, discord, members, user, cards] = await Promise.all([
    db.selectFrom('telegramLinks').select('chatId').where('userId', '=', userId).execute(),
    db.selectFrom('discordLinks').select('discordUserId').where('userId', '=', userId).execute(),
    db
      .selectFrom('communityMembers')
      .select(['platform', 'externalId'])
      .where('userId', '=', userId)
      .where('platform', 'in', ['telegram', 'discord'])
      .execute(),
    db.selectFrom('users').select('whopUserId').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('userCardFingerprints')
      .select('fingerprint')
      .where('userId', '=', userId)
      .orderBy('firstSeen')
      .orderBy('fingerprint')
      .execute(),
  ]);
  const keys: BlacklistKey[] = [
    ...telegram.map((t) => ({ kind: 'telegram' as const, value: t.chatId })),
    ...discord.map((d) => ({ kind: 'discord' as const, value: d.discordUserId })),
    ...members.map((m) => ({ kind: m.platform as 'telegram' | 'discord', value: m.externalId })),
    ...(user?.whopUserId ? [{ kind: 'whop' as const, value: user.whopUserId }] : []),
    ...cards.map((c) => ({ kind: 'card' as const, value: c.fingerprint })),
  ];
  const seen = new Set<string>();
  return keys.filter((k) => {
    const id = `${k.kind}:${k.value}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Whether any card fingerprint is on the blacklist (else a payment's card need not be asked for). */
export async function anyCardEntry(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('blacklistedEmails')
    .select('id')
    .where('kind', '=', 'card')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
