import {
  onBotStatusInChat,
  onFillReply,
  onJoinCommand,
  onJournalButton,
  onOtherPrivateMessage,
  onPaidChatUpdate,
  onStartCommand,
  onStopCommand,
  onThreadMessage,
  type Logger,
  type TelegramUpdateDeps,
  type TelegramUpdateOutcome,
} from '@t0/server';
import { Bot, type Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';

/** What one update's handling knows beyond the update: the request's logger, and what came of it. */
export interface UpdateState {
  log: Logger;
  outcome: TelegramUpdateOutcome;
}

/**
 * The bot's identity for grammY's command matching (`/start@ThisBot`): only `username` is read.
 * Built from the token (its id is the part before ":") and the username, so grammY never asks getMe.
 */
export function botInfoFor(token: string, username: string): UserFromGetMe {
  return {
    id: Number(token.split(':')[0]),
    is_bot: true,
    first_name: username,
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

/**
 * The bot's update handlers, through grammY: the paid chat's updates first (when configured), then
 * a private chat blocking the bot (`my_chat_member`), `/start <code>`, `/stop`, `/join` and any other
 * text in a private chat (a reply to the fill question first, then a linked subscriber's message to the desk), and the journal buttons' presses. Each handler writes its outcome into the update's state (`states`); an
 * update nothing handles stays `ignored`. Replies go through the TelegramBot port (flood limit,
 * best effort), not through grammY's context, in the reader's language (`languageCode`: the
 * sender's Telegram language, for a chat linked to no account).
 */
export function createUpdateBot(
  token: string,
  apiRoot: string,
  deps: Omit<TelegramUpdateDeps, 'log'>,
  states: WeakMap<Update, UpdateState>,
): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  const state = (ctx: Context) => states.get(ctx.update)!;
  // The sender's Telegram language: the replies to a chat linked to no account are in it.
  const withLog = (ctx: Context): TelegramUpdateDeps => ({
    ...deps,
    log: state(ctx).log,
    languageCode: ctx.from?.language_code,
  });
  const settle = (ctx: Context, outcome: TelegramUpdateOutcome) => {
    state(ctx).outcome = outcome;
  };

  bot.use(async (ctx, next) => {
    const paid = await onPaidChatUpdate(withLog(ctx), ctx.update);
    if (paid) settle(ctx, paid);
    else await next();
  });
  // I TOOK IT / I SKIPPED IT under a signal's message (server/src/journal/telegram-journal.ts).
  bot.on('callback_query:data', async (ctx) =>
    settle(ctx, (await onJournalButton(withLog(ctx), ctx.callbackQuery)) ?? 'ignored'),
  );
  bot.on('my_chat_member', async (ctx) => {
    settle(ctx, await onBotStatusInChat(withLog(ctx), ctx.myChatMember.chat, ctx.myChatMember.new_chat_member.status));
  });

  const dm = bot.chatType('private');
  dm.command('start', async (ctx) => {
    const username = ctx.from?.username ?? ctx.chat.username ?? null;
    settle(ctx, await onStartCommand(withLog(ctx), String(ctx.chat.id), ctx.match.trim(), username));
  });
  dm.command('stop', async (ctx) => settle(ctx, await onStopCommand(withLog(ctx), String(ctx.chat.id))));
  if (deps.paidChats)
    dm.command('join', async (ctx) => settle(ctx, await onJoinCommand(withLog(ctx), String(ctx.chat.id))));
  // A reply to the bot's fill question; any other text falls through.
  dm.on('message:text', async (ctx, next) => {
    const fill = await onFillReply(withLog(ctx), ctx.message);
    if (fill) settle(ctx, fill);
    else await next();
  });
  // A linked subscriber's other text (a reply to the desk's notice, or not): their message to the desk.
  dm.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    const stored = await onThreadMessage(withLog(ctx), ctx.message);
    if (stored) settle(ctx, stored);
    else await next();
  });
  dm.on('message:text', async (ctx) => settle(ctx, await onOtherPrivateMessage(withLog(ctx), String(ctx.chat.id))));
  return bot;
}
