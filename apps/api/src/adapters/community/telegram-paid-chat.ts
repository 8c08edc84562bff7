import { CommunityError, type PaidTelegramChats } from '@t0/server';
import { Api, GrammyError, HttpError } from 'grammy';
import type { TelegramConfig } from '../../config';
import type { RateLimitCounter } from '../../metrics/metrics';

/** Telegram's answers that mean the bot lacks its rights in the chat (or was removed from it). */
const NOT_ADMIN =
  /not enough rights|CHAT_ADMIN_REQUIRED|need administrator rights|bot is not a member|bot was kicked|have no rights|method is available only for supergroups|chat not found/i;

/**
 * What a failed Bot API call means for a community task: a 429 waits for `retry_after`; a bot
 * without its rights (or no longer in the chat) is an alert; other 4xx are permanent; 5xx and
 * network failures are retried.
 */
export function communityTelegramError(err: unknown): CommunityError {
  if (err instanceof GrammyError) {
    const code = err.error_code;
    const what = `Telegram ${code}: ${err.description}`;
    if (code === 429) {
      const seconds = err.parameters?.retry_after;
      return new CommunityError(what, {
        retryAfterMs: typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : 1_000,
      });
    }
    if (code === 403 || ((code === 400 || code === 401) && NOT_ADMIN.test(err.description)))
      return new CommunityError(what, { notAdmin: true });
    if (code >= 400 && code < 500) return new CommunityError(what, { permanent: true });
    return new CommunityError(what);
  }
  if (err instanceof HttpError) return new CommunityError(`Telegram unreachable: ${err.message}`, { network: true });
  if (err instanceof CommunityError) return err;
  return new CommunityError(err instanceof Error ? err.message : String(err));
}

/**
 * The desk's paid chats (each room's) through grammY's Api (the same bot as the alerts). After a
 * 429 every call of this process waits out `retry_after`: a short wait here, a longer one hands the
 * task back with the remaining wait.
 */
export function createPaidTelegramChats(
  cfg: TelegramConfig,
  opts: { timeoutMs: number; limits?: RateLimitCounter | undefined },
): PaidTelegramChats {
  const api = new Api(cfg.token, {
    apiRoot: cfg.apiRoot,
    timeoutSeconds: Math.max(1, Math.ceil(opts.timeoutMs / 1000)),
  });
  let resumeAt = 0;
  let botId: Promise<number> | null = null;

  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    const wait = resumeAt - Date.now();
    if (wait > 2_000) throw new CommunityError('Telegram flood limit: waiting for retry_after', { retryAfterMs: wait });
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    try {
      return await fn();
    } catch (err) {
      const e = communityTelegramError(err);
      if (e.opts.retryAfterMs !== undefined && err instanceof GrammyError)
        resumeAt = Math.max(resumeAt, Date.now() + e.opts.retryAfterMs);
      if (err instanceof GrammyError && err.error_code === 429) opts.limits?.rateLimited('telegram');
      throw e;
    }
  };
  /**
   * A read (nothing changes at Telegram): a network failure is tried once more, half a second later,
   * before it counts (one dropped connection is not "Telegram unreachable" on the console).
   */
  const read = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await call(fn);
    } catch (err) {
      if (!(err instanceof CommunityError && err.opts.network)) throw err;
      await new Promise((r) => setTimeout(r, 500));
      return call(fn);
    }
  };
  const ownId = () => {
    botId ??= read(() => api.getMe()).then(
      (me) => me.id,
      (err: unknown) => {
        botId = null;
        throw err;
      },
    );
    return botId;
  };

  return {
    async createInviteLink(chatId, name, expiresAt) {
      const link = await call(() =>
        api.createChatInviteLink(chatId, {
          name: name.slice(0, 32),
          member_limit: 1,
          expire_date: Math.floor(expiresAt.getTime() / 1000),
        }),
      );
      return link.invite_link;
    },
    async revokeInviteLink(chatId, link) {
      await call(() => api.revokeChatInviteLink(chatId, link));
    },
    async removeMember(chatId, userId) {
      // A ban removes them; lifting it at once lets a later renewal rejoin with a new link.
      await call(() => api.banChatMember(chatId, Number(userId), { revoke_messages: false }));
      await call(() => api.unbanChatMember(chatId, Number(userId), { only_if_banned: true }));
    },
    async approveJoinRequest(chatId, userId) {
      await call(() => api.approveChatJoinRequest(chatId, Number(userId)));
    },
    async declineJoinRequest(chatId, userId) {
      await call(() => api.declineChatJoinRequest(chatId, Number(userId)));
    },
    async memberStatus(chatId, userId) {
      try {
        const m = await read(() => api.getChatMember(chatId, Number(userId)));
        return m.status;
      } catch (err) {
        // A Telegram user the chat has never seen.
        if (err instanceof CommunityError && /user not found|PARTICIPANT_ID_INVALID/i.test(err.message)) return 'left';
        throw err;
      }
    },
    async botProblem(chatId) {
      const id = await ownId();
      const m = await read(() => api.getChatMember(chatId, id));
      if (m.status !== 'administrator') return `The bot is not an administrator of the chat (status: ${m.status})`;
      const missing = [!m.can_invite_users && 'invite users via link', !m.can_restrict_members && 'ban users'].filter(
        Boolean,
      );
      return missing.length ? `The bot is missing administrator rights in the chat: ${missing.join(', ')}` : null;
    },
    async message(to, text) {
      await call(() => api.sendMessage(to, text, { link_preview_options: { is_disabled: true } }));
    },
  };
}
