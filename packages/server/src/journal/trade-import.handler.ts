import { TRPCError } from '@trpc/server';
import { heldRooms } from '@t0/contracts/domain/access/access';
import {
  atOffset,
  decodeReport,
  hasZone,
  matchTrades,
  parseMt5Report,
  parseTradeCsv,
  ReportError,
  suggestOffset,
  type MatchableSignal,
  type ReportTrade,
} from '@t0/contracts/domain/journal/trade-import';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { ImportCandidate, ImportedTrade, ImportInput, ImportResult } from '@t0/contracts/schemas/journal/journal';
import type { Context } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { loadInstrumentCatalogue } from '../instruments/instruments.queries';
import { accountFor, journalableSignal } from './journal.handler';
import {
  deleteJournalExits,
  findImportedTrade,
  findJournalEntry,
  insertImportedTrade,
  insertJournalExit,
  linkJournalEntryToImport,
  listImportedTrades,
  listJournalableSignals,
  setImportedTradeSignal,
  upsertJournalEntry,
} from './journal.queries';

// Importing fills (docs/features/journal.md, "Importing fills"): a MetaTrader 5 Trade History
// Report or the generic CSV becomes imported trades, matched to the signals the subscriber may
// journal; a matched trade is their journal entry (took, at its fill, closed at its close).

type UserCtx = Context & { user: User };
type Db = Context['db'];

const DAY_MS = 24 * 60 * 60_000;
/** Signals looked at around a report's trades: the offsets tried (−12 h to +14 h) and a day of matching. */
const SEARCH_MARGIN_MS = 15 * 60 * 60_000;

function parseReport(input: ImportInput): ReportTrade[] {
  const text = input.content ?? decodeReport(new Uint8Array(Buffer.from(input.contentBase64 ?? '', 'base64')));
  try {
    return input.format === 'mt5' ? parseMt5Report(text) : parseTradeCsv(text);
  } catch (err) {
    if (err instanceof ReportError)
      throw validationError([
        { path: [input.content === undefined ? 'contentBase64' : 'content'], message: err.message },
      ]);
    throw err;
  }
}

/** The signals near the trades that the user may journal, as the matcher takes them. */
async function candidateSignals(ctx: UserCtx, trades: readonly ReportTrade[]): Promise<MatchableSignal[]> {
  // As UTC wall times: the search margin covers every offset tried.
  const times = trades.map((t) => atOffset(t.openTime, 0));
  const from = new Date(Math.min(...times) - DAY_MS - SEARCH_MARGIN_MS);
  const to = new Date(Math.max(...times) + SEARCH_MARGIN_MS);
  const rows = await listJournalableSignals(
    ctx.db,
    { userId: ctx.user.id, isAdmin: ctx.user.isAdmin, roomsNow: heldRooms(ctx.user) },
    from,
    to,
  );
  return rows
    .filter((s) => s.status !== 'deleted')
    .map((s) => ({
      id: s.id,
      instrument: s.instrument,
      direction: s.direction,
      publishedAt: s.createdAt.toISOString(),
      closedAt: s.closedAt?.toISOString() ?? null,
    }));
}

/** `POST /api/user/imports`: reads the report, suggests the server offset, and (not a preview) adds what is new. */
export async function importTradesHandler({ ctx, input }: { ctx: UserCtx; input: ImportInput }): Promise<ImportResult> {
  const trades = parseReport(input);
  const signals = await candidateSignals(ctx, trades);
  const known = (await loadInstrumentCatalogue(ctx.db)).map((i) => i.symbol);
  const opts = { known, symbolMap: input.symbolMap };
  const suggested = suggestOffset(trades, signals, opts);
  const needsOffset = input.serverOffsetMinutes === undefined && !trades.every((t) => hasZone(t.openTime));
  const offset = input.serverOffsetMinutes ?? (needsOffset ? suggested : 0);
  const matches = matchTrades(trades, signals, { ...opts, offsetMinutes: offset ?? 0 });
  const rows = matches.map((m) => ({
    ref: m.trade.ref,
    symbol: m.trade.symbol,
    instrument: m.instrument,
    direction: m.trade.direction,
    openedAt: m.openedAt,
    signalId: m.signalId,
  }));
  const answer = {
    trades: trades.length,
    suggestedOffsetMinutes: suggested,
    offsetMinutes: needsOffset ? null : offset,
    needsOffset,
    preview: input.preview === true || needsOffset,
    added: 0,
    alreadyImported: 0,
    matched: matches.filter((m) => m.signalId !== null).length,
    rows,
  };
  if (answer.preview) return answer;

  return transact(ctx.db, async (tx) => {
    const account = await accountFor(tx, ctx.user.id, input.account);
    let added = 0;
    let matched = 0;
    for (const m of matches) {
      const t = m.trade;
      const inserted = await insertImportedTrade(tx, {
        userId: ctx.user.id,
        accountId: account.id,
        source: input.format,
        ref: t.ref.slice(0, 200),
        symbol: t.symbol.slice(0, 40),
        instrument: m.instrument,
        direction: t.direction,
        volume: t.volume,
        openedAt: new Date(m.openedAt),
        openPrice: t.openPrice,
        closedAt: m.closedAt ? new Date(m.closedAt) : null,
        closePrice: t.closePrice,
        profit: t.profit,
        signalId: null,
      });
      if (!inserted) continue;
      added += 1;
      if (m.signalId !== null && (await journalImported(tx, account.id, ctx.user.id, inserted.id, m.signalId)))
        matched += 1;
    }
    return { ...answer, added, alreadyImported: trades.length - added, matched };
  });
}

/**
 * Makes an imported trade the account's journal entry for a signal: took, at the trade's fill and
 * time, its lots, closed whole at its close. False (the trade stays unmatched) when another
 * imported trade is that entry already: two fills of one signal are matched by hand.
 */
async function journalImported(db: Db, accountId: number, userId: number, importedId: number, signalId: number) {
  const existing = await findJournalEntry(db, accountId, signalId);
  if (existing?.importedTradeId != null && existing.importedTradeId !== importedId) return false;
  const trade = (await findImportedTrade(db, userId, importedId))!;
  const entryId = await upsertJournalEntry(
    db,
    { userId, accountId, signalId },
    {
      decision: 'took',
      fillPrice: Number(trade.openPrice),
      takenAt: trade.openedAt,
      riskPercent: null,
      lots: Number(trade.volume),
      contractSize: null,
    },
  );
  await linkJournalEntryToImport(db, entryId, importedId, trade.profit === null ? null : Number(trade.profit));
  await deleteJournalExits(db, entryId);
  if (trade.closedAt && trade.closePrice !== null)
    await insertJournalExit(db, entryId, { price: Number(trade.closePrice), share: 100, closedAt: trade.closedAt });
  await setImportedTradeSignal(db, importedId, signalId);
  return true;
}

const toView = (r: Awaited<ReturnType<typeof listImportedTrades>>[number]): ImportedTrade => ({
  id: r.id,
  account: r.account,
  source: r.source as ImportedTrade['source'],
  ref: r.ref,
  symbol: r.symbol,
  instrument: r.instrument,
  direction: r.direction,
  volume: Number(r.volume),
  openedAt: r.openedAt.toISOString(),
  openPrice: Number(r.openPrice),
  closedAt: r.closedAt?.toISOString() ?? null,
  closePrice: r.closePrice === null ? null : Number(r.closePrice),
  profit: r.profit === null ? null : Number(r.profit),
  signalId: r.signalId,
});

export async function listImportedTradesHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { unmatched?: 'true' | 'false' } | undefined;
}): Promise<ImportedTrade[]> {
  const unmatched = input?.unmatched === undefined ? undefined : input.unmatched === 'true';
  return (await listImportedTrades(ctx.db, ctx.user.id, { unmatched })).map(toView);
}

/** How far back a manual match looks for a trade's signal, and how far after its opening. */
const CANDIDATES_BEFORE_MS = 7 * DAY_MS;
const CANDIDATES_AFTER_MS = 10 * 60_000;
const CANDIDATES_MAX = 20;

/** `GET /api/user/imported-trades/{id}/candidates`: the signals a manual match may choose, newest first. */
export async function importCandidatesHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { id: number };
}): Promise<ImportCandidate[]> {
  const trade = await findImportedTrade(ctx.db, ctx.user.id, input.id);
  if (!trade) throw notFound('Imported trade');
  const opened = trade.openedAt.getTime();
  const rows = await listJournalableSignals(
    ctx.db,
    { userId: ctx.user.id, isAdmin: ctx.user.isAdmin, roomsNow: heldRooms(ctx.user) },
    new Date(opened - CANDIDATES_BEFORE_MS),
    new Date(opened + CANDIDATES_AFTER_MS),
  );
  return rows
    .filter(
      (s) =>
        s.status !== 'deleted' &&
        s.direction === trade.direction &&
        (trade.instrument === null || s.instrument === trade.instrument),
    )
    .reverse()
    .slice(0, CANDIDATES_MAX)
    .map((s) => ({
      id: s.id,
      instrument: s.instrument,
      direction: s.direction,
      publishedAt: s.createdAt.toISOString(),
      status: s.status,
    }));
}

/** `POST /api/user/imported-trades/{id}/match`: matches an imported trade to a signal by hand. */
export async function matchImportedTradeHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: { id: number; signalId: number };
}): Promise<ImportedTrade> {
  const trade = await findImportedTrade(ctx.db, ctx.user.id, input.id);
  if (!trade) throw notFound('Imported trade');
  // Only "no such signal, or not one this user may journal" is the caller's mistake; any other
  // failure of the read (the database away) is the server's and keeps its status.
  const signal = await journalableSignal(ctx, input.signalId).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === 'NOT_FOUND')
      throw validationError([{ path: ['signalId'], message: 'signalId: no signal of yours has this id' }]);
    throw err;
  });
  if (signal.direction !== trade.direction || (trade.instrument !== null && signal.instrument !== trade.instrument))
    throw validationError([
      {
        path: ['signalId'],
        message: `signalId: that signal is ${signal.instrument} ${signal.direction}, the trade is not`,
      },
    ]);
  await transact(ctx.db, async (tx) => {
    if (!(await journalImported(tx, trade.accountId, ctx.user.id, trade.id, signal.id)))
      throw validationError([
        { path: ['signalId'], message: 'signalId: another imported trade of this account is that signal’s entry' },
      ]);
  });
  const rows = await listImportedTrades(ctx.db, ctx.user.id);
  return toView(rows.find((r) => r.id === trade.id)!);
}
