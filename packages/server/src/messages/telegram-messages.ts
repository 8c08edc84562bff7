import { TRPCError } from '@trpc/server';
import { hasControlCharacter } from '@t0/contracts/domain/common/control-characters';
import {
  MESSAGE_MAX,
  MESSAGES_PER_DAY_DEFAULT,
  WRITING_NEEDS_ACCESS,
  WRITING_STOPPED,
} from '@t0/contracts/domain/messages/messages';
import type { Words } from '@t0/contracts/domain/languages/words';
import { findUserById, toUser } from '../auth/users.queries';
import { wordsFor } from '../core/words';
import { replyLanguage } from '../telegram/reply-language';
import { findUserIdOfChat } from '../telegram/telegram.queries';
import type { TelegramUpdateDeps } from '../telegram/updates';
import { storeSubscriberMessage } from './messages.handler';

// A linked subscriber's text to the bot (a reply to the desk's notice, or any text that is no
// command) is their message in their thread (docs/features/messages.md), under the web app's rules:
// 2,000 characters, no control characters, the daily limit, access and the desk's stop. A refusal
// is answered in the chat, in the account's language, and stores nothing.

export type TelegramMessageOutcome = 'message_stored' | 'message_refused';

/**
 * Why a message was not sent, from the refusal of the thread's rules: each known one in the
 * reader's words; one without a key (none today) keeps the API's English after "Not sent:".
 */
function refusalText(t: Words, err: TRPCError, perDay: number): string {
  // The one 429 of storing: the daily limit.
  if (err.code === 'TOO_MANY_REQUESTS') return t('bot:message.limit', { count: perDay });
  if (err.message === WRITING_NEEDS_ACCESS) return t('bot:message.noAccess');
  if (err.message === WRITING_STOPPED) return t('bot:message.stopped');
  return t('bot:message.refused', { reason: err.message });
}

/**
 * Stores a private chat's text as the linked account's message to the desk. Null when the chat is
 * linked to no account (the bot then answers how to link).
 */
export async function onThreadMessage(
  deps: TelegramUpdateDeps,
  message: { chat: { id: number }; text?: string },
): Promise<TelegramMessageOutcome | null> {
  const chatId = String(message.chat.id);
  const userId = await findUserIdOfChat(deps.db, chatId);
  const row = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!row) return null;
  const say = async (text: string) => {
    try {
      await deps.bot.reply(chatId, text);
    } catch (err) {
      deps.log.warn({ err, chatId }, 'Telegram reply not sent');
    }
  };
  const text = (message.text ?? '').trim();
  if (text === '') return null;
  const language = await replyLanguage(deps, row.id);
  const t = wordsFor(language);
  const refusal =
    text.length > MESSAGE_MAX
      ? t('bot:message.tooLong', {
          count: MESSAGE_MAX,
          // Grouped as the language writes it (2,000; 2000; 2.000), in Latin digits as every figure.
          max: MESSAGE_MAX.toLocaleString(`${language}-u-nu-latn`),
        })
      : hasControlCharacter(text)
        ? t('bot:message.control')
        : null;
  if (refusal) {
    await say(refusal);
    return 'message_refused';
  }
  const perDay = deps.messagesPerDay ?? MESSAGES_PER_DAY_DEFAULT;
  try {
    await storeSubscriberMessage(deps.db, toUser(row, deps.adminEmails ?? []), { message: text }, perDay);
  } catch (err) {
    if (!(err instanceof TRPCError) || (err.code !== 'FORBIDDEN' && err.code !== 'TOO_MANY_REQUESTS')) throw err;
    await say(refusalText(t, err, perDay));
    return 'message_refused';
  }
  await say(t('bot:message.stored'));
  return 'message_stored';
}
