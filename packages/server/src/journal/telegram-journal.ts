import { TRPCError } from '@trpc/server';
import {
  DEFAULT_TRADING_ACCOUNT,
  fillPromptSignal,
  fillPromptText,
  parseFillReply,
  parseJournalCallback,
} from '@t0/contracts/domain/journal/journal';
import { LANGUAGES } from '@t0/contracts/domain/languages/languages';
import type { Words } from '@t0/contracts/domain/languages/words';
import type { TookInput } from '@t0/contracts/schemas/journal/journal';
import { findUserById, toUser } from '../auth/users.queries';
import { wordsFor } from '../core/words';
import { replyLanguage } from '../telegram/reply-language';
import { findUserIdOfChat } from '../telegram/telegram.queries';
import type { TelegramUpdateDeps } from '../telegram/updates';
import { findJournalEntry, findTradingAccount } from './journal.queries';
import { skippedHandler, tookHandler, type JournalWriter } from './journal.handler';

// "I took it" from the Telegram message (docs/features/journal.md, docs/features/telegram.md): the
// buttons under a published signal in a subscriber's chat, and the reply that corrects the fill.
// The journal's own handlers write, with the same rule of who may journal what as the REST paths.
// The bot answers in the linked account's language (else the sender's Telegram language, else the
// desk's default); a refusal the journal's handlers word themselves (a 400) stays their English.

export type TelegramJournalOutcome =
  'journal_took' | 'journal_skipped' | 'journal_fill_asked' | 'journal_refused' | 'fill_recorded' | 'fill_refused';

/** The fill question in every language the bot speaks: a reply is read whichever it was asked in. */
const FILL_QUESTION_LANGUAGES: readonly Words[] = LANGUAGES.map((language) => wordsFor(language));

/** Best effort, as every reply of the bot: a failed answer is logged, never thrown (Telegram would post the update again). */
async function safely(deps: TelegramUpdateDeps, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.warn({ err }, `Telegram ${what} not sent`);
  }
}

/**
 * The account a Telegram user is linked to, as a session would see it (linked chats are private
 * chats, whose id is the user's id); null when the user is not linked.
 */
async function writerOf(deps: TelegramUpdateDeps, telegramUserId: number): Promise<JournalWriter | null> {
  const userId = await findUserIdOfChat(deps.db, String(telegramUserId));
  const row = userId === null ? undefined : await findUserById(deps.db, userId);
  return row ? { db: deps.db, user: toUser(row, deps.adminEmails ?? []) } : null;
}

const isCode = (err: unknown, code: TRPCError['code']) => err instanceof TRPCError && err.code === code;

/**
 * A press of I TOOK IT or I SKIPPED IT (a callback query). The Telegram user who pressed must be
 * the linked subscriber, and the signal one they may journal (a room they hold, or held when it was
 * published); anything else journals nothing. I TOOK IT records the signal's entry as the fill,
 * then asks for the real fill; for a signal locked to them now it records nothing and asks for the
 * fill (the answer never carries a level).
 */
export async function onJournalButton(
  deps: TelegramUpdateDeps,
  query: { id: string; from: { id: number }; data?: string },
): Promise<TelegramJournalOutcome | null> {
  const pressed = parseJournalCallback(query.data ?? '');
  if (!pressed) return null;
  const answer = (text: string) => safely(deps, 'button answer', () => deps.bot.answerButton(query.id, text));
  const writer = await writerOf(deps, query.from.id);
  const t = wordsFor(await replyLanguage(deps, writer?.user.id ?? null));
  if (!writer) {
    await answer(t('bot:journal.notLinked'));
    return 'journal_refused';
  }
  const chatId = String(query.from.id);
  const ask = (recorded: boolean) =>
    safely(deps, 'fill question', () =>
      deps.bot.ask(chatId, fillPromptText(pressed.signalId, recorded, t), t('bot:journal.fillPlaceholder')),
    );
  try {
    if (pressed.decision === 'skipped') {
      await skippedHandler({ ctx: writer, input: { id: pressed.signalId } });
      await answer(t('bot:journal.skipped'));
      return 'journal_skipped';
    }
    await tookHandler({ ctx: writer, input: { id: pressed.signalId } });
    await answer(t('bot:journal.taken'));
    await ask(true);
    return 'journal_took';
  } catch (err) {
    if (isCode(err, 'NOT_FOUND')) {
      await answer(t('bot:journal.notYours'));
      return 'journal_refused';
    }
    // The one refusal of a bare "took": no default fill for a signal locked to the subscriber now.
    if (!isCode(err, 'BAD_REQUEST')) throw err;
    await answer(t('bot:journal.replyWithFill'));
    await ask(false);
    return 'journal_fill_asked';
  }
}

/** The parts of a private message the fill reply reads. */
export interface FillReplyMessage {
  chat: { id: number };
  text?: string;
  reply_to_message?: { text?: string; from?: { is_bot: boolean } };
}

/**
 * A reply to the bot's fill question: the number is the fill of the subscriber's entry for that
 * signal (Main account), kept with its time and size; a text that is not a positive number is
 * refused and changes nothing. Null when the message is not a reply to the fill question.
 */
export async function onFillReply(
  deps: TelegramUpdateDeps,
  message: FillReplyMessage,
): Promise<TelegramJournalOutcome | null> {
  const asked = message.reply_to_message;
  const signalId = asked?.from?.is_bot ? fillPromptSignal(asked.text ?? '', FILL_QUESTION_LANGUAGES) : null;
  if (signalId === null) return null;
  const chatId = String(message.chat.id);
  const say = (text: string) => safely(deps, 'reply', () => deps.bot.reply(chatId, text));
  const writer = await writerOf(deps, message.chat.id);
  const t = wordsFor(await replyLanguage(deps, writer?.user.id ?? null));
  if (!writer) {
    await say(t('bot:journal.notLinked'));
    return 'fill_refused';
  }
  const fillPrice = parseFillReply(message.text ?? '');
  if (fillPrice === null) {
    await say(t('bot:journal.notAPrice'));
    return 'fill_refused';
  }
  const input: TookInput = { id: signalId, fillPrice, ...(await keptOf(writer, signalId)) };
  try {
    await tookHandler({ ctx: writer, input });
  } catch (err) {
    if (!isCode(err, 'NOT_FOUND') && !isCode(err, 'BAD_REQUEST')) throw err;
    // A 400 of the journal's rules (none is expected with a fill given) has no key: its English is kept.
    await say(isCode(err, 'NOT_FOUND') ? t('bot:journal.notYours') : (err as Error).message);
    return 'fill_refused';
  }
  await say(t('bot:journal.fillRecorded', { signal: signalId, price: fillPrice }));
  return 'fill_recorded';
}

/** What a fill correction keeps of a taken entry of the default account: its time and size. */
async function keptOf(writer: JournalWriter, signalId: number): Promise<Partial<TookInput>> {
  const account = await findTradingAccount(writer.db, writer.user.id, DEFAULT_TRADING_ACCOUNT);
  const entry = account ? await findJournalEntry(writer.db, account.id, signalId) : undefined;
  if (!entry || entry.decision !== 'took') return {};
  const n = (v: string | number | null) => (v === null ? undefined : Number(v));
  const kept = {
    takenAt: entry.takenAt?.toISOString(),
    riskPercent: n(entry.riskPercent),
    lots: n(entry.lots),
    contractSize: n(entry.contractSize),
  };
  return Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined));
}
