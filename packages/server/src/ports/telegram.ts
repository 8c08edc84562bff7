/** The Telegram bot as the linking flow needs it (the channel itself is a ChannelTransport). */
export interface TelegramBot {
  /** The bot's username without "@" (TELEGRAM_BOT_USERNAME, or asked once with getMe). */
  username(): Promise<string>;
  /** A short plain-text answer in a chat (link confirmed, how to link, unlinked). */
  reply(chatId: string, text: string): Promise<void>;
  /** The answer to a button press (answerCallbackQuery): a short text shown over the chat. */
  answerButton(callbackQueryId: string, text: string): Promise<void>;
  /**
   * A question the subscriber answers by replying to it (force_reply: the reply box opens on it,
   * showing `placeholder`, "Fill price" when none is given).
   */
  ask(chatId: string, text: string, placeholder?: string): Promise<void>;
}
