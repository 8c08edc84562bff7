import { authorLine, copierBlock, copierLevelsOf, formatPrice, journalKeyboard } from '@t0/contracts';
import {
  ChannelSendError,
  wordsFor,
  type ChannelTransport,
  type DeliveryMessage,
  type DeliveryTarget,
  type Logger,
  type TelegramBot,
} from '@t0/server';
import { Api, GrammyError, HttpError } from 'grammy';
import type { TelegramConfig } from '../../config';
import type { RateLimitCounter } from '../../metrics/metrics';

/** Telegram's HTML parse mode needs only these three escaped (in text and in attribute values). */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Telegram's limit for one message's text. */
const MAX_TEXT = 4096;

/**
 * One delivery as a Telegram message (HTML), in the message's language: title, the notice, the
 * levels, the status and a link to the terminal, then (for a signal) the copier block as plain
 * text, last, the same in every language. Prices are `formatPrice`'s in every language.
 */
export function telegramText(m: DeliveryMessage, publicUrl: string): string {
  const t = wordsFor(m.language);
  const w = (key: string) => escapeHtml(t(key));
  const lines = [`<b>${escapeHtml(m.title)}</b>`];
  if (m.text) lines.push(escapeHtml(m.text));
  const s = m.signal;
  if (s) {
    const p = (n: number) => `<code>${escapeHtml(formatPrice(s.instrument, n))}</code>`;
    lines.push(
      '',
      `<b>${escapeHtml(s.instrument)}</b> · ${escapeHtml(s.direction.toUpperCase())}`,
      `${w('channels:levels.entry')} ${p(s.entryPrice)}`,
      `${w('channels:levels.stop')} ${p(s.slPrice)}`,
      `T0 ${p(s.t0Price)}`,
      `T1 ${p(s.t1Price)}`,
      `${w('channels:levels.status')} ${escapeHtml(s.status.toUpperCase())}${s.price !== null ? ` · ${w('channels:levels.at')} ${p(s.price)}` : ''}`,
    );
  }
  const link = `<a href="${escapeHtml(`${publicUrl}${m.path ?? '/dashboard'}`)}">${w('channels:open')}</a>`;
  if (m.event === 'desk_message') lines.push(`<i>${w('channels:deskMessageHint')}</i>`);
  // The labels' short line, its link to the signal's disclosure page (EU MAR Art. 20).
  const label = m.labels
    ? [
        `<i>${escapeHtml(authorLine(m.labels))}</i>`,
        `<a href="${escapeHtml(m.labels.disclosureUrl)}">${w('channels:disclosure')}</a>`,
      ]
    : [];
  lines.push(...(label.length ? ['', ...label] : []), '', m.urgent ? `⚠️ ${w('channels:urgent')} · ${link}` : link);
  if (m.redelivery) lines.push(`<i>${w('channels:redelivery')}</i>`);
  const block = s ? ['', escapeHtml(copierBlock(copierLevelsOf(s)))] : [];
  const text = [...lines, ...block].join('\n');
  // Never cut inside a tag or an entity: drop the notice's prose first if a message is ever too long.
  return text.length <= MAX_TEXT
    ? text
    : [lines[0], ...(label.length ? ['', ...label] : []), '', link, ...block].join('\n');
}

/** Where the Telegram channel sends the desk's messages (the desk channel, not a subscriber's chat). */
export const DESK_TELEGRAM_URL = 'telegram:desk';

/**
 * I TOOK IT / I SKIPPED IT under a published signal's message in a subscriber's own chat (never in
 * the desk channel, where a press could not say whose book it is), in the message's language.
 */
export function telegramButtons(target: DeliveryTarget, m: DeliveryMessage) {
  if (!m.signal || m.event !== 'published' || target.url === DESK_TELEGRAM_URL) return {};
  return { reply_markup: { inline_keyboard: journalKeyboard(m.signal.id, wordsFor(m.language)) } };
}

/**
 * What a failed Bot API call means for the delivery: a 429 waits for `retry_after`; a chat that
 * blocked the bot, left or never existed is gone (its link is removed); other 4xx are permanent;
 * 5xx and network failures are retried on the schedule.
 */
export function telegramSendError(err: unknown): ChannelSendError {
  if (err instanceof GrammyError) {
    const code = err.error_code;
    const what = `Telegram ${code}: ${err.description}`;
    if (code === 429) {
      const seconds = err.parameters?.retry_after;
      return new ChannelSendError(what, {
        retryAfterMs: typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : 1_000,
      });
    }
    const gone =
      code === 403 ||
      (code === 400 && /chat not found|user not found|chat_id is empty|group chat was deleted/i.test(err.description));
    if (gone) return new ChannelSendError(what, { permanent: true, targetGone: true });
    if (code >= 400 && code < 500) return new ChannelSendError(what, { permanent: true });
    return new ChannelSendError(what);
  }
  if (err instanceof HttpError) return new ChannelSendError(`Telegram unreachable: ${err.message}`);
  if (err instanceof ChannelSendError) return err;
  return new ChannelSendError(err instanceof Error ? err.message : String(err));
}

export interface TelegramAdapter {
  channel: ChannelTransport;
  bot: TelegramBot;
}

/**
 * The Telegram bot through grammY's Api: the delivery channel (sendMessage, parse_mode HTML) and the
 * linking replies. After a 429 the whole bot waits out `retry_after` in this process: messages
 * due before then wait (up to 2 s) or are put back with the remaining wait instead of being sent
 * into the flood limit.
 */
export function createTelegram(
  cfg: TelegramConfig,
  opts: { publicUrl: string; timeoutMs: number; limits?: RateLimitCounter | undefined },
): TelegramAdapter {
  const api = new Api(cfg.token, {
    apiRoot: cfg.apiRoot,
    timeoutSeconds: Math.max(1, Math.ceil(opts.timeoutMs / 1000)),
  });
  let resumeAt = 0;
  let username: Promise<string> | null = cfg.username ? Promise.resolve(cfg.username) : null;

  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    const wait = resumeAt - Date.now();
    // A short wait is waited out here; a longer one puts the message back until then.
    if (wait > 2_000)
      throw new ChannelSendError('Telegram flood limit: waiting for retry_after', { retryAfterMs: wait });
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    try {
      return await fn();
    } catch (err) {
      const e = telegramSendError(err);
      if (e.opts.retryAfterMs !== undefined && err instanceof GrammyError)
        resumeAt = Math.max(resumeAt, Date.now() + e.opts.retryAfterMs);
      if (err instanceof GrammyError && err.error_code === 429) opts.limits?.rateLimited('telegram');
      throw e;
    }
  };

  const channel: ChannelTransport = {
    channel: 'telegram',
    // Telegram targets are linked chats, never typed-in addresses.
    async checkTarget() {
      return null;
    },
    async send(target: DeliveryTarget, message: DeliveryMessage) {
      if (!target.chatId) throw new ChannelSendError('no Telegram chat', { permanent: true });
      await call(() =>
        api.sendMessage(target.chatId!, telegramText(message, opts.publicUrl), {
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
          // A repeat after an interruption arrives without a sound.
          ...(message.redelivery ? { disable_notification: true } : {}),
          ...telegramButtons(target, message),
        }),
      );
    },
  };

  const bot: TelegramBot = {
    username() {
      username ??= api.getMe().then(
        (me) => me.username,
        (err: unknown) => {
          // Asked again next time rather than remembering a failure.
          username = null;
          throw telegramSendError(err);
        },
      );
      return username;
    },
    async reply(chatId, text) {
      await call(() => api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } }));
    },
    async answerButton(callbackQueryId, text) {
      await call(() => api.answerCallbackQuery(callbackQueryId, { text }));
    },
    async ask(chatId, text, placeholder = 'Fill price') {
      await call(() =>
        api.sendMessage(chatId, text, { reply_markup: { force_reply: true, input_field_placeholder: placeholder } }),
      );
    },
  };

  return { channel, bot };
}

/** Where Telegram posts updates. */
export const telegramWebhookUrl = (publicUrl: string) => `${publicUrl}/api/webhooks/telegram`;

/**
 * TELEGRAM_SET_WEBHOOK: tells Telegram where to post updates, with the secret it must send back,
 * and the paid chats' updates when the paid community is on (any room may be given a chat in the
 * console, so they are asked for whether or not a chat is set yet).
 */
export async function registerTelegramWebhook(
  cfg: TelegramConfig,
  publicUrl: string,
  log: Logger,
  opts: { paidChat?: boolean } = {},
): Promise<void> {
  if (!cfg.webhookSecret) return;
  const url = telegramWebhookUrl(publicUrl);
  // The paid chats' joins, departures and join requests come only when asked for by name.
  const allowed = opts.paidChat
    ? (['message', 'callback_query', 'my_chat_member', 'chat_member', 'chat_join_request'] as const)
    : (['message', 'callback_query', 'my_chat_member'] as const);
  try {
    await new Api(cfg.token, { apiRoot: cfg.apiRoot }).setWebhook(url, {
      secret_token: cfg.webhookSecret,
      allowed_updates: [...allowed],
    });
    log.info({ url }, 'Telegram webhook set');
  } catch (err) {
    log.error({ err: telegramSendError(err).message, url }, 'Telegram webhook not set');
  }
}
