import { csvDocument } from '../common/csv';
import { directionSign, roundTo, toPips } from '../signals/signal-levels';
import type { SignalOutcome } from '../signals/signal-outcome';
import { openShare, weightedResult, type TradePart } from '../signals/signal-parts';
import { catalogueWords, type Words } from '../languages/words';
import englishBot from '../../locales/en/bot.json';

// The subscriber's own book (docs/features/journal.md): what a subscriber says they did with a
// signal, and their result computed from prices: their fill against the stop the signal was
// published with. Private to the subscriber; self-reported, so never part of the desk's record.

export const JOURNAL_DECISIONS = ['took', 'skipped'] as const;
export type JournalDecision = (typeof JOURNAL_DECISIONS)[number];

/** The account a subscriber's entries go to when they name none (made on first use). */
export const DEFAULT_TRADING_ACCOUNT = 'Main';
/** Accounts per subscriber, at most. */
export const MAX_TRADING_ACCOUNTS = 10;

/** One exit of the subscriber's own: a share of the position (percent, 0-100] at a price. */
export interface OwnExit {
  price: number;
  share: number;
  closedAt: string;
}

/** What the subscriber said they did with a signal they took. */
export interface TakenTrade {
  fillPrice: number;
  takenAt: string;
  /** Percent of the account risked (their trading config's position size by default). */
  riskPercent: number | null;
  /** Lots, and the contract size (units per lot) the subscriber gave: the money result needs both. */
  lots: number | null;
  contractSize: number | null;
  exits: readonly OwnExit[];
}

export interface MyTradeResult {
  /** |my fill − the published stop|: my R unit (null when the fill is at or beyond the stop). */
  riskPrice: number | null;
  r: number | null;
  pips: number | null;
  /** Σ share × (exit − fill) × lots × contract size, in the instrument's quote currency; null without lots and contract size. */
  money: number | null;
  /** r × the risk percentage: what the trade made of the account, in percent. */
  accountPercent: number | null;
  /** (my fill − the desk's entry) against the trade's direction, in pips: positive is a worse fill than the desk's. */
  slippagePips: number | null;
  /** Still open: neither my exits nor the desk's close the whole position. */
  open: boolean;
  closedAt: string | null;
  /** The parts my result is made of (mine, or the desk's when I recorded none). */
  parts: TradePart[];
  /** My fill lies outside every price the desk's record saw for this trade, by more than a quarter of its risk. */
  farFromFeed: boolean;
}

/** The desk's entry a subscriber's fill is compared with: its fill, or its published entry while unfilled. */
export const deskEntryOf = (desk: SignalOutcome) => desk.fillPrice ?? desk.entryPrice;

/**
 * A taken trade's result. With exits of my own, those parts, and the rest at the desk's exit once
 * the signal has finished (open before). With none, the desk's parts and exit at my fill: I managed
 * the trade as the desk did.
 */
export function myTradeResult(desk: SignalOutcome, mine: TakenTrade): MyTradeResult {
  const stop = desk.slPrice;
  const sign = directionSign(desk.direction);
  const riskPrice =
    stop !== null && (mine.fillPrice - stop) * sign > 0 ? roundTo(Math.abs(mine.fillPrice - stop), 8) : null;
  const own: TradePart[] = mine.exits.map((e) => ({ kind: 'manual', share: e.share, price: e.price }));
  const deskClosed = desk.exitPrice !== null && desk.fillPrice !== null;
  let parts: TradePart[];
  let closedAt: string | null;
  if (own.length > 0) {
    parts = own;
    closedAt = latest(mine.exits.map((e) => e.closedAt));
    if (openShare(own) > 0) {
      if (deskClosed) {
        parts = [...own, { kind: 'exit', share: openShare(own), price: desk.exitPrice! }];
        closedAt = latest([closedAt, desk.closedAt]);
      } else closedAt = null;
    }
  } else {
    parts = deskClosed ? desk.parts : [];
    closedAt = deskClosed ? desk.closedAt : null;
  }
  const open = openShare(parts) > 0;
  const result =
    !open && riskPrice !== null
      ? weightedResult(desk.instrument, desk.direction, mine.fillPrice, riskPrice, parts, null)
      : null;
  const money =
    !open && mine.lots !== null && mine.contractSize !== null
      ? roundTo(
          parts.reduce(
            (sum, p) => sum + (p.share / 100) * (p.price - mine.fillPrice) * sign * mine.lots! * mine.contractSize!,
            0,
          ),
          2,
        )
      : null;
  const deskEntry = deskEntryOf(desk);
  return {
    riskPrice,
    r: result?.r ?? null,
    pips: result?.pips ?? null,
    money,
    accountPercent: result && mine.riskPercent !== null ? roundTo(result.r * mine.riskPercent, 2) : null,
    slippagePips: deskEntry === null ? null : toPips(desk.instrument, (mine.fillPrice - deskEntry) * sign),
    open,
    closedAt: open ? null : closedAt,
    parts,
    farFromFeed: isFarFromFeed(desk, mine.fillPrice),
  };
}

/** Whether a fill lies outside the prices the desk's record saw, by more than a quarter of the signal's risk. */
export function isFarFromFeed(desk: SignalOutcome, fill: number): boolean {
  const seen = [desk.entryPrice, desk.fillPrice, desk.exitPrice, desk.fillFeedPrice, desk.exitFeedPrice]
    .concat(desk.parts.map((p) => p.price))
    .filter((p): p is number => p !== null && Number.isFinite(p));
  if (seen.length === 0 || !desk.riskPrice) return false;
  const slack = desk.riskPrice / 4;
  return fill < Math.min(...seen) - slack || fill > Math.max(...seen) + slack;
}

const latest = (times: readonly (string | null)[]) =>
  times.filter((t): t is string => t !== null).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;

/** One journaled signal, as the results summarise it. */
export interface JournalRow {
  decision: JournalDecision;
  /** Mine (took, closed), else null. */
  r: number | null;
  /** The desk's R for the same signal (null while it has not traded and closed). */
  deskR: number | null;
  closedAt: string | null;
  deskClosedAt: string | null;
  slippagePips: number | null;
}

export interface CurvePoint {
  at: string;
  r: number;
}

export interface JournalSummary {
  taken: number;
  skipped: number;
  /** Taken and closed: what my R figures are over. */
  closed: number;
  totalR: number;
  meanR: number | null;
  /** Share of closed trades above 0 R. */
  winRate: number | null;
  /** The desk's R over the same closed trades. */
  deskTotalR: number;
  medianSlippagePips: number | null;
  /** Cumulative R, by close time: mine over my closed trades, the desk's over the same signals. */
  mine: CurvePoint[];
  desk: CurvePoint[];
}

/** My figures over my rows, and the desk's over the same signals. */
export function journalSummary(rows: readonly JournalRow[]): JournalSummary {
  const taken = rows.filter((r) => r.decision === 'took');
  const closed = taken.filter((r) => r.r !== null && r.closedAt !== null);
  const totalR = roundTo(
    closed.reduce((s, r) => s + r.r!, 0),
    2,
  );
  const both = closed.filter((r) => r.deskR !== null && r.deskClosedAt !== null);
  return {
    taken: taken.length,
    skipped: rows.length - taken.length,
    closed: closed.length,
    totalR,
    meanR: closed.length ? roundTo(totalR / closed.length, 2) : null,
    winRate: closed.length ? roundTo(closed.filter((r) => r.r! > 0).length / closed.length, 4) : null,
    deskTotalR: roundTo(
      both.reduce((s, r) => s + r.deskR!, 0),
      2,
    ),
    medianSlippagePips: median(taken.map((r) => r.slippagePips).filter((s): s is number => s !== null)),
    mine: cumulative(closed.map((r) => ({ at: r.closedAt!, r: r.r! }))),
    desk: cumulative(both.map((r) => ({ at: r.deskClosedAt!, r: r.deskR! }))),
  };
}

/** The median of some numbers (null for none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return roundTo(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, 2);
}

function cumulative(points: readonly CurvePoint[]): CurvePoint[] {
  let sum = 0;
  return [...points]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((p) => ({ at: p.at, r: (sum = roundTo(sum + p.r, 2)) }));
}

/** The columns of my results' CSV, in order. */
export const RESULTS_CSV_COLUMNS = [
  'signal_id',
  'account',
  'instrument',
  'direction',
  'room',
  'published_at',
  'decision',
  'fill_price',
  'taken_at',
  'desk_entry',
  'slippage_pips',
  'my_r',
  'desk_r',
  'pips',
  'money',
  'risk_percent',
  'account_percent',
  'closed_at',
  'open',
  'far_from_feed',
] as const;

/** What one row of the CSV needs (a trade of `GET /api/user/results`). */
export interface ResultsCsvTrade {
  signalId: number;
  account: string;
  instrument: string;
  direction: string;
  room: string;
  publishedAt: string | null;
  decision: string;
  fillPrice: number | null;
  takenAt: string | null;
  deskEntry: number | null;
  slippagePips: number | null;
  r: number | null;
  deskR: number | null;
  pips: number | null;
  money: number | null;
  riskPercent: number | null;
  accountPercent: number | null;
  closedAt: string | null;
  open: boolean;
  farFromFeed: boolean;
}

/** My results as CSV: a comment line saying what the figures are, then one record per journaled signal. */
export function resultsCsv(trades: readonly ResultsCsvTrade[], notice: string): string {
  return `# ${notice}\r\n${csvDocument(
    RESULTS_CSV_COLUMNS,
    trades.map((t) => [
      t.signalId,
      t.account,
      t.instrument,
      t.direction,
      t.room,
      t.publishedAt,
      t.decision,
      t.fillPrice,
      t.takenAt,
      t.deskEntry,
      t.slippagePips,
      t.r,
      t.deskR,
      t.pips,
      t.money,
      t.riskPercent,
      t.accountPercent,
      t.closedAt,
      t.open ? 'yes' : 'no',
      t.farFromFeed ? 'yes' : 'no',
    ]),
  )}`;
}

/** The desk's figures of a signal's takers appear from this many takers up (fewer would point at people). */
export const MIN_TAKERS = 5;

/** One subscriber's entry of a signal, as the desk's figures need it. */
export interface TakerFacts {
  decision: JournalDecision;
  slippagePips: number | null;
  /** Null while open. */
  r: number | null;
}

export interface TakerFigures {
  takers: number;
  skipped: number;
  /** Null below MIN_TAKERS. */
  medianSlippagePips: number | null;
  /** Share of the closed trades above 0 R; null below MIN_TAKERS or before any closed. */
  profitShare: number | null;
  closed: number;
}

/**
 * What the desk may see of a signal's takers (the console only: self-reported by people the desk
 * could create, so never published as results): counts always, the median slippage and the share
 * in profit from MIN_TAKERS takers up.
 */
export function takerFigures(entries: readonly TakerFacts[]): TakerFigures {
  const took = entries.filter((e) => e.decision === 'took');
  const closed = took.filter((e) => e.r !== null);
  const enough = took.length >= MIN_TAKERS;
  return {
    takers: took.length,
    skipped: entries.length - took.length,
    closed: closed.length,
    medianSlippagePips: enough ? median(took.map((e) => e.slippagePips).filter((s): s is number => s !== null)) : null,
    profitShare: enough && closed.length > 0 ? roundTo(closed.filter((e) => e.r! > 0).length / closed.length, 4) : null,
  };
}

// "I took it" from the Telegram message (docs/features/journal.md): the buttons' callback data names
// the decision and the signal; the server checks who pressed and what they may journal, so the
// data need not be secret.

export type JournalButtonDecision = 'took' | 'skipped';

const BUTTON_CODES: Record<JournalButtonDecision, string> = { took: 't', skipped: 's' };

/** The callback data of a journal button (`j:t:42`, `j:s:42`: well under Telegram's 64 bytes). */
export const journalCallbackData = (decision: JournalButtonDecision, signalId: number) =>
  `j:${BUTTON_CODES[decision]}:${signalId}`;

/** The decision and signal a journal button's callback data names, or null when it is not one. */
export function parseJournalCallback(data: string): { decision: JournalButtonDecision; signalId: number } | null {
  const m = /^j:([ts]):([1-9]\d{0,11})$/.exec(data);
  if (!m) return null;
  return { decision: m[1] === 't' ? 'took' : 'skipped', signalId: Number(m[2]) };
}

/** The Telegram bot's words in English (the server gives a subscriber's language). */
const ENGLISH_BOT: Words = /* @__PURE__ */ catalogueWords('en', { bot: englishBot });

/**
 * The inline keyboard under a published signal's message in a subscriber's chat, its labels in the
 * message's language (`t`, English by default); the callback data is the same in every language.
 */
export const journalKeyboard = (signalId: number, t: Words = ENGLISH_BOT) => [
  [
    { text: t('bot:journal.tookButton'), callback_data: journalCallbackData('took', signalId) },
    { text: t('bot:journal.skippedButton'), callback_data: journalCallbackData('skipped', signalId) },
  ],
];

/**
 * The bot's question after I TOOK IT, in the reader's language (`t`, English by default); a reply
 * to it carries the fill (the signal is named in it as `#42`).
 */
export const fillPromptText = (signalId: number, recorded: boolean, t: Words = ENGLISH_BOT) =>
  recorded ? t('bot:journal.askRecorded', { signal: signalId }) : t('bot:journal.ask', { signal: signalId });

/**
 * The signal a reply to the bot's fill question is about, or null when the replied message is not
 * one: the text must be the question for the signal it names, in one of the languages given (each
 * language's words; English by default), since the subscriber may have changed language since.
 */
export function fillPromptSignal(text: string, languages: readonly Words[] = [ENGLISH_BOT]): number | null {
  const m = /#([1-9]\d{0,11})\b/.exec(text);
  if (!m) return null;
  const signalId = Number(m[1]);
  const asked = text.trim();
  const isQuestion = languages.some(
    (t) => asked === fillPromptText(signalId, true, t) || asked === fillPromptText(signalId, false, t),
  );
  return isQuestion ? signalId : null;
}

/** A fill price typed in a chat (`1.2345`, `1,2345`, `2 650.5`), or null when it is not a positive number. */
export function parseFillReply(text: string): number | null {
  const t = text
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : null;
}
