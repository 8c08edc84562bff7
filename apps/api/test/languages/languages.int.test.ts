import { parseCopierBlock } from '@t0/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEntities } from '../fakes/telegram-bot-api';
import {
  oneTestDbKind,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  until,
  type TestApp,
  type TestClient,
} from '../harness';
import { startSmtpServer, type FakeSmtp, type ReceivedMail } from '../smtp';

// Every message in the subscriber's language (docs/features/languages.md): the forgotten-password e-mail, the signal
// e-mail and the Telegram message in the language the account chose (else the desk's default, which
// is also the desk channel's one language); the copier block the same in every language; prices
// written as the copier block writes them (Latin digits, '.', the instrument's decimals).

// What is written does not depend on the database: one kind is enough.
const kinds = await oneTestDbKind();

const TOKEN = '7000000002:AAtest-token_for-the-languages-bot';
const SECRET = 'tg-webhook-secret_languages_0123456789';
const DESK = '-1009876543210';
const BOT = 'T0LanguagesBot';

// The Telegram Bot API (the default TELEGRAM_API_ROOT, outside this machine): msw answers and records it.
const calls: { method: string; body: Record<string, unknown> }[] = [];
let messageId = 1;
const botApi = setupServer(
  http.post(/^https:\/\/api\.telegram\.org\/bot[^/]+\/\w+$/, async ({ request }) => {
    const method = new URL(request.url).pathname.split('/').pop()!;
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    calls.push({ method, body });
    if (method === 'getMe')
      return HttpResponse.json({ ok: true, result: { id: 7000000002, is_bot: true, first_name: 'T0', username: BOT } });
    if (method === 'sendMessage')
      return HttpResponse.json({
        ok: true,
        result: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'private' },
          text: body.text,
        },
      });
    return HttpResponse.json({ ok: true, result: true });
  }),
);
const telegramTo = (chatId: string | number, part: string) =>
  calls
    .filter((c) => c.method === 'sendMessage' && String(c.body.chat_id) === String(chatId))
    .map((c) => String(c.body.text))
    .filter((text) => text.includes(part));

/** The copier block: a signal message's last five lines. */
const blockOf = (text: string) => text.trimEnd().split('\n').slice(-5).join('\n');

const LANGS = ['en', 'es', 'pt-BR', 'ar'] as const;
type Lang = (typeof LANGS)[number];

describe.each(kinds)('messages in the subscriber’s language on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: TestClient;
  let chat = 700_000_000;
  let update = 1;
  const subscribers = {} as Record<Lang, { email: string; chatId: number; client: TestClient }>;

  const mailsTo = (email: string, part: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.subject.includes(part));

  const publish = async (instrument: string, levels: [number, number, number, number]) => {
    const [entryPrice, slPrice, t0Price, t1Price] = levels;
    const res = await admin.post('/api/signals', {
      instrument,
      direction: 'long',
      entryPrice,
      slPrice,
      t0Price,
      t1Price,
      monthlyBias: 'Bullish',
      confidence: 80,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  /**
   * The publication e-mail and Telegram message one subscriber got for a signal on `instrument`
   * (a market order is activated at once: its own messages follow, in order).
   */
  const received = async (lang: Lang, instrument: string) => {
    const s = subscribers[lang];
    const [mail] = await until(
      () => mailsTo(s.email, `${instrument} LONG @`),
      (m) => m.length === 1,
    );
    const [telegram] = await until(
      () => telegramTo(s.chatId, `<b>${instrument} LONG`),
      (m) => m.length >= 1,
    );
    return { mail: mail as ReceivedMail, telegram: telegram as string };
  };

  beforeAll(async () => {
    botApi.listen({ onUnhandledRequest: 'bypass' });
    smtp = await startSmtpServer();
    // A market without prices keeps the lifecycle still: publication messages only.
    const noPrices = { latest: async () => ({ prices: {}, source: 'live' as const, updatedAt: new Date() }) };
    t = await startTestApp(
      kind,
      {
        SMTP_URL: smtp.url,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_CHANNEL_ID: DESK,
        LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
      },
      { ports: { prices: noPrices }, pinMarketEntries: true },
    );
    admin = (await signUpAdmin(t)).client;
    // One subscriber per language, each with a linked Telegram chat; English is left to the desk's default.
    for (const lang of LANGS) {
      const s = await signUpSubscriber(t);
      if (lang !== 'en') {
        const saved = await s.client.put('/api/user/preferences', { language: lang });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      const link = await s.client.post('/api/telegram/link');
      const code = new URL(link.body.url as string).searchParams.get('start')!;
      const chatId = chat++;
      const text = `/start ${code}`;
      const res = await t.client().request(
        'POST',
        '/api/webhooks/telegram',
        {
          update_id: update++,
          message: {
            message_id: update,
            date: 1,
            chat: { id: chatId, type: 'private' },
            from: { id: chatId, is_bot: false, first_name: 'T' },
            text,
            entities: commandEntities(text),
          },
        },
        { 'x-telegram-bot-api-secret-token': SECRET },
      );
      expect(res.body).toMatchObject({ ok: true, outcome: 'linked' });
      subscribers[lang] = { email: s.email, chatId, client: s.client };
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    botApi.close();
  });

  it('sends the forgotten-password e-mail in the account’s language', async () => {
    for (const lang of ['pt-BR', 'en'] as const) {
      const res = await t.client().post('/api/auth/forgot-password', { email: subscribers[lang].email });
      expect(res.status).toBe(200);
    }
    const [pt] = await until(
      () => smtp.received.filter((m) => m.to.includes(subscribers['pt-BR'].email)),
      (m) => m.length === 1,
    );
    expect(pt!.subject).toBe('T0 Terminal: redefina seu código de acesso');
    expect(pt!.text).toContain('Foi solicitada a redefinição da senha da sua conta no T0 Terminal.');
    expect(pt!.text).toMatch(
      /Defina uma nova senha aqui \(o link funciona uma única vez, por uma hora\):\nhttp:\/\/t0\.test\/reset-password\?token=/,
    );
    const [en] = await until(
      () => smtp.received.filter((m) => m.to.includes(subscribers.en.email)),
      (m) => m.length === 1,
    );
    expect(en!.subject).toBe('T0 Terminal: reset your access code');
    expect(en!.text).toContain('Set a new password here (the link works once, for one hour):');
  });

  it('sends the welcome e-mail in the account’s language', async () => {
    for (const lang of ['pt-BR', 'en'] as const) {
      const me = await subscribers[lang].client.get('/api/auth/user');
      expect(me.status).toBe(200);
      const res = await admin.post(`/api/admin/users/${(me.body as { id: number }).id}/resend-welcome`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const welcome = (lang: Lang) =>
      until(
        () => smtp.received.filter((m) => m.to.includes(subscribers[lang].email) && /T0 Terminal: /.test(m.subject)),
        (m) => m.some((x) => /Boas-vindas|Welcome/.test(x.subject)),
      ).then((m) => m.find((x) => /Boas-vindas|Welcome/.test(x.subject))!);
    const pt = await welcome('pt-BR');
    // Registered with a password: welcomed and told where to sign in.
    expect(pt.subject).toBe('Boas-vindas ao T0 Terminal: seu acesso está ativo');
    expect(pt.text).toContain('Seu acesso ao T0 Terminal está ativo. Seja bem-vindo.');
    expect(pt.text).toMatch(
      /Entre no terminal com seu endereço de e-mail e a senha que você já escolheu:\nhttp:\/\/t0\.test\/auth/,
    );
    expect(pt.text).not.toContain('Welcome aboard');
    const en = await welcome('en');
    expect(en.subject).toBe('Welcome to T0 Terminal: your access is active');
    expect(en.text).toContain('Your T0 Terminal access is active. Welcome aboard.');
  });

  it('sends the signal e-mail and the Telegram message in Portuguese, the copier block unchanged, and writes GBPJPY 196.125 and AUDUSD 0.65169 as the block does in every language', async () => {
    await publish('GBPJPY', [196.125, 195.6, 197.2, 198.3]);
    await publish('AUDUSD', [0.65169, 0.649, 0.654, 0.658]);

    const pt = await received('pt-BR', 'GBPJPY');
    expect(pt.mail.subject).toBe('Sinal T0: GBPJPY LONG @ 196.125');
    expect(pt.mail.text).toContain('Novo sinal GBPJPY LONG no T0 Terminal.');
    expect(pt.mail.text).toMatch(/^Entrada: +196\.125$/m);
    expect(pt.mail.text).toMatch(/^Confiança: +80%$/m);
    expect(pt.mail.text).toContain('Abra o terminal: http://t0.test/dashboard');
    expect(pt.mail.text).toContain('Você recebe isto porque as notificações por e-mail estão ativadas');
    expect(pt.mail.text).not.toContain('Open the terminal');
    expect(pt.telegram).toContain('<b>GBPJPY LONG PUBLICADO</b>');
    expect(pt.telegram).toContain('Novo sinal: entrada 196.125, stop 195.600, T0 197.200, T1 198.300.');
    expect(pt.telegram).toContain('Entrada <code>196.125</code>');
    expect(pt.telegram).toContain('>Abrir o T0 Terminal</a>');

    const en = await received('en', 'GBPJPY');
    expect(en.mail.subject).toBe('T0 signal: GBPJPY LONG @ 196.125');
    expect(en.mail.text).toMatch(/^Entry: {9}196\.125$/m);
    expect(en.telegram).toContain('<b>GBPJPY LONG PUBLISHED</b>');
    expect(en.telegram).toContain('>Open T0 Terminal</a>');

    const copier = {
      GBPJPY: '#GBPJPY BUY\nEntry: 196.125\nSL: 195.600\nTP1: 197.200 (50%)\nTP2: 198.300 (50%)',
      AUDUSD: '#AUDUSD BUY\nEntry: 0.65169\nSL: 0.64900\nTP1: 0.65400 (50%)\nTP2: 0.65800 (50%)',
    };
    const entry = { GBPJPY: '196.125', AUDUSD: '0.65169' };
    const entryLabel: Record<Lang, string> = { en: 'Entry', es: 'Entrada', 'pt-BR': 'Entrada', ar: 'الدخول' };
    for (const instrument of ['GBPJPY', 'AUDUSD'] as const) {
      for (const lang of LANGS) {
        const { mail, telegram } = await received(lang, instrument);
        const what = `${lang} ${instrument}`;
        // The copier block: byte for byte the same in every language, and still parsed.
        expect(blockOf(mail.text), what).toBe(copier[instrument]);
        expect(blockOf(telegram), what).toBe(copier[instrument]);
        expect(parseCopierBlock(blockOf(mail.text))).toMatchObject({
          instrument,
          entryPrice: Number(entry[instrument]),
        });
        // The price as the block writes it: in the subject, the e-mail's levels, the notice and Telegram's levels.
        expect(mail.subject, what).toContain(`@ ${entry[instrument]}`);
        expect(mail.text, what).toMatch(
          new RegExp(`^${entryLabel[lang]}: +${entry[instrument].replace('.', '\\.')}$`, 'm'),
        );
        expect(telegram, what).toContain(`${entryLabel[lang]} <code>${entry[instrument]}</code>`);
        // Never a localised form: no Arabic-Indic digits, no decimal comma.
        for (const text of [mail.subject, mail.text, telegram]) {
          expect(text, what).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
          expect(text, what).not.toContain(entry[instrument].replace('.', ','));
        }
      }
    }
    const ar = await received('ar', 'AUDUSD');
    expect(ar.mail.subject).toBe('إشارة T0: AUDUSD LONG @ 0.65169');
    expect(ar.telegram).toContain('إشارة جديدة: الدخول 0.65169');
    const es = await received('es', 'AUDUSD');
    expect(es.mail.text).toContain('Nueva señal AUDUSD LONG en T0 Terminal.');
    expect(es.telegram).toContain('<b>AUDUSD LONG PUBLICADA</b>');
  });

  it("writes in the desk's default language for a subscriber who chose none, and in one language in the desk channel", async () => {
    const current = (await admin.get('/api/admin/site-settings')).body;
    const saved = await admin.put('/api/admin/site-settings', {
      supportEmail: current.supportEmail,
      marketing: current.marketing,
      marketingLive: current.marketingLive,
      legal: current.legal,
      defaultLanguage: 'es',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await publish('GBPUSD', [1.2705, 1.265, 1.275, 1.28]);

    const en = await received('en', 'GBPUSD');
    expect(en.mail.subject).toBe('Señal T0: GBPUSD LONG @ 1.27050');
    expect(en.telegram).toContain('<b>GBPUSD LONG PUBLICADA</b>');
    // The others keep their own choice.
    expect((await received('pt-BR', 'GBPUSD')).telegram).toContain('<b>GBPUSD LONG PUBLICADO</b>');
    const [desk] = await until(
      () => telegramTo(DESK, '<b>GBPUSD LONG'),
      (m) => m.length >= 1,
    );
    expect(desk).toContain('<b>GBPUSD LONG PUBLICADA</b>');
    expect(desk).toContain('Entrada <code>1.27050</code>');
  });
});
