import {
  DEFAULT_TRADING_ACCOUNT,
  MAX_TRADING_ACCOUNTS,
  deskEntryOf,
  journalSummary,
  myTradeResult,
  takerFigures,
  type JournalRow,
  type TakenTrade,
  type TakerFacts,
} from '@t0/contracts/domain/journal/journal';
import { holdsRoom } from '@t0/contracts/domain/access/access';
import { seesSignalLevels, signalOfRow } from '@t0/contracts/domain/signals/signal-access';
import { roundTo } from '@t0/contracts/domain/signals/signal-levels';
import { openShare } from '@t0/contracts/domain/signals/signal-parts';
import { signalOutcome, type SignalOutcome } from '@t0/contracts/domain/signals/signal-outcome';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { ExitInput, JournalEntry, Results, SkippedInput, TookInput } from '@t0/contracts/schemas/journal/journal';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { readTradingConfig } from '../auth/user-settings.queries';
import { findSignal } from '../signals/signals.queries';
import { listSignalEventsOf, toEventFacts } from '../signals/signal-events.queries';
import {
  findJournalEntry,
  findTradingAccount,
  heldRoomAt,
  insertJournalExit,
  insertTradingAccount,
  listClosedSignalsHeldSince,
  listEntriesBySignal,
  listJournalEntries,
  listJournalExits,
  listTradingAccounts,
  lockJournalEntry,
  deleteJournalExits,
  upsertJournalEntry,
} from './journal.queries';

// The subscriber's own book (docs/features/journal.md). A subscriber journals the signals they
// were entitled to: a room they hold now, or held when the signal was published.

type UserCtx = Context & { user: User };
/** What the journal's writes read of the caller: the database and the user (a session, a token, or the bot's linked chat). */
export type JournalWriter = Pick<Context, 'db'> & { user: User };
type Db = Context['db'];

export const RESULTS_NOTICE =
  'Your own figures, computed from what you entered: private to you and not part of the desk’s record. ' +
  'Past results do not guarantee future results.';

const num = (v: string | number | null) => (v === null ? null : Number(v));

type ExitRow = Awaited<ReturnType<typeof listJournalExits>>[number];
const exitOf = (x: ExitRow) => ({ price: Number(x.price), share: Number(x.share), closedAt: x.closedAt.toISOString() });

/** A stored entry that was taken, as the rules take it (its exits among `exits`). */
function takenTradeOf(
  e: {
    id: number;
    fillPrice: string | number | null;
    takenAt: Date | null;
    riskPercent?: string | number | null;
    lots?: string | number | null;
    contractSize?: string | number | null;
  },
  exits: readonly ExitRow[],
): TakenTrade {
  return {
    fillPrice: Number(e.fillPrice),
    takenAt: e.takenAt?.toISOString() ?? '',
    riskPercent: num(e.riskPercent ?? null),
    lots: num(e.lots ?? null),
    contractSize: num(e.contractSize ?? null),
    exits: exits.filter((x) => x.entryId === e.id).map(exitOf),
  };
}

/** The signal, if the user may journal it; 404 otherwise (a room never held reads as no signal). */
export async function journalableSignal(ctx: JournalWriter, signalId: number) {
  const signal = await findSignal(ctx.db, signalId);
  if (!signal) throw notFound('Signal');
  const entitled = holdsRoom(ctx.user, signal.room) || (await heldRoomAt(ctx.db, ctx.user.id, signal.id));
  if (!entitled) throw notFound('Signal');
  return signal;
}

/** The named account (the default one, made on first use, when none is named); 400 naming `account` for an unknown name. */
export async function accountFor(db: Db, userId: number, name: string | undefined) {
  const found = await findTradingAccount(db, userId, name ?? DEFAULT_TRADING_ACCOUNT);
  if (found) return found;
  if (name !== undefined && name.toLowerCase() !== DEFAULT_TRADING_ACCOUNT.toLowerCase())
    throw validationError([{ path: ['account'], message: `account: you have no account named ${name}` }]);
  return (
    (await insertTradingAccount(db, userId, DEFAULT_TRADING_ACCOUNT)) ??
    (await findTradingAccount(db, userId, DEFAULT_TRADING_ACCOUNT))!
  );
}

/** `POST /api/signals/{id}/took`: I took it (a second call corrects the fill, the size or the time). */
export async function tookHandler({ ctx, input }: { ctx: JournalWriter; input: TookInput }): Promise<JournalEntry> {
  const signal = await journalableSignal(ctx, input.id);
  let fillPrice = input.fillPrice;
  if (fillPrice === undefined) {
    // The signal's entry is the default only for one whose levels the user may read now.
    if (!seesSignalLevels(ctx.user, signalOfRow(signal)))
      throw validationError([{ path: ['fillPrice'], message: 'fillPrice is required: this signal is locked to you' }]);
    fillPrice = Number(signal.fillPrice ?? signal.entryPrice);
  }
  const riskPercent =
    input.riskPercent ??
    (input.lots === undefined ? Number((await readTradingConfig(ctx.db, ctx.user.id)).positionSize) : null);
  const takenAt = input.takenAt ? new Date(input.takenAt) : new Date();
  if (takenAt < signal.createdAt)
    throw validationError([{ path: ['takenAt'], message: 'takenAt is before the signal was published' }]);
  return transact(ctx.db, async (tx) => {
    const account = await accountFor(tx, ctx.user.id, input.account);
    await upsertJournalEntry(
      tx,
      { userId: ctx.user.id, accountId: account.id, signalId: signal.id },
      {
        decision: 'took',
        fillPrice,
        takenAt,
        riskPercent,
        lots: input.lots ?? null,
        contractSize: input.contractSize ?? null,
      },
    );
    return entryAnswer(tx, account, signal.id);
  });
}

/** `POST /api/signals/{id}/skipped`: I skipped it (a taken entry becomes skipped, its exits gone). */
export async function skippedHandler({
  ctx,
  input,
}: {
  ctx: JournalWriter;
  input: SkippedInput;
}): Promise<JournalEntry> {
  const signal = await journalableSignal(ctx, input.id);
  return transact(ctx.db, async (tx) => {
    const account = await accountFor(tx, ctx.user.id, input.account);
    const id = await upsertJournalEntry(
      tx,
      { userId: ctx.user.id, accountId: account.id, signalId: signal.id },
      { decision: 'skipped', fillPrice: null, takenAt: null, riskPercent: null, lots: null, contractSize: null },
    );
    await deleteJournalExits(tx, id);
    return entryAnswer(tx, account, signal.id);
  });
}

/** `POST /api/signals/{id}/exits`: a partial exit or my own close of a trade I took. */
export async function exitHandler({ ctx, input }: { ctx: UserCtx; input: ExitInput }): Promise<JournalEntry> {
  const signal = await journalableSignal(ctx, input.id);
  const closedAt = input.closedAt ? new Date(input.closedAt) : new Date();
  return transact(ctx.db, async (tx) => {
    const account = await accountFor(tx, ctx.user.id, input.account);
    const entry = await findJournalEntry(tx, account.id, signal.id);
    if (!entry || entry.decision !== 'took') throw conflict('Mark the signal taken before recording an exit');
    await lockJournalEntry(tx, entry.id);
    if (entry.takenAt && closedAt < entry.takenAt)
      throw validationError([{ path: ['closedAt'], message: 'closedAt is before you took the trade' }]);
    const exits = await listJournalExits(tx, [entry.id]);
    const open = openShare(exits.map((e) => ({ share: Number(e.share) })));
    if (input.share > open + 1e-9)
      throw validationError([{ path: ['share'], message: `share: only ${open} % of the position is still open` }]);
    await insertJournalExit(tx, entry.id, { price: input.price, share: input.share, closedAt });
    return entryAnswer(tx, account, signal.id);
  });
}

async function entryAnswer(db: Db, account: { id: number; name: string }, signalId: number): Promise<JournalEntry> {
  const entry = (await findJournalEntry(db, account.id, signalId))!;
  const exits = await listJournalExits(db, [entry.id]);
  return {
    signalId,
    account: account.name,
    decision: entry.decision as JournalEntry['decision'],
    fillPrice: num(entry.fillPrice),
    takenAt: entry.takenAt?.toISOString() ?? null,
    riskPercent: num(entry.riskPercent),
    lots: num(entry.lots),
    contractSize: num(entry.contractSize),
    exits: exits.map(exitOf),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

export async function listAccountsHandler({ ctx }: { ctx: UserCtx }) {
  const rows = await listTradingAccounts(ctx.db, ctx.user.id);
  return rows.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
}

export async function addAccountHandler({ ctx, input }: { ctx: UserCtx; input: { name: string } }) {
  return transact(ctx.db, async (tx) => {
    const rows = await listTradingAccounts(tx, ctx.user.id);
    if (rows.length >= MAX_TRADING_ACCOUNTS)
      throw validationError([{ path: ['name'], message: `name: at most ${MAX_TRADING_ACCOUNTS} accounts` }]);
    const added = await insertTradingAccount(tx, ctx.user.id, input.name);
    if (!added) throw conflict(`You have an account named ${input.name} already`);
    return { ...added, createdAt: added.createdAt.toISOString() };
  });
}

/** `GET /api/user/results`: my trades and figures beside the desk's over the same signals. */
export async function resultsHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { account?: string } | undefined;
}): Promise<Results> {
  let accountId: number | undefined;
  if (input?.account !== undefined) {
    const account = await findTradingAccount(ctx.db, ctx.user.id, input.account);
    if (!account)
      throw validationError([{ path: ['account'], message: `account: you have no account named ${input.account}` }]);
    accountId = account.id;
  }
  const entries = await listJournalEntries(ctx.db, ctx.user.id, accountId);
  const exits = await listJournalExits(
    ctx.db,
    entries.map((e) => e.id),
  );
  const events = await listSignalEventsOf(
    ctx.db,
    entries.map((e) => e.signalId),
  );
  const outcomes = new Map<number, SignalOutcome>();
  for (const [id, list] of events) outcomes.set(id, signalOutcome(list.map(toEventFacts)));

  const trades: Results['trades'] = [];
  const rows: JournalRow[] = [];
  for (const e of entries) {
    const desk = outcomes.get(e.signalId);
    if (!desk) continue;
    // What the user may not read of an open signal (a room no longer held) stays withheld here too.
    const readable = seesSignalLevels(ctx.user, signalOfRow({ room: e.room, status: e.status }));
    const deskR = readable && desk.isTrade ? desk.r : null;
    const base = {
      signalId: e.signalId,
      account: e.account,
      instrument: desk.instrument,
      direction: readable ? desk.direction : '',
      room: e.room,
      publishedAt: desk.publishedAt,
      decision: e.decision as 'took' | 'skipped',
      takenAt: e.takenAt?.toISOString() ?? null,
      deskEntry: readable ? deskEntryOf(desk) : null,
      deskR,
      riskPercent: num(e.riskPercent),
    };
    if (e.decision === 'took' && e.fillPrice !== null && readable) {
      const mine = myTradeResult(desk, takenTradeOf(e, exits));
      trades.push({
        ...base,
        fillPrice: Number(e.fillPrice),
        r: mine.r,
        pips: mine.pips,
        // A statement's own profit (commission and swap in) before one computed from lots.
        money: e.statementProfit === null ? mine.money : Number(e.statementProfit),
        accountPercent: mine.accountPercent,
        slippagePips: mine.slippagePips,
        open: mine.open,
        closedAt: mine.closedAt,
        farFromFeed: mine.farFromFeed,
      });
      rows.push({
        decision: 'took',
        r: mine.r,
        deskR,
        closedAt: mine.closedAt,
        deskClosedAt: deskR === null ? null : desk.closedAt,
        slippagePips: mine.slippagePips,
      });
    } else {
      trades.push({
        ...base,
        fillPrice: num(e.fillPrice),
        r: null,
        pips: null,
        money: null,
        accountPercent: null,
        slippagePips: null,
        open: e.decision === 'took',
        closedAt: null,
        farFromFeed: false,
      });
      rows.push({
        decision: e.decision as 'took' | 'skipped',
        r: null,
        deskR,
        closedAt: null,
        deskClosedAt: deskR === null ? null : desk.closedAt,
        slippagePips: null,
      });
    }
  }
  const { mine, desk, ...summary } = journalSummary(rows);
  return {
    trades,
    summary,
    curves: { mine, desk },
    everySignal: await everySignalAtMyRisk(ctx, entries[0]?.publishedAt),
    notice: RESULTS_NOTICE,
  };
}

/** Had I taken every closed signal of my rooms since my first journaled one, at my risk. */
async function everySignalAtMyRisk(ctx: UserCtx, since: Date | undefined): Promise<Results['everySignal']> {
  if (!since) return null;
  const includeDemo = ctx.settings.includeDemo ?? !ctx.settings.isProduction;
  const ids = (await listClosedSignalsHeldSince(ctx.db, ctx.user.id, since)).map((s) => s.id);
  const events = await listSignalEventsOf(ctx.db, ids);
  let r = 0;
  let signals = 0;
  for (const list of events.values()) {
    const o = signalOutcome(list.map(toEventFacts));
    if (!o.isTrade || o.r === null || (o.demo && !includeDemo)) continue;
    signals += 1;
    r += o.r;
  }
  const riskPercent = Number((await readTradingConfig(ctx.db, ctx.user.id)).positionSize);
  return {
    signals,
    r: roundTo(r, 2),
    riskPercent,
    accountPercent: roundTo(r * riskPercent, 2),
    since: since.toISOString(),
  };
}

/** `GET /api/admin/signals/takers`: per signal, how many subscribers took it and, from 5 up, how they fared. */
export async function signalTakersHandler({ ctx }: { ctx: Context }) {
  const entries = await listEntriesBySignal(ctx.db);
  const exits = await listJournalExits(
    ctx.db,
    entries.map((e) => e.id),
  );
  const events = await listSignalEventsOf(
    ctx.db,
    entries.map((e) => e.signalId),
  );
  const bySignal = new Map<number, TakerFacts[]>();
  for (const e of entries) {
    const list = events.get(e.signalId);
    if (!list) continue;
    const desk = signalOutcome(list.map(toEventFacts));
    let facts: TakerFacts = { decision: 'skipped', slippagePips: null, r: null };
    if (e.decision === 'took' && e.fillPrice !== null) {
      const mine = myTradeResult(desk, takenTradeOf(e, exits));
      facts = { decision: 'took', slippagePips: mine.slippagePips, r: mine.r };
    }
    bySignal.set(e.signalId, [...(bySignal.get(e.signalId) ?? []), facts]);
  }
  return [...bySignal].map(([signalId, facts]) => ({ signalId, ...takerFigures(facts) }));
}
