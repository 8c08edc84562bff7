import { changeAccess, endUserGrants, findPlanByKey, insertGrant, saveCommunityDefaults } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordTooManyRequests, FakeDiscordApi } from '../fakes/discord-api';
import { commandEntities, FakeTelegramBotApi, tooManyRequests } from '../fakes/telegram-bot-api';
import {
  grantPlan,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await testDbKinds();

const TOKEN = '7000000002:AAcommunity-token_for-the-fake-api';
const SECRET = 'tg-community-secret_0123456789abcdef';
const PAID = '-1009876543210';
const BOT = { id: 7000000002, username: 'T0PaidChatBot' };
const DISCORD = {
  botToken: 'discord-bot-token.fake',
  guildId: '700000000000000001',
  roleId: '700000000000000002',
  clientId: '700000000000000003',
  clientSecret: 'discord-client-secret',
  redirectUri: 'http://t0.test/api/community/discord/callback',
};

/** Two rooms with a chat and a role of their own (the default room, main, uses the settings'). */
const GOLD = { chat: '-1002000000001', role: '700000000000000021' };
const FOREX = { chat: '-1002000000002', role: '700000000000000022' };
const MAIN_OWN_CHAT = '-1002000000003';

let chatSeq = 600_000_000;
let discordSeq = 300_000_000_000_000_000n;
let updateSeq = 1;

describe.each(kinds)('Paid community access on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let tg: FakeTelegramBotApi;
  let dc: FakeDiscordApi;

  const postUpdate = async (update: Record<string, unknown>) => {
    const res = await t
      .client()
      .request(
        'POST',
        '/api/webhooks/telegram',
        { update_id: updateSeq++, ...update },
        { 'x-telegram-bot-api-secret-token': SECRET },
      );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.outcome as string;
  };
  /** Posts the chat_member updates Telegram would have sent so far. */
  const drainUpdates = async () => {
    const outcomes: string[] = [];
    while (tg.updates.length) outcomes.push(await postUpdate(tg.updates.shift()!));
    return outcomes;
  };
  const privateMessage = (chatId: number, text: string) =>
    postUpdate({
      message: {
        message_id: 1,
        date: 1,
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'T', username: `u${chatId}` },
        text,
        entities: commandEntities(text),
      },
    });

  /** Links Telegram from the profile (a private chat's id is its user's id). */
  const linkTelegram = async (client: TestClient) => {
    const res = await client.post('/api/telegram/link');
    expect(res.status).toBe(200);
    const code = new URL(res.body.url as string).searchParams.get('start')!;
    const chatId = chatSeq++;
    expect(await privateMessage(chatId, `/start ${code}`)).toBe('linked');
    return chatId;
  };
  const grantDays = async (userId: number) =>
    expect((await admin.post(`/api/admin/users/${userId}/grant-days`, { days: 30 })).status).toBe(200);
  const endAccess = async (userId: number) =>
    expect((await admin.post(`/api/admin/users/${userId}/end-access`, {})).status).toBe(200);
  const invitesSentTo = (chatId: number) =>
    tg
      .callsOf('sendMessage')
      .filter((c) => String(c.body.chat_id) === String(chatId) && /t\.me\/\+/.test(String(c.body.text)));
  const linkIn = (text: unknown) => /https:\/\/t\.me\/\+\w+/.exec(String(text))![0];
  const tasksOf = async (userId: number) =>
    (await admin.get(`/api/admin/users/${userId}/community`)).body.tasks as Array<{
      action: string;
      status: string;
      platform: string;
      target: string;
      room: string | null;
    }>;
  const auditOf = (userId: number) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['action'])
      .where('targetType', '=', 'user')
      .where('targetId', '=', String(userId))
      .where('action', 'like', 'community.%')
      .orderBy('id')
      .execute();
  /** Joins a paid chat (the settings' by default) through a link and posts Telegram's chat_member update. */
  const join = async (chatId: number, link: string, paid = PAID) => {
    const update = tg.join(paid, { id: chatId }, link);
    expect(typeof update, String(update)).toBe('object');
    return postUpdate(update as Record<string, unknown>);
  };

  beforeAll(async () => {
    tg = new FakeTelegramBotApi(TOKEN, BOT);
    dc = new FakeDiscordApi(DISCORD);
    const [tgUrl, dcUrl] = await Promise.all([tg.start(), dc.start()]);
    t = await startTestApp(kind, {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: tgUrl,
      TELEGRAM_SET_WEBHOOK: 'true',
      TELEGRAM_PAID_CHAT_ID: PAID,
      DISCORD_API_BASE: dcUrl,
      DISCORD_BOT_TOKEN: DISCORD.botToken,
      DISCORD_GUILD_ID: DISCORD.guildId,
      DISCORD_SUBSCRIBER_ROLE_ID: DISCORD.roleId,
      DISCORD_CLIENT_ID: DISCORD.clientId,
      DISCORD_CLIENT_SECRET: DISCORD.clientSecret,
      COMMUNITY_TASKS_EVERY_MS: '1000',
      PRICE_REFRESH_MS: '3600000',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    // A fresh product with its jobs: slow to start on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await tg?.stop();
    await dc?.stop();
  });

  it('asks Telegram for the paid chat’s joins, departures and join requests', async () => {
    const [set] = await until(
      () => tg.callsOf('setWebhook'),
      (l) => l.length === 1,
      5_000,
      25,
    );
    expect(set!.body.allowed_updates).toEqual([
      'message',
      'callback_query',
      'my_chat_member',
      'chat_member',
      'chat_join_request',
    ]);
  });

  it('a subscriber links, joins through their personal link, is removed within a minute of end-access-now, and rejoins after a renewal', async () => {
    const u = await signUp(t);
    const chatId = await linkTelegram(u.client);
    // Not a subscriber: the profile says why, no link is made.
    expect((await u.client.get('/api/community/status')).body.telegram).toEqual({
      configured: true,
      blocked: 'no_subscription',
      member: false,
      invite: null,
      chats: [],
    });
    expect((await u.client.post('/api/community/telegram/invite', {})).status).toBe(403);
    expect(tg.callsOf('createChatInviteLink')).toHaveLength(0);

    // Access starts: the bot sends a personal link (one person, 24 hours).
    await grantDays(u.id);
    const [dm] = await until(
      () => invitesSentTo(chatId),
      (l) => l.length === 1,
      15_000,
      50,
    );
    const link = linkIn(dm!.body.text);
    const created = tg.callsOf('createChatInviteLink').at(-1)!.body;
    expect(created).toMatchObject({ chat_id: PAID, member_limit: 1 });
    expect(Number(created.expire_date) * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The default room has no chat of its own: TELEGRAM_PAID_CHAT_ID is its chat.
    expect((await u.client.get('/api/community/status')).body.telegram).toMatchObject({
      blocked: null,
      member: false,
      invite: { url: link },
      chats: [{ rooms: ['main'], name: 'Signals', member: false, invite: { url: link } }],
    });

    // They join with it; the link is spent (a second person cannot use it).
    expect(await join(chatId, link)).toBe('joined');
    expect(tg.join(PAID, { id: chatSeq++ }, link)).toBe('USERS_TOO_MUCH');
    expect((await u.client.get('/api/community/status')).body.telegram).toMatchObject({ member: true, invite: null });
    // A fresh link they did not use yet: revoked when access ends.
    const spare = await u.client.post('/api/community/telegram/invite', { renew: true });
    expect(spare.status).toBe(200);

    // End access now: removed (ban then unban, so a renewal can rejoin) within a minute, the spare link revoked.
    const ended = Date.now();
    await endAccess(u.id);
    await until(
      () => tg.callsOf('unbanChatMember').filter((c) => Number(c.body.user_id) === chatId),
      (l) => l.length === 1,
      60_000,
      100,
    );
    expect(Date.now() - ended).toBeLessThan(60_000);
    const ban = tg.callsOf('banChatMember').find((c) => Number(c.body.user_id) === chatId)!;
    const unban = tg.callsOf('unbanChatMember').find((c) => Number(c.body.user_id) === chatId)!;
    expect(ban.at).toBeLessThanOrEqual(unban.at);
    expect(unban.body).toMatchObject({ chat_id: PAID, only_if_banned: true });
    expect(tg.status(PAID, chatId)).toBe('left');
    await until(
      () => tg.callsOf('revokeChatInviteLink').filter((c) => c.body.invite_link === spare.body.url),
      (l) => l.length === 1,
      15_000,
      50,
    );
    expect(tg.links.get(spare.body.url)!.is_revoked).toBe(true);
    // Banned (kicked) then unbanned (left): one departure.
    expect(await drainUpdates()).toEqual(['left', 'ignored']);
    expect((await u.client.get('/api/community/status')).body.telegram).toMatchObject({
      blocked: 'no_subscription',
      member: false,
    });

    // Every action in the user's drawer and the audit log.
    const tasks = await tasksOf(u.id);
    for (const action of ['send_invite', 'remove_member', 'revoke_link'])
      expect(tasks.find((x) => x.action === action)).toMatchObject({ status: 'done', platform: 'telegram' });
    const audit = (await auditOf(u.id)).map((a) => a.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'community.telegram.send_invite',
        'community.telegram.joined',
        'community.telegram.invite_created',
        'community.telegram.remove_member',
        'community.telegram.revoke_link',
      ]),
    );

    // A renewal: a new link, and they can join again.
    await grantDays(u.id);
    const [, again] = await until(
      () => invitesSentTo(chatId),
      (l) => l.length === 2,
      15_000,
      50,
    );
    expect(await join(chatId, linkIn(again!.body.text))).toBe('joined');
    expect(tg.status(PAID, chatId)).toBe('member');
  });

  it('the daily reconciliation removes a member whose access ended while the process was down, and records a departure it missed', async () => {
    const gone = await signUpSubscriber(t);
    const goneChat = await linkTelegram(gone.client);
    const stays = await signUpSubscriber(t);
    const staysChat = await linkTelegram(stays.client);
    for (const [client, chatId] of [
      [gone.client, goneChat],
      [stays.client, staysChat],
    ] as const) {
      const invite = await client.post('/api/community/telegram/invite', {});
      expect(invite.status).toBe(200);
      expect(await join(chatId, invite.body.url)).toBe('joined');
    }
    // While the process was down: one subscription ended (no event, no task) and the other member left unseen.
    await t.db.db
      .updateTable('users')
      .set({ hasActiveSubscription: false, accessRooms: '{}' })
      .where('id', '=', gone.id)
      .execute();
    tg.members.get(PAID)!.set(staysChat, 'left');

    const sync = await admin.post('/api/admin/community/sync', {});
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body.telegram.differences).toEqual(
      expect.arrayContaining([
        {
          target: PAID,
          externalId: String(goneChat),
          userId: gone.id,
          issue: 'member_without_access',
          action: 'removed',
        },
        { target: PAID, externalId: String(staysChat), userId: stays.id, issue: 'left', action: 'recorded' },
      ]),
    );
    // Run by the sync, or by the task runner that took it first.
    await until(
      () => tg.status(PAID, goneChat),
      (status) => status === 'left',
      15_000,
      50,
    );
    expect(tg.callsOf('banChatMember').some((c) => Number(c.body.user_id) === goneChat)).toBe(true);

    const overview = (await admin.get('/api/admin/community')).body;
    expect(overview.telegram).toMatchObject({ configured: true, target: PAID, alerts: [] });
    expect(overview.telegram.targets).toEqual([
      expect.objectContaining({ target: PAID, rooms: ['main'], name: 'Signals', alerts: [] }),
    ]);
    expect(overview.telegram.lastSync.differences).toHaveLength(sync.body.telegram.differences.length);
    expect(overview.activeSubscribers).toBeGreaterThanOrEqual(1);
  });

  it('join requests are approved only for a linked subscriber', async () => {
    const s = await signUpSubscriber(t);
    const chatId = await linkTelegram(s.client);
    const stranger = chatSeq++;
    const request = (id: number) =>
      postUpdate({
        chat_join_request: {
          chat: { id: Number(PAID), type: 'supergroup' },
          from: { id, is_bot: false, first_name: 'X' },
          user_chat_id: id,
          date: 1,
        },
      });
    expect(await request(chatId)).toBe('join_request');
    expect(await request(stranger)).toBe('join_request');
    await until(
      () => tg.callsOf('approveChatJoinRequest').filter((c) => Number(c.body.user_id) === chatId),
      (l) => l.length === 1,
      15_000,
      50,
    );
    await until(
      () => tg.callsOf('declineChatJoinRequest').filter((c) => Number(c.body.user_id) === stranger),
      (l) => l.length === 1,
      15_000,
      50,
    );
    expect(tg.callsOf('approveChatJoinRequest').some((c) => Number(c.body.user_id) === stranger)).toBe(false);
  });

  it('a bot that is no longer an administrator is an alert on the console, and a 429 waits for retry_after', async () => {
    const botUpdate = (status: string) =>
      postUpdate({
        my_chat_member: {
          chat: { id: Number(PAID), type: 'supergroup' },
          from: { id: 1, is_bot: false, first_name: 'Owner' },
          date: 1,
          old_chat_member: {
            status: status === 'member' ? 'administrator' : 'member',
            user: { id: BOT.id, is_bot: true, first_name: 'T0' },
          },
          new_chat_member: { status, user: { id: BOT.id, is_bot: true, first_name: 'T0' } },
        },
      });
    expect(await botUpdate('member')).toBe('bot_alert');
    const alerts = (await admin.get('/api/admin/community')).body.telegram.alerts;
    expect(alerts).toEqual([
      expect.objectContaining({
        target: PAID,
        kind: 'not_admin',
        message: expect.stringMatching(/no longer an administrator of the Signals chat/),
      }),
    ]);
    expect(await botUpdate('administrator')).toBe('bot_ok');
    expect((await admin.get('/api/admin/community')).body.telegram.alerts).toEqual([]);

    // The sweep sees missing rights too.
    tg.botRights = { status: 'administrator', can_invite_users: true, can_restrict_members: false };
    const sync = await admin.post('/api/admin/community/sync', {});
    expect(sync.body.telegram.error).toMatch(/ban users/);
    expect((await admin.get('/api/admin/community')).body.telegram.alerts[0].message).toMatch(/ban users/);
    tg.botRights = { status: 'administrator', can_invite_users: true, can_restrict_members: true };

    // 429 on the invite: the task waits retry_after (2 s) before trying again.
    const u = await signUp(t);
    const chatId = await linkTelegram(u.client);
    tg.scripted.set('createChatInviteLink', [tooManyRequests(2)]);
    const before = tg.callsOf('createChatInviteLink').length;
    await grantDays(u.id);
    await until(
      () => invitesSentTo(chatId),
      (l) => l.length === 1,
      20_000,
      50,
    );
    const [first, second] = tg.callsOf('createChatInviteLink').slice(before);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2_000);
  });

  it('a Discord account linked with OAuth2 joins the server with the role, loses it at the end of access and on unlinking, and the reconciliation removes a stray role', async () => {
    const s = await signUpSubscriber(t);
    expect((await s.client.get('/api/community/status')).body.discord).toEqual({
      configured: true,
      blocked: 'not_linked',
      account: null,
      roleGranted: false,
      roles: [{ rooms: ['main'], name: 'Signals', granted: false }],
    });
    const auth = await s.client.post('/api/community/discord/authorize', {});
    expect(auth.status).toBe(200);
    const url = new URL(auth.body.url as string);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: DISCORD.clientId,
      response_type: 'code',
      redirect_uri: DISCORD.redirectUri,
      scope: 'identify guilds.join',
    });
    const state = url.searchParams.get('state')!;

    // CSRF: the state only works for the session that asked for it, and once.
    const discordId = String(discordSeq++);
    dc.codes.set('code-a', { id: discordId, username: 'trader_a' });
    const other = await signUpSubscriber(t);
    const forged = await other.client.get(`/api/community/discord/callback?code=code-a&state=${state}`);
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('http://t0.test/profile?section=alerts&discord=bad_state');
    expect(dc.callsOf('POST /oauth2/token')).toHaveLength(0);
    const spent = await s.client.get(`/api/community/discord/callback?code=code-a&state=${state}`);
    expect(spent.headers.get('location')).toBe('http://t0.test/profile?section=alerts&discord=bad_state');

    const fresh = new URL((await s.client.post('/api/community/discord/authorize', {})).body.url).searchParams.get(
      'state',
    )!;
    // One 429 on the role: @discordjs/rest waits its retry_after and tries again.
    dc.scripted.set('PUT /guilds/:g/members/:u', [discordTooManyRequests(1)]);
    const back = await s.client.get(`/api/community/discord/callback?code=code-a&state=${fresh}`);
    expect(back.headers.get('location')).toBe('http://t0.test/profile?section=alerts&discord=linked');
    const joins = dc.callsOf('PUT /guilds/:g/members/:u');
    expect(joins).toHaveLength(2);
    expect(joins[1]!.at - joins[0]!.at).toBeGreaterThanOrEqual(900);
    expect(joins[1]!.body).toMatchObject({ roles: [DISCORD.roleId] });
    expect(dc.hasRole(discordId)).toBe(true);
    expect((await s.client.get('/api/community/status')).body.discord).toMatchObject({
      blocked: null,
      account: { username: 'trader_a' },
      roleGranted: true,
    });

    // End of access: the role goes; a renewal brings it back.
    await endAccess(s.id);
    await until(
      () => dc.hasRole(discordId),
      (has) => !has,
      15_000,
      50,
    );
    await grantDays(s.id);
    await until(
      () => dc.hasRole(discordId),
      (has) => has,
      15_000,
      50,
    );

    // Unlinking removes it too.
    const unlinked = await s.client.post('/api/community/discord/unlink', {});
    expect(unlinked.body.discord).toMatchObject({ account: null });
    await until(
      () => dc.hasRole(discordId),
      (has) => !has,
      15_000,
      50,
    );
    const actions = (await tasksOf(s.id)).filter((x) => x.platform === 'discord').map((x) => `${x.action}:${x.status}`);
    expect(actions).toEqual(expect.arrayContaining(['remove_role:done', 'grant_role:done']));

    // Someone holding the role without a linked, entitled account loses it at the reconciliation.
    const stray = String(discordSeq++);
    dc.members.set(stray, new Set([DISCORD.roleId]));
    const sync = await admin.post('/api/admin/community/sync', {});
    expect(sync.body.discord.differences).toContainEqual({
      target: DISCORD.roleId,
      externalId: stray,
      userId: null,
      issue: 'role_without_access',
      action: 'removed',
    });
    await until(
      () => dc.hasRole(stray),
      (has) => !has,
      15_000,
      50,
    );
    expect((await admin.get('/api/admin/community')).body.discord).toMatchObject({
      configured: true,
      target: DISCORD.roleId,
      alerts: [],
    });
  });
  describe('per room', () => {
    const plan = (key: string, name: string, rooms: string[]) =>
      admin.post('/api/admin/plans', {
        key,
        name,
        rooms,
        terms: 'recurring',
        interval: 'month',
        intervalCount: 1,
        amountCents: 4900,
        currency: 'usd',
      });
    /** Grants a plan, and waits until the user's session sees it (the session cache follows the database's change notices). */
    const holdPlan = async (u: { id: number; client: TestClient }, key: string) => {
      await grantPlan(t, u.id, key);
      await until(
        async () => (await u.client.get('/api/auth/user')).body.hasActiveSubscription as boolean,
        (on) => on,
        15_000,
        50,
      );
    };
    /** A plan change in one transaction (as a subscription's plan change is): the old grants end, the new one starts. */
    const movePlan = async (userId: number, key: string) => {
      const found = await findPlanByKey(t.db.db, key);
      await t.db.db.transaction().execute((trx) =>
        changeAccess(trx, userId, async (tx) => {
          await endUserGrants(tx, userId);
          await insertGrant(tx, { userId, planId: found!.id, source: 'test', endsAt: null });
        }),
      );
    };
    /** Links Discord through its authorisation; answers the Discord account's id. */
    const linkDiscord = async (client: TestClient) => {
      const auth = await client.post('/api/community/discord/authorize', {});
      expect(auth.status, JSON.stringify(auth.body)).toBe(200);
      const state = new URL(auth.body.url as string).searchParams.get('state')!;
      const id = String(discordSeq++);
      dc.codes.set(`code-${id}`, { id, username: `u${id}` });
      const back = await client.get(`/api/community/discord/callback?code=code-${id}&state=${state}`);
      expect(back.headers.get('location')).toMatch(/discord=linked$/);
      return id;
    };
    /** Waits until none of the user's community tasks is pending. */
    const settled = (userId: number) =>
      until(
        () => tasksOf(userId),
        (l) => l.every((x) => x.status !== 'pending'),
        15_000,
        50,
      );
    const unbansIn = (chat: string, chatId: number) =>
      tg.callsOf('unbanChatMember').filter((c) => c.body.chat_id === chat && Number(c.body.user_id) === chatId);
    const joinRequest = (chat: string, id: number) =>
      postUpdate({
        chat_join_request: {
          chat: { id: Number(chat), type: 'supergroup' },
          from: { id, is_bot: false, first_name: 'X' },
          user_chat_id: id,
          date: 1,
        },
      });

    beforeAll(async () => {
      for (const room of [
        { slug: 'gold', name: 'Gold', telegramChatId: GOLD.chat, discordRoleId: GOLD.role },
        { slug: 'forex', name: 'Forex', telegramChatId: FOREX.chat, discordRoleId: FOREX.role },
      ]) {
        const res = await admin.post('/api/admin/rooms', room);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      dc.roles.set(GOLD.role, 'Gold');
      dc.roles.set(FOREX.role, 'Forex');
      for (const res of [
        await plan('gold-forex', 'Gold + Forex', ['gold', 'forex']),
        await plan('forex', 'Forex', ['forex']),
      ])
        expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('a member of Gold and Forex downgraded to Forex loses the Gold chat and role within the job’s run, and keeps Forex’s', async () => {
      const u = await signUp(t);
      const chatId = await linkTelegram(u.client);
      // Access starts: one personal invite per room's chat, each named by its room.
      await holdPlan(u, 'gold-forex');
      const dms = await until(
        () => invitesSentTo(chatId),
        (l) => l.length === 2,
        15_000,
        50,
      );
      const text = (room: string) =>
        String(dms.find((d) => String(d.body.text).includes(`chat of ${room} (`))!.body.text);
      const goldLink = linkIn(text('Gold'));
      const forexLink = linkIn(text('Forex'));
      expect(tg.links.get(goldLink)!.chat_id).toBe(GOLD.chat);
      expect(tg.links.get(forexLink)!.chat_id).toBe(FOREX.chat);
      // GET INVITE LINK answers the same two, labelled by room.
      const invite = await u.client.post('/api/community/telegram/invite', {});
      expect(invite.status).toBe(200);
      expect(invite.body.invites).toEqual([
        { rooms: ['gold'], name: 'Gold', url: goldLink, expiresAt: expect.any(String) },
        { rooms: ['forex'], name: 'Forex', url: forexLink, expiresAt: expect.any(String) },
      ]);
      // A link works in its own chat only.
      expect(tg.join(FOREX.chat, { id: chatId }, goldLink)).toBe('INVITE_HASH_INVALID');
      expect(await join(chatId, goldLink, GOLD.chat)).toBe('joined');
      expect(await join(chatId, forexLink, FOREX.chat)).toBe('joined');

      // Discord: the roles of both rooms, not the default room's.
      const discordId = await linkDiscord(u.client);
      expect(dc.callsOf('PUT /guilds/:g/members/:u').at(-1)!.body).toMatchObject({ roles: [GOLD.role, FOREX.role] });
      expect([dc.hasRole(discordId, GOLD.role), dc.hasRole(discordId, FOREX.role), dc.hasRole(discordId)]).toEqual([
        true,
        true,
        false,
      ]);
      const held = (await u.client.get('/api/community/status')).body;
      expect(held.telegram).toMatchObject({
        blocked: null,
        member: true,
        chats: [
          { rooms: ['gold'], name: 'Gold', member: true },
          { rooms: ['forex'], name: 'Forex', member: true },
        ],
      });
      expect(held.discord).toMatchObject({
        roleGranted: true,
        roles: [
          { name: 'Gold', granted: true },
          { name: 'Forex', granted: true },
        ],
      });

      // The downgrade: out of the Gold chat and without the Gold role within a few runs of the job.
      await drainUpdates();
      const downgraded = Date.now();
      await movePlan(u.id, 'forex');
      await until(
        () => unbansIn(GOLD.chat, chatId),
        (l) => l.length === 1,
        15_000,
        50,
      );
      await until(
        () => dc.hasRole(discordId, GOLD.role),
        (has) => !has,
        15_000,
        50,
      );
      expect(Date.now() - downgraded).toBeLessThan(15_000);
      expect(tg.status(GOLD.chat, chatId)).toBe('left');
      // Forex's chat and role stay.
      expect(tg.status(FOREX.chat, chatId)).toBe('member');
      expect(tg.callsOf('banChatMember').some((c) => c.body.chat_id === FOREX.chat)).toBe(false);
      expect(dc.hasRole(discordId, FOREX.role)).toBe(true);
      expect(await drainUpdates()).toEqual(['left', 'ignored']);

      const after = (await u.client.get('/api/community/status')).body;
      expect(after.telegram.chats).toEqual([{ rooms: ['forex'], name: 'Forex', member: true, invite: null }]);
      expect(after.discord.roles).toEqual([{ rooms: ['forex'], name: 'Forex', granted: true }]);
      // The drawer names the room of each action.
      await settled(u.id);
      const tasks = await tasksOf(u.id);
      expect(tasks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'remove_member', target: GOLD.chat, room: 'Gold', status: 'done' }),
          expect.objectContaining({ action: 'remove_role', target: GOLD.role, room: 'Gold', status: 'done' }),
        ]),
      );
      expect(
        tasks.filter((x) => x.action.startsWith('remove') && (x.target === FOREX.chat || x.target === FOREX.role)),
      ).toEqual([]);
    });

    it('someone holding Forex alone who joins the Gold chat is removed; their join request there is declined, to Forex’s approved', async () => {
      const holder = await signUp(t);
      await linkTelegram(holder.client);
      await holdPlan(holder, 'gold-forex');
      const holderInvite = await holder.client.post('/api/community/telegram/invite', {});
      expect(holderInvite.status, JSON.stringify(holderInvite.body)).toBe(200);
      const passedOn = (holderInvite.body.invites as Array<{ name: string; url: string }>).find(
        (i) => i.name === 'Gold',
      )!.url;

      const fx = await signUp(t);
      const fxChat = await linkTelegram(fx.client);
      await holdPlan(fx, 'forex');
      // Their own link is to the Forex chat alone: from GET INVITE LINK, and from /join.
      const own = await fx.client.post('/api/community/telegram/invite', {});
      expect((own.body.invites as Array<{ name: string }>).map((i) => i.name)).toEqual(['Forex']);
      expect(await privateMessage(fxChat, '/join')).toBe('invite_queued');
      const dms = await until(
        () => invitesSentTo(fxChat),
        (l) => l.length === 2,
        15_000,
        50,
      );
      expect(dms.map((d) => tg.links.get(linkIn(d.body.text))!.chat_id)).toEqual([FOREX.chat, FOREX.chat]);
      expect(await join(fxChat, passedOn, GOLD.chat)).toBe('joined');
      await until(
        () => unbansIn(GOLD.chat, fxChat),
        (l) => l.length === 1,
        15_000,
        50,
      );
      expect(tg.status(GOLD.chat, fxChat)).toBe('left');
      await until(
        () => tasksOf(fx.id),
        (l) => l.some((x) => x.action === 'remove_member' && x.status === 'done'),
        15_000,
        50,
      );
      expect(await tasksOf(fx.id)).toContainEqual(
        expect.objectContaining({ action: 'remove_member', target: GOLD.chat, room: 'Gold', status: 'done' }),
      );

      expect(await joinRequest(GOLD.chat, fxChat)).toBe('join_request');
      expect(await joinRequest(FOREX.chat, fxChat)).toBe('join_request');
      await until(
        () => tg.callsOf('declineChatJoinRequest').filter((c) => Number(c.body.user_id) === fxChat),
        (l) => l.length === 1,
        15_000,
        50,
      );
      await until(
        () => tg.callsOf('approveChatJoinRequest').filter((c) => Number(c.body.user_id) === fxChat),
        (l) => l.length === 1,
        15_000,
        50,
      );
      expect(tg.callsOf('declineChatJoinRequest').find((c) => Number(c.body.user_id) === fxChat)!.body.chat_id).toBe(
        GOLD.chat,
      );
      expect(tg.callsOf('approveChatJoinRequest').find((c) => Number(c.body.user_id) === fxChat)!.body.chat_id).toBe(
        FOREX.chat,
      );
      // Approved into Forex's chat: a member there, left alone.
      expect(await drainUpdates()).toEqual(['left', 'ignored', 'joined']);
      expect(tg.status(FOREX.chat, fxChat)).toBe('member');

      // The bot's rights in one room's chat: the alert names that room's chat.
      const botUpdate = (status: string) =>
        postUpdate({
          my_chat_member: {
            chat: { id: Number(GOLD.chat), type: 'supergroup' },
            from: { id: 1, is_bot: false, first_name: 'Owner' },
            date: 1,
            old_chat_member: { status: 'administrator', user: { id: BOT.id, is_bot: true, first_name: 'T0' } },
            new_chat_member: { status, user: { id: BOT.id, is_bot: true, first_name: 'T0' } },
          },
        });
      expect(await botUpdate('member')).toBe('bot_alert');
      const gold = (await admin.get('/api/admin/community')).body.telegram.targets.find(
        (x: { target: string }) => x.target === GOLD.chat,
      );
      expect(gold.alerts).toEqual([
        expect.objectContaining({
          message: `The bot is no longer an administrator of the Gold chat (${GOLD.chat}) (status: member)`,
        }),
      ]);
      expect(await botUpdate('administrator')).toBe('bot_ok');
      expect((await admin.get('/api/admin/community')).body.telegram.alerts).toEqual([]);
    });

    it('the reconciliation walks every room’s chat and every room’s role', async () => {
      const w = await signUp(t);
      const wChat = await linkTelegram(w.client);
      await holdPlan(w, 'gold-forex');
      const invites = (await w.client.post('/api/community/telegram/invite', {})).body.invites as Array<{
        name: string;
        url: string;
      }>;
      expect(await join(wChat, invites.find((i) => i.name === 'Gold')!.url, GOLD.chat)).toBe('joined');
      expect(await join(wChat, invites.find((i) => i.name === 'Forex')!.url, FOREX.chat)).toBe('joined');
      const wDiscord = await linkDiscord(w.client);
      await settled(w.id);
      // While the process was down: Gold ended (no event, no task), the Forex role was taken by hand,
      // and someone without an account holds it.
      await t.db.db
        .updateTable('users')
        .set({ accessRooms: JSON.stringify({ forex: null }) })
        .where('id', '=', w.id)
        .execute();
      dc.members.get(wDiscord)!.delete(FOREX.role);
      const stray = String(discordSeq++);
      dc.members.set(stray, new Set([FOREX.role]));

      const sync = await admin.post('/api/admin/community/sync', {});
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      expect(sync.body.telegram.differences).toContainEqual({
        target: GOLD.chat,
        externalId: String(wChat),
        userId: w.id,
        issue: 'member_without_access',
        action: 'removed',
      });
      expect(
        (sync.body.telegram.differences as Array<{ target: string; externalId: string }>).filter(
          (d) => d.externalId === String(wChat) && d.target !== GOLD.chat,
        ),
      ).toEqual([]);
      expect(sync.body.discord.differences).toEqual(
        expect.arrayContaining([
          { target: GOLD.role, externalId: wDiscord, userId: w.id, issue: 'role_without_access', action: 'removed' },
          { target: FOREX.role, externalId: wDiscord, userId: w.id, issue: 'role_missing', action: 'granted' },
          { target: FOREX.role, externalId: stray, userId: null, issue: 'role_without_access', action: 'removed' },
        ]),
      );
      // Run by the sync, or by the task runner that took them first.
      await until(
        () => [
          tg.status(GOLD.chat, wChat),
          tg.status(FOREX.chat, wChat),
          dc.hasRole(wDiscord, GOLD.role),
          dc.hasRole(wDiscord, FOREX.role),
          dc.hasRole(stray, FOREX.role),
        ],
        (now) => JSON.stringify(now) === JSON.stringify(['left', 'member', false, true, false]),
        15_000,
        50,
      );
      await drainUpdates();

      // The console: each room's chat and role, with its rooms.
      const overview = (await admin.get('/api/admin/community')).body;
      const named = (p: { targets: Array<{ target: string; name: string }> }) =>
        p.targets.map((x) => [x.target, x.name]);
      expect(named(overview.telegram)).toEqual([
        [PAID, 'Signals'],
        [GOLD.chat, 'Gold'],
        [FOREX.chat, 'Forex'],
      ]);
      expect(named(overview.discord)).toEqual([
        [DISCORD.roleId, 'Signals'],
        [GOLD.role, 'Gold'],
        [FOREX.role, 'Forex'],
      ]);
      expect(overview.discord.alerts).toEqual([]);
      const forex = overview.telegram.targets.find((x: { target: string }) => x.target === FOREX.chat);
      expect(forex.members).toBeGreaterThanOrEqual(2);
      expect(forex.entitled).toBeGreaterThanOrEqual(forex.linkedSubscribers);
    });

    it('gives the records from before rooms (no chat named) the setting’s chat at start-up', async () => {
      const u = await signUp(t);
      const [old, kept] = [String(chatSeq++), String(chatSeq++)];
      await t.db.db
        .insertInto('communityMembers')
        .values([
          { platform: 'telegram', target: '', externalId: old, userId: u.id, status: 'member' },
          // Recorded twice: before rooms, and since under the chat's id (that one wins).
          { platform: 'telegram', target: '', externalId: kept, userId: u.id, status: 'left' },
          { platform: 'telegram', target: PAID, externalId: kept, userId: u.id, status: 'member' },
        ])
        .execute();
      await t.db.db
        .insertInto('telegramInviteLinks')
        .values({ userId: u.id, inviteLink: `https://t.me/+old${old}`, expiresAt: new Date(Date.now() + 3600_000) })
        .execute();
      await saveCommunityDefaults(t.db.db, { telegramChatId: PAID, discordRoleId: DISCORD.roleId });
      const members = await t.db.db
        .selectFrom('communityMembers')
        .select(['target', 'externalId', 'status'])
        .where('userId', '=', u.id)
        .orderBy('externalId')
        .execute();
      expect(members).toEqual([
        { target: PAID, externalId: old, status: 'member' },
        { target: PAID, externalId: kept, status: 'member' },
      ]);
      const link = await t.db.db
        .selectFrom('telegramInviteLinks')
        .select('chatId')
        .where('userId', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(link.chatId).toBe(PAID);
    });

    it('the default room uses TELEGRAM_PAID_CHAT_ID until it has a chat of its own', async () => {
      expect((await admin.get('/api/admin/community')).body.telegram.target).toBe(PAID);
      const own = await admin.patch('/api/admin/rooms/main', { telegramChatId: MAIN_OWN_CHAT });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      try {
        const m = await signUp(t);
        await linkTelegram(m.client);
        await holdPlan(m, 'monthly');
        const invite = await m.client.post('/api/community/telegram/invite', {});
        expect(invite.body.invites).toEqual([expect.objectContaining({ rooms: ['main'], name: 'Signals' })]);
        expect(tg.links.get(invite.body.url as string)!.chat_id).toBe(MAIN_OWN_CHAT);
        const overview = (await admin.get('/api/admin/community')).body;
        expect(overview.telegram.target).toBe(MAIN_OWN_CHAT);
        expect(overview.telegram.targets.map((x: { target: string }) => x.target)).not.toContain(PAID);
      } finally {
        expect((await admin.patch('/api/admin/rooms/main', { telegramChatId: null })).status).toBe(200);
      }
      expect((await admin.get('/api/admin/community')).body.telegram.target).toBe(PAID);
    });
  });
});
