import { fillPromptText } from '@t0/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedMarket } from '../fakes/market';
import { commandEntities, FakeTelegramBotApi } from '../fakes/telegram-bot-api';
import {
  endAllAccess,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

// "I took it" from the Telegram message (docs/features/journal.md): the buttons under a published signal in a
// subscriber's chat, answered through the bot, and the reply that corrects the fill. The Bot API
// is the local fake; updates are posted to the webhook as Telegram would.
const kinds = await testDbKinds();

const TOKEN = '7000000043:AAtest-token_for-the-journal-buttons';
const SECRET = 'tg-journal-secret_0123456789abcdef';
const DESK = '-1004300000000';
const BOT = { id: 7000000043, username: 'T0JournalTestBot' };

let chatSeq = 430_000_000;
let updateSeq = 1;

describe.each(kinds)('I took it from Telegram on %s', (kind) => {
  let t: TestApp;
  let tg: FakeTelegramBotApi;
  let admin: TestClient;

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
  /** A text in a private chat; `languageCode` is the sender's language in Telegram (`from.language_code`). */
  const message = (chatId: number, text: string, replyTo?: string, languageCode?: string) =>
    postUpdate({
      message: {
        message_id: updateSeq,
        date: 1,
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'T', ...(languageCode ? { language_code: languageCode } : {}) },
        text,
        entities: commandEntities(text),
        ...(replyTo !== undefined
          ? {
              reply_to_message: {
                message_id: 1,
                date: 1,
                chat: { id: chatId, type: 'private' },
                from: { id: BOT.id, is_bot: true, first_name: 'T0', username: BOT.username },
                text: replyTo,
              },
            }
          : {}),
      },
    });
  /** A press of one of the buttons, by the Telegram user `from`. */
  const press = (from: number, data: string, languageCode?: string) =>
    postUpdate({
      callback_query: {
        id: `cb${updateSeq}`,
        from: { id: from, is_bot: false, first_name: 'T', ...(languageCode ? { language_code: languageCode } : {}) },
        chat_instance: '1',
        message: { message_id: 1, date: 1, chat: { id: from, type: 'private' }, text: 'signal' },
        data,
      },
    });

  /** An account linked to a fresh chat through the profile's LINK TELEGRAM and /start. */
  const linked = async (account: { client: TestClient; id: number }, languageCode?: string) => {
    const res = await account.client.post('/api/telegram/link');
    expect(res.status).toBe(200);
    const code = new URL(res.body.url as string).searchParams.get('start')!;
    const chatId = chatSeq++;
    expect(await message(chatId, `/start ${code}`, undefined, languageCode)).toBe('linked');
    return { ...account, chatId };
  };

  const sentTo = (chatId: number | string) =>
    tg.callsOf('sendMessage').filter((c) => String(c.body.chat_id) === String(chatId));
  const entries = (userId: number) =>
    t.db.db
      .selectFrom('journalEntries')
      .select(['signalId', 'decision', 'fillPrice', 'takenAt'])
      .where('userId', '=', userId)
      .execute();
  /** The default fill: the signal's fill once filled, its entry before. */
  const defaultFill = async (signalId: number) => {
    const s = await t.db.db
      .selectFrom('signals')
      .select(['fillPrice', 'entryPrice'])
      .where('id', '=', signalId)
      .executeTakeFirstOrThrow();
    return Number(s.fillPrice ?? s.entryPrice);
  };

  let sub: { client: TestClient; id: number; chatId: number };
  let signalId: number;

  beforeAll(async () => {
    tg = new FakeTelegramBotApi(TOKEN, BOT);
    // The market stays at the signals' entries: the price watcher's first run (at the start, or at any
    // moment under load) moves no signal, so no lifecycle notice reaches a chat between two counts.
    const market = scriptedMarket({ GBPJPY: 196.45, AUDUSD: 0.652, GBPUSD: 1.2651, US30: 42000 });
    t = await startTestApp(
      kind,
      {
        PRICE_REFRESH_MS: '3600000',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_ROOT: await tg.start(),
        TELEGRAM_BOT_USERNAME: BOT.username,
        TELEGRAM_CHANNEL_ID: DESK,
        LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
      },
      { ports: { prices: market.feed } },
    );
    admin = (await signUpAdmin(t)).client;
    sub = await linked(await signUpSubscriber(t));
    const res = await admin.post('/api/signals', {
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.45,
      slPrice: 195.6,
      t0Price: 197.2,
      t1Price: 198.3,
      monthlyBias: 'Bullish',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    signalId = res.body.id;
  });
  afterAll(async () => {
    await t?.close();
    await tg?.stop();
  });

  it('the published signal arrives in the subscriber’s chat with I TOOK IT / I SKIPPED IT; the desk channel’s post has none', async () => {
    const [sent] = await until(
      () => sentTo(sub.chatId).filter((c) => String(c.body.text).includes('PUBLISHED')),
      (l) => l.length === 1,
      5_000,
      25,
    );
    expect(sent!.body.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'I TOOK IT', callback_data: `j:t:${signalId}` },
          { text: 'I SKIPPED IT', callback_data: `j:s:${signalId}` },
        ],
      ],
    });
    const [desk] = await until(
      () => sentTo(DESK).filter((c) => String(c.body.text).includes('PUBLISHED')),
      (l) => l.length === 1,
      5_000,
      25,
    );
    expect(desk!.body.reply_markup).toBeUndefined();
  });

  it('I TOOK IT records the default fill, answers the press and asks for the real fill', async () => {
    const asked = sentTo(sub.chatId).length;
    expect(await press(sub.chatId, `j:t:${signalId}`)).toBe('journal_took');
    const answers = tg.callsOf('answerCallbackQuery');
    expect(answers.at(-1)!.body).toMatchObject({ text: 'Marked taken.' });
    const question = sentTo(sub.chatId).slice(asked);
    expect(question).toHaveLength(1);
    expect(question[0]!.body).toMatchObject({
      text: fillPromptText(signalId, true),
      reply_markup: { force_reply: true },
    });
    const [entry] = await entries(sub.id);
    expect(entry).toMatchObject({ signalId, decision: 'took' });
    expect(Number(entry!.fillPrice)).toBe(await defaultFill(signalId));
    // The same as the REST path's view of it.
    const rest = await sub.client.get('/api/user/results');
    expect(rest.body.trades.map((x: { signalId: number }) => x.signalId)).toEqual([signalId]);
  });

  it('a reply to the question corrects the fill, keeping the time; a reply that is not a price changes nothing', async () => {
    const [before] = await entries(sub.id);
    const question = fillPromptText(signalId, true);
    expect(await message(sub.chatId, 'about two', question)).toBe('fill_refused');
    expect(sentTo(sub.chatId).at(-1)!.body.text).toMatch(/not a price/);
    expect(await message(sub.chatId, '0', question)).toBe('fill_refused');
    expect(await entries(sub.id)).toEqual([before]);

    expect(await message(sub.chatId, '196,52', question)).toBe('fill_recorded');
    expect(sentTo(sub.chatId).at(-1)!.body.text).toBe(`Signal #${signalId}: your fill is 196.52.`);
    const [after] = await entries(sub.id);
    expect(Number(after!.fillPrice)).toBe(196.52);
    expect(after!.takenAt).toEqual(before!.takenAt);
    // Any other text of a linked subscriber is their message to the desk (docs/features/messages.md).
    expect(await message(sub.chatId, 'hello')).toBe('message_stored');
  });

  it('I SKIPPED IT marks the signal skipped', async () => {
    expect(await press(sub.chatId, `j:s:${signalId}`)).toBe('journal_skipped');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body).toMatchObject({ text: 'Marked skipped.' });
    expect(await entries(sub.id)).toEqual([
      expect.objectContaining({ signalId, decision: 'skipped', fillPrice: null }),
    ]);
  });

  it('a press by a Telegram user who is not linked, or by a linked account that never held the room, journals nothing', async () => {
    const stranger = chatSeq++;
    expect(await press(stranger, `j:t:${signalId}`)).toBe('journal_refused');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body.text).toMatch(/not linked/);

    const free = await linked(await signUp(t));
    const asked = sentTo(free.chatId).length;
    expect(await press(free.chatId, `j:t:${signalId}`)).toBe('journal_refused');
    const answer = String(tg.callsOf('answerCallbackQuery').at(-1)!.body.text);
    expect(answer).toMatch(/cannot record this signal/);
    // Nothing of the signal's levels in the answer, and no question asked.
    expect(answer).not.toMatch(/196|195|197|198/);
    expect(sentTo(free.chatId)).toHaveLength(asked);
    expect(await press(free.chatId, `j:s:${signalId}`)).toBe('journal_refused');
    // A reply to a question never asked of them is refused too.
    expect(await message(free.chatId, '196.5', fillPromptText(signalId, true))).toBe('fill_refused');
    expect(await entries(free.id)).toEqual([]);

    // The subscriber's own entry was not touched by any of it.
    expect(await entries(sub.id)).toEqual([expect.objectContaining({ decision: 'skipped' })]);
  });

  it('a lapsed subscriber’s press on a signal still open records nothing until they give the fill, and reveals no level', async () => {
    const lapsed = await linked(await signUpSubscriber(t));
    const res = await admin.post('/api/signals', {
      instrument: 'GBPUSD',
      direction: 'short',
      entryPrice: 1.2651,
      slPrice: 1.2703,
      t0Price: 1.2604,
      t1Price: 1.2552,
      monthlyBias: 'Bearish',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const open = res.body.id as number;
    // Received while they held the room; then their access ends with the signal still open.
    await until(
      () => sentTo(lapsed.chatId).filter((c) => String(c.body.text).includes('GBPUSD SHORT PUBLISHED')),
      (l) => l.length === 1,
      5_000,
      25,
    );
    await endAllAccess(t, lapsed.id);
    const asked = sentTo(lapsed.chatId).length;
    expect(await press(lapsed.chatId, `j:t:${open}`)).toBe('journal_fill_asked');
    const answer = String(tg.callsOf('answerCallbackQuery').at(-1)!.body.text);
    expect(answer).toBe('Reply with your fill price to record it.');
    // (A lifecycle notice queued before the access ended may still arrive: only the bot's questions are read.)
    const question = sentTo(lapsed.chatId)
      .slice(asked)
      .filter((c) => c.body.reply_markup !== undefined);
    expect(question.map((c) => [c.body.text, c.body.reply_markup])).toEqual([
      [fillPromptText(open, false), { force_reply: true, input_field_placeholder: 'Fill price' }],
    ]);
    expect(JSON.stringify(question)).not.toMatch(/1\.2[5-7]/);
    expect(await entries(lapsed.id)).toEqual([]);
    expect(await message(lapsed.chatId, '1.2648', fillPromptText(open, false))).toBe('fill_recorded');
    expect(await entries(lapsed.id)).toEqual([
      expect.objectContaining({ signalId: open, decision: 'took', fillPrice: expect.anything() }),
    ]);
    expect(Number((await entries(lapsed.id))[0]!.fillPrice)).toBe(1.2648);
  });

  it("answers a linked subscriber in their account's language: linking, the buttons, the fill question and /stop", async () => {
    const account = await signUpSubscriber(t);
    const chosen = await account.client.put('/api/user/preferences', { language: 'pt-BR' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    // Their Telegram is in English: the account's choice wins.
    const pt = await linked(account, 'en');
    expect(sentTo(pt.chatId).at(-1)!.body.text).toBe(
      'Vinculado ao T0 Terminal. Os sinais e seus níveis chegarão a este chat assim que acontecerem. Envie /stop para desvincular.',
    );

    const asked = sentTo(pt.chatId).length;
    expect(await press(pt.chatId, `j:t:${signalId}`, 'en')).toBe('journal_took');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body.text).toBe('Marcado como executado.');
    const [question] = sentTo(pt.chatId).slice(asked);
    const pergunta = `Sinal #${signalId}: registrado como executado no preço de entrada do sinal. Para corrigir seu preço de execução, responda a esta mensagem com o preço real.`;
    expect(question!.body).toMatchObject({
      text: pergunta,
      reply_markup: { force_reply: true, input_field_placeholder: 'Preço de execução' },
    });
    // A reply to the Portuguese question is read as the fill.
    expect(await message(pt.chatId, 'cerca de dois', pergunta)).toBe('fill_refused');
    expect(sentTo(pt.chatId).at(-1)!.body.text).toBe(
      'Isso não é um preço. Responda à pergunta com seu preço de execução, um número como 1.2345.',
    );
    expect(await message(pt.chatId, '196,5', pergunta)).toBe('fill_recorded');
    expect(sentTo(pt.chatId).at(-1)!.body.text).toBe(`Sinal #${signalId}: seu preço de execução é 196.5.`);
    expect(Number((await entries(pt.id))[0]!.fillPrice)).toBe(196.5);
    expect(await press(pt.chatId, `j:s:${signalId}`)).toBe('journal_skipped');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body.text).toBe('Marcado como ignorado.');
    // A text to the desk is answered in Portuguese too.
    expect(await message(pt.chatId, 'Olá, mesa')).toBe('message_stored');
    expect(sentTo(pt.chatId).at(-1)!.body.text).toBe(
      'Mensagem enviada para a mesa. A resposta ficará no T0 Terminal, em MENSAGENS, e você será avisado aqui.',
    );

    expect(await message(pt.chatId, '/stop', undefined, 'en')).toBe('unlinked');
    expect(sentTo(pt.chatId).at(-1)!.body.text).toBe(
      `Desvinculado. O T0 Terminal não enviará mais nada para este chat. Para vincular de novo: ${t.config.publicUrl}/profile`,
    );
    // Linked no more: now the sender's Telegram language speaks.
    expect(await press(pt.chatId, `j:t:${signalId}`, 'en')).toBe('journal_refused');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body.text).toBe(
      'This Telegram account is not linked to a T0 Terminal account.',
    );
  });

  it("answers a chat linked to no account in the sender's Telegram language, else in the desk's default", async () => {
    const howToLinkEs = `Para recibir aquí las señales de T0 Terminal, abre tu perfil (${t.config.publicUrl}/profile), ve a ALERTAS → Telegram y pulsa VINCULAR TELEGRAM. Cada enlace funciona una sola vez, durante 15 minutos.`;
    const stranger = chatSeq++;
    expect(await message(stranger, 'hola', undefined, 'es')).toBe('help');
    expect(sentTo(stranger).at(-1)!.body.text).toBe(howToLinkEs);
    expect(await message(stranger, '/start not-a-code', undefined, 'es-MX')).toBe('link_refused');
    expect(sentTo(stranger).at(-1)!.body.text).toBe(`Este enlace ha caducado o ya se ha usado. ${howToLinkEs}`);
    expect(await message(stranger, '/stop', undefined, 'pt-br')).toBe('not_linked');
    expect(sentTo(stranger).at(-1)!.body.text).toBe('Este chat não está vinculado a nenhuma conta do T0 Terminal.');
    expect(await press(stranger, `j:t:${signalId}`, 'ar')).toBe('journal_refused');
    expect(tg.callsOf('answerCallbackQuery').at(-1)!.body.text).toBe(
      'حساب Telegram هذا غير مرتبط بأي حساب في T0 Terminal.',
    );

    // A language the bot does not speak, or none: the desk's default (Arabic here, then English again).
    const current = (await admin.get('/api/admin/site-settings')).body;
    const setDefault = async (defaultLanguage: string) => {
      const saved = await admin.put('/api/admin/site-settings', {
        supportEmail: current.supportEmail,
        marketing: current.marketing,
        marketingLive: current.marketingLive,
        legal: current.legal,
        defaultLanguage,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await setDefault('ar');
    try {
      expect(await message(stranger, 'hallo', undefined, 'de')).toBe('help');
      expect(sentTo(stranger).at(-1)!.body.text).toMatch(/^لتلقي إشارات T0 Terminal هنا/);
    } finally {
      await setDefault('en');
    }
    expect(await message(stranger, 'hello')).toBe('help');
    expect(sentTo(stranger).at(-1)!.body.text).toMatch(/^To receive T0 Terminal signals here, open your profile/);
  });

  it('callback data that is not a journal button is ignored', async () => {
    expect(await press(sub.chatId, 'j:t:0')).toBe('ignored');
    expect(await press(sub.chatId, 'anything')).toBe('ignored');
  });
});
