import { CommunityError, type DiscordGuild } from '@t0/server';
import { DefaultRestOptions, DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import {
  PermissionFlagsBits,
  Routes,
  type APIGuildMember,
  type APIRole,
  type APIUser,
  type RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10';
import type { DiscordCommunityConfig } from '../../config';
import type { RateLimitCounter } from '../../metrics/metrics';

/** Discord's error codes that mean the bot lacks its rights (Missing Access, Missing Permissions). */
const NO_RIGHTS = new Set<number | string>([50001, 50013]);
/** Unknown Member: the user is not in the server. */
const UNKNOWN_MEMBER = 10007;

/**
 * What a failed Discord call means for a community task: a 429 the library did not wait out itself
 * waits for its `retry_after`; missing rights are an alert; other 4xx are permanent; 5xx and network
 * failures are retried.
 */
export function communityDiscordError(err: unknown): CommunityError {
  if (err instanceof RateLimitError)
    return new CommunityError(`Discord rate limit on ${err.route}`, {
      retryAfterMs: Math.max(err.retryAfter, err.timeToReset, 1),
    });
  if (err instanceof DiscordAPIError) {
    const what = `Discord ${err.status}: ${err.message}`;
    if (err.status === 401 || NO_RIGHTS.has(err.code)) return new CommunityError(what, { notAdmin: true });
    if (err.status >= 400 && err.status < 500) return new CommunityError(what, { permanent: true });
    return new CommunityError(what);
  }
  if (err instanceof HTTPError) return new CommunityError(`Discord ${err.status}: ${err.message}`);
  if (err instanceof CommunityError) return err;
  return new CommunityError(`Discord unreachable: ${err instanceof Error ? err.message : String(err)}`);
}

/** Waits longer than this are not held in the process: the task is handed back until then. */
const LONGEST_HELD_WAIT_MS = 5_000;

/**
 * The Discord server through @discordjs/rest, which follows `X-RateLimit-*` buckets and waits out
 * short 429s itself (`retry_after`); a longer wait comes back as a RateLimitError and the task is
 * retried after it. OAuth2 (identify, guilds.join) adds a linked subscriber to the server with the role.
 */
export function createDiscordGuild(
  cfg: DiscordCommunityConfig,
  opts: { publicUrl: string; redirectUri: string; timeoutMs: number; limits?: RateLimitCounter | undefined },
): DiscordGuild {
  const limits = opts.limits;
  const rest = new REST({
    version: '10',
    api: `${cfg.apiBase}/api`,
    timeout: opts.timeoutMs,
    retries: 2,
    rejectOnRateLimit: (data) => data.retryAfter > LONGEST_HELD_WAIT_MS,
    // Every answer passes here, the 429s the library waits out itself included: they are counted.
    ...(limits
      ? {
          makeRequest: async (url: string, init: Parameters<typeof DefaultRestOptions.makeRequest>[1]) => {
            const res = await DefaultRestOptions.makeRequest(url, init);
            if (res.status === 429) limits.rateLimited('discord');
            return res;
          },
        }
      : {}),
  }).setToken(cfg.botToken);
  const call = async <T>(fn: () => Promise<unknown>): Promise<T> => {
    try {
      return (await fn()) as T;
    } catch (err) {
      throw communityDiscordError(err);
    }
  };
  const reason = 'T0 Terminal subscription';

  const grantRole = (roleId: string, userId: string) =>
    call<void>(() => rest.put(Routes.guildMemberRole(cfg.guildId, userId, roleId), { reason }));

  return {
    guildId: cfg.guildId,
    authorizeUrl(state) {
      const q = new URLSearchParams({
        client_id: cfg.clientId,
        response_type: 'code',
        redirect_uri: opts.redirectUri,
        scope: 'identify guilds.join',
        state,
        prompt: 'consent',
      });
      return `${cfg.apiBase}/oauth2/authorize?${q.toString()}`;
    },
    async exchangeCode(code) {
      const body = new URLSearchParams({
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: opts.redirectUri,
      });
      const token = await call<RESTPostOAuth2AccessTokenResult>(() =>
        rest.post(Routes.oauth2TokenExchange(), {
          body,
          passThroughBody: true,
          auth: false,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      );
      const me = await call<APIUser>(() =>
        rest.get(Routes.user(), { auth: false, headers: { Authorization: `Bearer ${token.access_token}` } }),
      );
      return { accessToken: token.access_token, id: me.id, username: me.global_name ?? me.username };
    },
    async joinWithRoles(userId, accessToken, roleIds) {
      // 201 with the member when added; 204 when already in the server (the roles are then granted apart).
      const added = await call<APIGuildMember | undefined>(() =>
        rest.put(Routes.guildMember(cfg.guildId, userId), { body: { access_token: accessToken, roles: [...roleIds] } }),
      );
      if (!added || typeof added !== 'object' || !('roles' in added))
        for (const roleId of roleIds) await grantRole(roleId, userId);
    },
    grantRole,
    async removeRole(roleId, userId) {
      try {
        await rest.delete(Routes.guildMemberRole(cfg.guildId, userId, roleId), { reason });
      } catch (err) {
        if (err instanceof DiscordAPIError && err.code === UNKNOWN_MEMBER) return;
        throw communityDiscordError(err);
      }
    },
    async listMembers() {
      const out: Array<{ id: string; roles: string[] }> = [];
      let after = '0';
      for (;;) {
        const page = await call<APIGuildMember[]>(() =>
          rest.get(Routes.guildMembers(cfg.guildId), { query: new URLSearchParams({ limit: '1000', after }) }),
        );
        for (const m of page) if (m.user) out.push({ id: m.user.id, roles: m.roles });
        if (page.length < 1000) return out;
        after = page.at(-1)!.user!.id;
      }
    },
    async botProblem(roleId) {
      const me = await call<APIUser>(() => rest.get(Routes.user()));
      const member = await call<APIGuildMember>(() => rest.get(Routes.guildMember(cfg.guildId, me.id)));
      const roles = await call<APIRole[]>(() => rest.get(Routes.guildRoles(cfg.guildId)));
      const target = roles.find((r) => r.id === roleId);
      if (!target) return `The role ${roleId} does not exist in the server`;
      const own = roles.filter((r) => member.roles.includes(r.id) || r.id === cfg.guildId);
      const perms = own.reduce((p, r) => p | BigInt(r.permissions), 0n);
      if ((perms & (PermissionFlagsBits.ManageRoles | PermissionFlagsBits.Administrator)) === 0n)
        return 'The bot lacks the Manage Roles permission';
      const highest = Math.max(0, ...own.map((r) => r.position));
      if (highest <= target.position)
        return `The bot's highest role must be above the role "${target.name}" in the server's role list`;
      return null;
    },
  };
}
