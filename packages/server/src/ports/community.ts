/**
 * A failed call to Telegram or Discord. `retryAfterMs`: the service asked to wait (429);
 * `permanent`: retrying cannot help; `notAdmin`: the bot lacks the rights it needs in the chat or
 * server (an alert on the console, not a silent failure).
 */
export class CommunityError extends Error {
  override readonly name = 'CommunityError';
  constructor(
    message: string,
    /** `network`: Telegram was not reached (no answer), so the call may be tried again. */
    readonly opts: { retryAfterMs?: number; permanent?: boolean; notAdmin?: boolean; network?: boolean } = {},
  ) {
    super(message);
  }
}

/**
 * The desk's paid Telegram chats, where the bot is an administrator: each room's own chat, and
 * TELEGRAM_PAID_CHAT_ID for the default room without one. Every call names its chat.
 */
export interface PaidTelegramChats {
  /** createChatInviteLink with member_limit 1 and an expiry. */
  createInviteLink(chatId: string, name: string, expiresAt: Date): Promise<string>;
  revokeInviteLink(chatId: string, link: string): Promise<void>;
  /** banChatMember then unbanChatMember (only_if_banned): out of the chat, free to rejoin later. */
  removeMember(chatId: string, telegramUserId: string): Promise<void>;
  approveJoinRequest(chatId: string, telegramUserId: string): Promise<void>;
  declineJoinRequest(chatId: string, telegramUserId: string): Promise<void>;
  /** getChatMember: creator, administrator, member, restricted, left or kicked. */
  memberStatus(chatId: string, telegramUserId: string): Promise<string>;
  /** The bot's own rights in the chat: null when it may invite and ban, else what is missing. */
  botProblem(chatId: string): Promise<string | null>;
  /** A short message from the bot in a user's private chat (the invite link). */
  message(chatId: string, text: string): Promise<void>;
}

/**
 * The Discord server and its roles: each room's own role, and DISCORD_SUBSCRIBER_ROLE_ID for the
 * default room without one. Every role call names its role.
 */
export interface DiscordGuild {
  readonly guildId: string;
  /** Discord's authorisation page for this state (identify, guilds.join). */
  authorizeUrl(state: string): string;
  /** Exchanges an authorisation code for the user's token and identity. */
  exchangeCode(code: string): Promise<{ accessToken: string; id: string; username: string }>;
  /** Adds the user to the server with these roles (guilds.join); already a member: the roles are granted. */
  joinWithRoles(discordUserId: string, accessToken: string, roleIds: readonly string[]): Promise<void>;
  grantRole(roleId: string, discordUserId: string): Promise<void>;
  /** Removes the role (a user no longer in the server counts as done). */
  removeRole(roleId: string, discordUserId: string): Promise<void>;
  /** Every member of the server, with their roles. */
  listMembers(): Promise<Array<{ id: string; roles: string[] }>>;
  /** Whether the bot can manage the role: null when it can, else why not. */
  botProblem(roleId: string): Promise<string | null>;
}

/** The community adapters the settings turn on. */
export interface CommunityPorts {
  telegram?: PaidTelegramChats;
  discord?: DiscordGuild;
}
