import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Telegram Bot API for the paid chats: the adapters are pointed at it with TELEGRAM_API_ROOT.
// It records every call, keeps each chat's members and invite links as Telegram does (a link works
// in its own chat only, member_limit, expiry, revocation, bans), answers errors in Telegram's shape
// (429 with retry_after, 400 when the bot lacks its rights) and queues the chat_member updates
// Telegram would post to the webhook.

export interface BotApiCall {
  method: string;
  body: Record<string, unknown>;
  at: number;
}

interface InviteLink {
  invite_link: string;
  /** The chat it was made for (not part of Telegram's answer). */
  chat_id: string;
  creator: { id: number; is_bot: true; first_name: string };
  name?: string;
  member_limit?: number;
  expire_date?: number;
  is_revoked: boolean;
  uses: number;
}

type Answer = { status: number; body: Record<string, unknown> };

export class FakeTelegramBotApi {
  readonly calls: BotApiCall[] = [];
  /** Per chat: user id → status (member, left, kicked, administrator, creator). */
  readonly members = new Map<string, Map<number, string>>();
  readonly links = new Map<string, InviteLink>();
  /** Answers to give to a method before the normal one (first one first). */
  readonly scripted = new Map<string, Answer[]>();
  /** Updates Telegram would post to the webhook, oldest first. */
  readonly updates: Record<string, unknown>[] = [];
  botRights = { status: 'administrator', can_invite_users: true, can_restrict_members: true };
  /** Per method: how many of its next calls get their connection dropped, unanswered. */
  readonly drops = new Map<string, number>();
  private server: Server | undefined;
  private linkSeq = 1;
  private messageId = 1;

  constructor(
    readonly token: string,
    readonly bot: { id: number; username: string },
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const method = new URL(req.url ?? '/', 'http://x').pathname.split('/')[2] ?? '';
      const dropped = this.drops.get(method) ?? 0;
      if (dropped > 0) {
        this.drops.set(method, dropped - 1);
        req.socket.destroy();
        return;
      }
      void this.handle(req).then((a) => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }

  callsOf(method: string) {
    return this.calls.filter((c) => c.method === method);
  }

  status(chatId: string, userId: number): string {
    return this.members.get(chatId)?.get(userId) ?? 'left';
  }

  /** A user opens an invite link and joins, as Telegram checks it; answers the chat_member update, or why not. */
  join(chatId: string, user: { id: number; username?: string }, link: string): Record<string, unknown> | string {
    const l = this.links.get(link);
    if (!l || l.chat_id !== chatId) return 'INVITE_HASH_INVALID';
    if (l.is_revoked) return 'INVITE_HASH_EXPIRED';
    if (l.expire_date !== undefined && l.expire_date * 1000 < Date.now()) return 'INVITE_HASH_EXPIRED';
    if (l.member_limit !== undefined && l.uses >= l.member_limit) return 'USERS_TOO_MUCH';
    const old = this.status(chatId, user.id);
    if (old === 'kicked') return 'USER_BANNED_IN_CHANNEL';
    l.uses += 1;
    const { chat_id: _chat, ...shown } = l;
    this.set(chatId, user.id, 'member', shown);
    const update = this.updates.at(-1)!;
    this.updates.pop();
    return update;
  }

  private set(chatId: string, userId: number, status: string, link?: Omit<InviteLink, 'chat_id'>) {
    const chat = this.members.get(chatId) ?? new Map<number, string>();
    this.members.set(chatId, chat);
    const old = chat.get(userId) ?? 'left';
    chat.set(userId, status);
    if (old === status) return;
    const user = { id: userId, is_bot: false, first_name: `U${userId}` };
    this.updates.push({
      chat_member: {
        chat: { id: Number(chatId), type: 'supergroup', title: 'T0 Subscribers' },
        from: link ? user : { id: this.bot.id, is_bot: true, first_name: 'T0' },
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { status: old, user },
        new_chat_member: { status, user },
        ...(link ? { invite_link: link } : {}),
      },
    });
  }

  private async handle(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, botPart, method = ''] = url.pathname.split('/');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (botPart !== `bot${this.token}`)
      return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    this.calls.push({ method, body, at: Date.now() });
    const next = this.scripted.get(method)?.shift();
    if (next) return next;
    const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
    const bad = (description: string): Answer => ({ status: 400, body: { ok: false, error_code: 400, description } });
    const chatId = String(body.chat_id ?? '');
    const admin = this.botRights.status === 'administrator';
    switch (method) {
      case 'getMe':
        return ok({ id: this.bot.id, is_bot: true, first_name: 'T0', username: this.bot.username });
      case 'setWebhook':
        return ok(true);
      case 'answerCallbackQuery':
        return typeof body.callback_query_id === 'string' ? ok(true) : bad('Bad Request: query is too old');
      case 'sendMessage':
        return ok({
          message_id: this.messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private' },
          text: body.text,
        });
      case 'createChatInviteLink': {
        if (!admin || !this.botRights.can_invite_users)
          return bad('Bad Request: not enough rights to manage chat invite link');
        const link: InviteLink = {
          invite_link: `https://t.me/+fake${(this.linkSeq++).toString().padStart(6, '0')}`,
          chat_id: chatId,
          creator: { id: this.bot.id, is_bot: true, first_name: 'T0' },
          is_revoked: false,
          uses: 0,
          ...(typeof body.name === 'string' ? { name: body.name } : {}),
          ...(typeof body.member_limit === 'number' ? { member_limit: body.member_limit } : {}),
          ...(typeof body.expire_date === 'number' ? { expire_date: body.expire_date } : {}),
        };
        this.links.set(link.invite_link, link);
        return ok({ ...link, chat_id: undefined, uses: undefined, creates_join_request: false, is_primary: false });
      }
      case 'revokeChatInviteLink': {
        if (!admin) return bad('Bad Request: not enough rights to manage chat invite link');
        const link = this.links.get(String(body.invite_link));
        if (!link || link.chat_id !== chatId) return bad('Bad Request: INVITE_HASH_EXPIRED');
        link.is_revoked = true;
        return ok({ ...link, chat_id: undefined, uses: undefined, creates_join_request: false, is_primary: false });
      }
      case 'banChatMember':
        if (!admin || !this.botRights.can_restrict_members)
          return bad('Bad Request: not enough rights to restrict/unrestrict chat member');
        this.set(chatId, Number(body.user_id), 'kicked');
        return ok(true);
      case 'unbanChatMember':
        if (!admin) return bad('Bad Request: not enough rights to restrict/unrestrict chat member');
        if (body.only_if_banned === true && this.status(chatId, Number(body.user_id)) !== 'kicked') return ok(true);
        this.set(chatId, Number(body.user_id), 'left');
        return ok(true);
      case 'approveChatJoinRequest':
        this.set(chatId, Number(body.user_id), 'member');
        return ok(true);
      case 'declineChatJoinRequest':
        return ok(true);
      case 'getChatMember': {
        const userId = Number(body.user_id);
        if (userId === this.bot.id) {
          return ok({
            user: { id: this.bot.id, is_bot: true, first_name: 'T0' },
            ...this.botRights,
            can_be_edited: false,
            is_anonymous: false,
          });
        }
        return ok({
          user: { id: userId, is_bot: false, first_name: `U${userId}` },
          status: this.status(chatId, userId),
        });
      }
      default:
        return bad(`Bad Request: method ${method} not in this fake`);
    }
  }
}

/** Telegram's 429 answer. */
export const tooManyRequests = (seconds: number): Answer => ({
  status: 429,
  body: {
    ok: false,
    error_code: 429,
    description: `Too Many Requests: retry after ${seconds}`,
    parameters: { retry_after: seconds },
  },
});

/** The entities Telegram puts on a message's text: a command at its start (`/start`, `/stop@Bot`) is a `bot_command`. */
export function commandEntities(text: string): { type: 'bot_command'; offset: 0; length: number }[] {
  const command = /^\/\w+(?:@\w+)?/.exec(text);
  return command ? [{ type: 'bot_command', offset: 0, length: command[0].length }] : [];
}
