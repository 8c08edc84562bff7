/**
 * A failed call to Telegram or Discord. `retryAfterMs`: the service asked to wait (429);
 * `permanent`: retrying cannot help; `notAdmin`: the bot lacks the rights it needs in the chat or
 * server (an alert on the console, not a silent failure).
 */
export class CommunityError extends Error {
  override readonly name = 'CommunityError';
  constructor(
    message: string,
    readonly opts: { retryAfterMs?: number; permanent?: boolean; notAdmin?: boolean } = {},
  ) {
    super(message);
  }
}

/** The desk's paid Telegram chat, where the bot is an administrator (TELEGRAM_PAID_CHAT_ID). */
export interface PaidTelegramChat {
  readonly chatId: string;
  /** createChatInviteLink with member_limit 1 and an expiry. */
  createInviteLink(name: string, expiresAt: Date): Promise<string>;
  revokeInviteLink(link: string): Promise<void>;
  /** banChatMember then unbanChatMember (only_if_banned): out of the chat, free to rejoin later. */
  removeMember(telegramUserId: string): Promise<void>;
  approveJoinRequest(telegramUserId: string): Promise<void>;
  declineJoinRequest(telegramUserId: string): Promise<void>;
  /** getChatMember: creator, administrator, member, restricted, left or kicked. */
  memberStatus(telegramUserId: string): Promise<string>;
  /** The bot's own rights in the chat: null when it may invite and ban, else what is missing. */
  botProblem(): Promise<string | null>;
  /** A short message from the bot in a user's private chat (the invite link). */
  message(chatId: string, text: string): Promise<void>;
}

/** The Discord server and its subscriber role (DISCORD_GUILD_ID, DISCORD_SUBSCRIBER_ROLE_ID). */
export interface DiscordGuild {
  readonly guildId: string;
  readonly roleId: string;
  /** Discord's authorisation page for this state (identify, guilds.join). */
  authorizeUrl(state: string): string;
  /** Exchanges an authorisation code for the user's token and identity. */
  exchangeCode(code: string): Promise<{ accessToken: string; id: string; username: string }>;
  /** Adds the user to the server with the role (guilds.join); already a member: the role is granted. */
  joinWithRole(discordUserId: string, accessToken: string): Promise<void>;
  grantRole(discordUserId: string): Promise<void>;
  /** Removes the role (a user no longer in the server counts as done). */
  removeRole(discordUserId: string): Promise<void>;
  /** Every member of the server, with their roles. */
  listMembers(): Promise<Array<{ id: string; roles: string[] }>>;
  /** Whether the bot can manage the role: null when it can, else why not. */
  botProblem(): Promise<string | null>;
}

/** The community adapters the settings turn on. */
export interface CommunityPorts {
  telegram?: PaidTelegramChat;
  discord?: DiscordGuild;
}
