import {
  authorLine,
  DEFAULT_RISK_DISCLOSURE,
  riskWarningOf,
  shortLabelLine,
  utcStamp,
  type SignalDisclosure,
} from '@t0/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  until,
  VALID_SIGNAL,
  type Answer,
  type TestApp,
  type TestClient,
} from '../harness';
import { receiver } from '../fakes/http-receiver';
import { browserKeys, decryptPush, pushService } from '../fakes/push-service';
import { FakeTelegramBotApi } from '../fakes/telegram-bot-api';

// Labels of EU MAR Art. 20 (docs/features/analyst-records.md): every channel carries who produced a signal, when its
// production was completed and when it was first released; e-mail and webhooks carry the analyst's
// disclosure and the desk's risk warning whole, web push, Telegram and Discord a short line with a
// link to the signal's public disclosure page, which never shows a level.

const kinds = await oneTestDbKind();

const TG = { token: '7000000042:LABELS-test-token', secret: 'labels-webhook-secret' };
const DESK_CHAT = '-1001000000042';
const DESK_HOOK = '/api/webhooks/424242424242/desk-token-labels-abc';
const DISCLOSURE = 'Holds no position in AUDUSD; paid a salary by the desk, not by results.';
const LEGAL_PERSON = 'T0 Markets Ltd';

interface SignalAnswer {
  id: number;
  createdAt: string;
  completedAt: string;
  releasedAt: string;
  author: { slug: string; name: string; title: string } | null;
}

describe.each(kinds)('signal labels on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let analyst: TestClient;
  let analystUserId: number;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let discord: Awaited<ReturnType<typeof receiver>>;
  let push: Awaited<ReturnType<typeof pushService>>;
  const tg = new FakeTelegramBotApi(TG.token, { id: 7000000042, username: 'T0LabelsBot' });
  let sub: Awaited<ReturnType<typeof signUpSubscriber>> & { secretPath: string; keys: ReturnType<typeof browserKeys> };
  let signal: SignalAnswer;
  let desks: SignalAnswer;

  const ok = <T>(res: Answer<T>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const disclosureUrl = (id: number) => `${t.config.publicUrl}/signals/${id}/disclosure`;
  const labelsOf = (s: SignalAnswer, author: { name: string; title: string } | null) => ({
    author,
    legalPerson: LEGAL_PERSON,
    completedAt: s.completedAt,
    releasedAt: s.releasedAt,
  });

  beforeAll(async () => {
    hooks = await receiver();
    discord = await receiver(() => ({ status: 200, body: { id: '1' } }));
    push = await pushService();
    const tgUrl = await tg.start();
    t = await startTestApp(kind, {
      PRICE_REFRESH_MS: '3600000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DISCORD_API_BASE: discord.base,
      DISCORD_DESK_WEBHOOK_URL: discord.base + DESK_HOOK,
      TELEGRAM_BOT_TOKEN: TG.token,
      TELEGRAM_WEBHOOK_SECRET: TG.secret,
      TELEGRAM_API_ROOT: tgUrl,
      TELEGRAM_CHANNEL_ID: DESK_CHAT,
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    // The desk's legal person and its disclosures page (site settings).
    const current = ok(await admin.get<Record<string, unknown>>('/api/admin/site-settings'));
    ok(
      await admin.put('/api/admin/site-settings', {
        supportEmail: current.supportEmail,
        marketing: current.marketing,
        marketingLive: current.marketingLive,
        legal: {
          ...(current.legal as object),
          disclosures: `# Disclosures\n\n${LEGAL_PERSON} publishes every signal.`,
        },
        legalPerson: LEGAL_PERSON,
      }),
    );
    const u = await signUp(t);
    analyst = u.client;
    analystUserId = u.id;
    ok(
      await admin.post(`/api/admin/users/${u.id}/analyst`, {
        displayName: 'North Star',
        title: 'Head of research',
        disclosure: DISCLOSURE,
        rooms: ['main'],
      }),
    );
    // A subscriber with a webhook endpoint and a browser for web push (e-mail is on by default).
    const s = await signUpSubscriber(t);
    ok(await s.client.post('/api/user/webhooks', { url: `${hooks.base}/labels`, description: 'labels' }));
    const keys = browserKeys();
    ok(
      await s.client.post('/api/push/subscriptions', {
        endpoint: `${push.base}/push/labels`,
        expirationTime: null,
        keys: keys.keys,
        label: 'Labels browser',
      }),
    );
    sub = { ...s, secretPath: '/labels', keys };
    signal = ok(await analyst.post<SignalAnswer>('/api/signals', { ...VALID_SIGNAL, status: 'limit' }));
  });
  afterAll(async () => {
    await t?.close();
    await hooks?.close();
    await discord?.close();
    await push?.close();
    await tg.stop();
  });

  it('answers the completed and released times with the signal, completed first', async () => {
    expect(Date.parse(signal.completedAt)).toBeLessThanOrEqual(Date.parse(signal.releasedAt));
    expect(signal.releasedAt).toBe(signal.createdAt);
    const listed = ok(await sub.client.get<SignalAnswer[]>('/api/signals')).find((s) => s.id === signal.id)!;
    expect(listed).toMatchObject({ completedAt: signal.completedAt, releasedAt: signal.releasedAt });
  });

  it('carries the author line, the times, the disclosure and the risk warning on every channel', async () => {
    const line = authorLine(labelsOf(signal, { name: 'North Star', title: 'Head of research' }));
    expect(line).toBe(
      `by North Star, Head of research · completed ${utcStamp(signal.completedAt)} · released ${utcStamp(signal.releasedAt)}`,
    );
    const riskWarning = riskWarningOf(DEFAULT_RISK_DISCLOSURE);
    const url = disclosureUrl(signal.id);

    // Webhook: the labels whole, in the signed payload's data.
    const [hook] = await until(
      () => hooks.on(sub.secretPath),
      (g) => g.length > 0,
      10_000,
      50,
    );
    expect(JSON.parse(hook!.body).data.labels).toEqual({
      line,
      author: { name: 'North Star', title: 'Head of research' },
      legalPerson: LEGAL_PERSON,
      completedAt: signal.completedAt,
      releasedAt: signal.releasedAt,
      disclosure: DISCLOSURE,
      riskWarning,
      disclosureUrl: url,
    });

    // E-mail: the author line, the disclosure, the risk warning and the page, before the copier block.
    const mail = await until(
      () => t.mailed().find((m) => m.to === sub.email && m.kind === 'signal'),
      (m) => m !== undefined,
      10_000,
      50,
    );
    expect(mail!.text).toContain(line);
    expect(mail!.text).toContain(`Disclosure: ${DISCLOSURE}`);
    expect(mail!.text).toContain(`Risk warning: ${riskWarning}`);
    expect(mail!.text).toContain(`Disclosure page: ${url}`);
    expect(mail!.text.indexOf(line)).toBeLessThan(mail!.text.indexOf('#AUDUSD BUY'));

    // Web push: the line in the body (the notice gives way), the disclosure page as the action's link.
    const [pushed] = await until(
      () => push.on('/push/labels'),
      (g) => g.length > 0,
      10_000,
      50,
    );
    const payload = JSON.parse(decryptPush(pushed!.body, sub.keys.ecdh, sub.keys.auth)) as {
      body: string;
      disclosure: string;
    };
    expect(payload.body.endsWith(line)).toBe(true);
    expect(payload.disclosure).toBe(`/signals/${signal.id}/disclosure`);

    // Telegram (the desk channel): the line in italics and a link to the disclosure page.
    const [sent] = await until(
      () => tg.callsOf('sendMessage').filter((c) => String(c.body.chat_id) === DESK_CHAT),
      (c) => c.length > 0,
      10_000,
      50,
    );
    const text = sent!.body.text as string;
    expect(text).toContain(`<i>${line}</i>`);
    expect(text).toContain(`<a href="${url}">Disclosure and risk warning</a>`);

    // Discord (the desk webhook): the short line with its link in the embed.
    const [card] = await until(
      () => discord.on(DESK_HOOK),
      (g) => g.length > 0,
      10_000,
      50,
    );
    const embed = (JSON.parse(card!.body) as { embeds: { description: string }[] }).embeds[0]!;
    expect(embed.description).toContain(
      shortLabelLine(labelsOf(signal, { name: 'North Star', title: 'Head of research' }), url),
    );
  });

  it('shows the labels on a public disclosure page that never carries a level', async () => {
    const page = ok(await t.client().get<SignalDisclosure>(`/api/signals/${signal.id}/disclosure`));
    expect(page).toMatchObject({
      signalId: signal.id,
      instrument: 'AUDUSD',
      riskPage: '/risk',
      disclosuresPage: '/disclosures',
      labels: {
        line: authorLine(labelsOf(signal, { name: 'North Star', title: 'Head of research' })),
        legalPerson: LEGAL_PERSON,
        disclosure: DISCLOSURE,
        riskWarning: riskWarningOf(DEFAULT_RISK_DISCLOSURE),
        disclosureUrl: `/signals/${signal.id}/disclosure`,
      },
    });
    const body = JSON.stringify(page);
    for (const level of ['0.65169', '0.649', '0.653', '0.655']) expect(body).not.toContain(level);
    expect(body).not.toMatch(/entryPrice|slPrice|t0Price|t1Price|direction/);
    expect((await t.client().get(`/api/signals/999999/disclosure`)).status).toBe(404);
    const bad = await t.client().get(`/api/signals/nope/disclosure`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('id');
    // The desk's disclosures page is a fourth legal page.
    expect(ok(await t.client().get('/api/legal/disclosures'))).toMatchObject({
      page: 'disclosures',
      title: 'DISCLOSURES',
      markdown: `# Disclosures\n\n${LEGAL_PERSON} publishes every signal.`,
    });
  });

  it("names the desk's legal person for a signal no analyst wrote", async () => {
    desks = ok(await admin.post<SignalAnswer>('/api/signals', { ...VALID_SIGNAL, status: 'limit' }));
    const line = authorLine(labelsOf(desks, null));
    expect(line.startsWith(`by ${LEGAL_PERSON} · completed `)).toBe(true);
    const page = ok(await t.client().get<SignalDisclosure>(`/api/signals/${desks.id}/disclosure`));
    expect(page.labels).toMatchObject({ line, author: null, disclosure: '' });
    const mail = await until(
      () => t.mailed().find((m) => m.to === sub.email && m.kind === 'signal' && m.text.includes(line)),
      (m) => m !== undefined,
      10_000,
      50,
    );
    expect(mail!.text).toContain(`Disclosure page: ${disclosureUrl(desks.id)}`);
  });

  it('shows a renamed analyst in the labels, the chain unchanged and valid', async () => {
    const hashes = async () =>
      (await t.db.db.selectFrom('signalEvents').select('hash').orderBy('id').execute()).map((e) => e.hash);
    const before = await hashes();
    ok(
      await admin.post(`/api/admin/users/${analystUserId}/analyst`, {
        displayName: 'Pseudonym Seven',
        slug: 'pseudonym-seven',
        title: 'Senior analyst',
      }),
    );
    const page = ok(await t.client().get<SignalDisclosure>(`/api/signals/${signal.id}/disclosure`));
    expect(page.labels.line).toBe(authorLine(labelsOf(signal, { name: 'Pseudonym Seven', title: 'Senior analyst' })));
    expect(ok(await t.client().get('/api/performance/verify'))).toMatchObject({ ok: true, firstBroken: null });
    // The events written before the rename keep their hashes (the market may append one meanwhile).
    expect((await hashes()).slice(0, before.length)).toEqual(before);
  });
});
