import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Discord API for the paid server: the adapter is pointed at it with DISCORD_API_BASE. It
// records every call, keeps the server's roles, its members and their roles, checks the bot token and the
// OAuth2 exchange (client, secret, redirect, code) as Discord does, and answers errors in Discord's
// shape: 429 with `retry_after` and the X-RateLimit-* headers, 404 Unknown Member (10007).

export interface DiscordCall {
  method: string;
  path: string;
  body: unknown;
  auth: string;
  at: number;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

export class FakeDiscordApi {
  readonly calls: DiscordCall[] = [];
  /** Server members: user id → role ids. */
  readonly members = new Map<string, Set<string>>();
  /** Authorisation codes Discord would hand the browser: code → the Discord user. */
  readonly codes = new Map<string, { id: string; username: string }>();
  /** Answers to give before the normal one, per "METHOD path-pattern" (see `route`), first one first. */
  readonly scripted = new Map<string, Answer[]>();
  readonly botUser = {
    id: '900000000000000001',
    username: 't0bot',
    discriminator: '0',
    global_name: null,
    avatar: null,
  };
  botRoleId = '800000000000000002';
  /** The server's roles besides @everyone and the bot's own (above them all): id → name. */
  readonly roles = new Map<string, string>();
  private server: Server | undefined;
  private tokens = new Map<string, { id: string; username: string }>();
  private tokenSeq = 1;

  constructor(
    readonly cfg: {
      botToken: string;
      guildId: string;
      roleId: string;
      clientId: string;
      clientSecret: string;
      redirectUri: string;
    },
  ) {
    this.members.set(this.botUser.id, new Set([this.botRoleId]));
    this.roles.set(cfg.roleId, 'Subscriber');
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }

  hasRole(userId: string, roleId = this.cfg.roleId): boolean {
    return this.members.get(userId)?.has(roleId) ?? false;
  }

  /** The route a call matched, for scripting and reading calls: e.g. "PUT /guilds/:g/members/:u/roles/:r". */
  static route(method: string, path: string): string {
    const names: Record<string, string> = { guilds: ':g', members: ':u', roles: ':r' };
    const segs = path.split('/');
    return `${method} ${segs.map((seg, i) => (/^\d{5,}$/.test(seg) ? (names[segs[i - 1] ?? ''] ?? ':id') : seg)).join('/')}`;
  }

  callsOf(route: string) {
    return this.calls.filter((c) => FakeDiscordApi.route(c.method, c.path) === route);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const type = String(req.headers['content-type'] ?? '');
    const body: unknown = !raw
      ? undefined
      : type.includes('json')
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw));
    const path = url.pathname.replace(/^\/api\/v10/, '');
    const method = req.method ?? 'GET';
    const auth = String(req.headers.authorization ?? '');
    this.calls.push({ method, path, body, auth, at: Date.now() });
    const a = this.answer(method, path, url.searchParams, body, auth);
    res.writeHead(a.status, { ...(a.body !== undefined ? { 'content-type': 'application/json' } : {}), ...a.headers });
    res.end(a.body !== undefined ? JSON.stringify(a.body) : undefined);
  }

  private answer(method: string, path: string, query: URLSearchParams, body: unknown, auth: string): Answer {
    const scripted = this.scripted.get(FakeDiscordApi.route(method, path))?.shift();
    if (scripted) return scripted;
    const json = (status: number, b?: unknown): Answer => ({ status, body: b });
    const b = (body ?? {}) as Record<string, string | string[]>;
    if (method === 'POST' && path === '/oauth2/token') {
      const who = this.codes.get(String(b.code));
      if (b.client_id !== this.cfg.clientId || b.client_secret !== this.cfg.clientSecret)
        return json(401, { error: 'invalid_client' });
      if (!who || b.grant_type !== 'authorization_code' || b.redirect_uri !== this.cfg.redirectUri)
        return json(400, { error: 'invalid_grant' });
      this.codes.delete(String(b.code));
      const token = `user-token-${this.tokenSeq++}`;
      this.tokens.set(token, who);
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: `r-${token}`,
        scope: 'identify guilds.join',
      });
    }
    if (method === 'GET' && path === '/users/@me') {
      if (auth.startsWith('Bearer ')) {
        const who = this.tokens.get(auth.slice(7));
        return who
          ? json(200, { ...who, discriminator: '0', global_name: null, avatar: null })
          : json(401, { message: '401: Unauthorized', code: 0 });
      }
      return auth === `Bot ${this.cfg.botToken}`
        ? json(200, this.botUser)
        : json(401, { message: '401: Unauthorized', code: 0 });
    }
    if (auth !== `Bot ${this.cfg.botToken}`) return json(401, { message: '401: Unauthorized', code: 0 });
    const g = `/guilds/${this.cfg.guildId}`;
    if (!path.startsWith(g)) return json(404, { message: 'Unknown Guild', code: 10004 });
    const rest = path.slice(g.length);
    const memberJson = (id: string) => ({
      user: { id, username: `u${id}`, discriminator: '0', global_name: null, avatar: null },
      roles: [...(this.members.get(id) ?? [])],
      joined_at: new Date().toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
    });
    if (method === 'GET' && rest === '/roles') {
      const own = [...this.roles].map(([id, name], i) => ({ id, name, position: i + 1, permissions: '0' }));
      return json(200, [
        { id: this.cfg.guildId, name: '@everyone', position: 0, permissions: '0' },
        ...own,
        { id: this.botRoleId, name: 'T0 Bot', position: own.length + 1, permissions: String(1n << 28n) },
      ]);
    }
    if (method === 'GET' && rest === '/members') {
      const after = query.get('after') ?? '0';
      const limit = Number(query.get('limit') ?? '1');
      const ids = [...this.members.keys()]
        .filter((id) => BigInt(id) > BigInt(after))
        .sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))
        .slice(0, limit);
      return json(200, ids.map(memberJson));
    }
    let m = /^\/members\/(\d+)$/.exec(rest);
    if (m) {
      const id = m[1]!;
      if (method === 'GET')
        return this.members.has(id) ? json(200, memberJson(id)) : json(404, { message: 'Unknown Member', code: 10007 });
      if (method === 'PUT') {
        const who = this.tokens.get(String(b.access_token));
        if (!who || who.id !== id) return json(403, { message: 'Missing Access', code: 50001 });
        if (this.members.has(id)) return { status: 204 };
        this.members.set(id, new Set(Array.isArray(b.roles) ? b.roles : []));
        return json(201, memberJson(id));
      }
    }
    m = /^\/members\/(\d+)\/roles\/(\d+)$/.exec(rest);
    if (m) {
      const [, id, role] = m as unknown as [string, string, string];
      const roles = this.members.get(id);
      if (!roles) return json(404, { message: 'Unknown Member', code: 10007 });
      if (method === 'PUT') roles.add(role);
      if (method === 'DELETE') roles.delete(role);
      return { status: 204 };
    }
    return json(404, { message: '404: Not Found', code: 0 });
  }
}

/** Discord's 429 answer, with its rate-limit headers. */
export const discordTooManyRequests = (seconds: number): Answer => ({
  status: 429,
  body: { message: 'You are being rate limited.', retry_after: seconds, global: false },
  headers: {
    'retry-after': String(Math.ceil(seconds)),
    'x-ratelimit-limit': '10',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(Date.now() / 1000 + seconds),
    'x-ratelimit-reset-after': String(seconds),
    'x-ratelimit-bucket': 'fakebucket',
    'x-ratelimit-scope': 'user',
  },
});
