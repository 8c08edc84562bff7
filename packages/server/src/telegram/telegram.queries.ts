import type { Db, TelegramLinkRow } from '@t0/db';
import { sql } from 'kysely';
import type { TelegramStatus } from '@t0/contracts/schemas/telegram/telegram';
import { transact } from '../core/transaction';

/** Stores a new link code (its hash) and forgets the user's earlier ones: only the newest link works. */
export async function createLinkCode(db: Db, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await transact(db, async (trx) => {
    await trx.deleteFrom('telegramLinkCodes').where('userId', '=', userId).execute();
    await trx.insertInto('telegramLinkCodes').values({ userId, codeHash, expiresAt }).execute();
  });
}

/**
 * Links the chat to the account whose unused, unexpired code this is, in one transaction: the code
 * is spent, the chat leaves any other account it was linked to, and the account's earlier chat is
 * replaced. Answers the user id, or null when the code is unknown, used or expired.
 */
export async function linkChatWithCode(
  db: Db,
  codeHash: string,
  chat: { chatId: string; username: string | null },
): Promise<number | null> {
  return transact(db, async (trx) => {
    const code = await trx
      .updateTable('telegramLinkCodes')
      .set({ usedAt: sql<Date>`now()` })
      .where('codeHash', '=', codeHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning('userId')
      .executeTakeFirst();
    if (!code) return null;
    await trx
      .deleteFrom('telegramLinks')
      .where('chatId', '=', chat.chatId)
      .where('userId', '<>', code.userId)
      .execute();
    await trx
      .insertInto('telegramLinks')
      .values({ userId: code.userId, chatId: chat.chatId, username: chat.username })
      .onConflict((oc) =>
        oc.column('userId').doUpdateSet({ chatId: chat.chatId, username: chat.username, linkedAt: sql<Date>`now()` }),
      )
      .execute();
    return code.userId;
  });
}

export function findTelegramLink(db: Db, userId: number): Promise<TelegramLinkRow | undefined> {
  return db.selectFrom('telegramLinks').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The chat linked to a user (undefined when none is). */
export function findTelegramChatId(db: Db, userId: number) {
  return db.selectFrom('telegramLinks').select('chatId').where('userId', '=', userId).executeTakeFirst();
}

/** The linked chats of these users (`userIds` must not be empty). */
export function listTelegramChatsOfUsers(db: Db, userIds: number[]) {
  return db.selectFrom('telegramLinks').select(['userId', 'chatId']).where('userId', 'in', userIds).execute();
}

/** The account a chat is linked to, or null. */
export async function findUserIdOfChat(db: Db, chatId: string): Promise<number | null> {
  const row = await db.selectFrom('telegramLinks').select('userId').where('chatId', '=', chatId).executeTakeFirst();
  return row?.userId ?? null;
}

/** The account a chat is linked to, with its subscription and administrator flags and its rooms (undefined when not linked). */
export function findLinkedAccountOfChat(db: Db, chatId: string) {
  return db
    .selectFrom('telegramLinks as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.hasActiveSubscription', 'u.isAdmin', 'u.accessRooms'])
    .where('l.chatId', '=', chatId)
    .executeTakeFirst();
}

/** Unlinks an account (the profile's UNLINK); answers the chat it was linked to. */
export async function unlinkUser(db: Db, userId: number): Promise<string | null> {
  const row = await db.deleteFrom('telegramLinks').where('userId', '=', userId).returning('chatId').executeTakeFirst();
  return row?.chatId ?? null;
}

/** Unlinks a chat (/stop, the bot blocked); answers the account it was linked to, or null. */
export async function unlinkChat(db: Db, chatId: string): Promise<number | null> {
  const row = await db.deleteFrom('telegramLinks').where('chatId', '=', chatId).returning('userId').executeTakeFirst();
  return row?.userId ?? null;
}

export function toTelegramStatus(configured: boolean, link: TelegramLinkRow | undefined): TelegramStatus {
  return {
    configured,
    linked: link !== undefined,
    username: link?.username ?? null,
    linkedAt: link ? link.linkedAt.toISOString() : null,
  };
}
