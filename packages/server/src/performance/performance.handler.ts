import { unitName } from '@t0/contracts/domain/instruments/instruments';
import type { Db } from '@t0/db';
import { csvDocument } from '@t0/contracts/domain/common/csv';
import { roundTo } from '@t0/contracts/domain/signals/signal-levels';
import {
  HYPOTHETICAL_RESULTS_NOTICE,
  signalOutcomes,
  type SignalOutcome,
} from '@t0/contracts/domain/signals/signal-outcome';
import { recordFigures, recordTrades } from '@t0/contracts/domain/performance/track-record';
import { matchesRecordFilter, signalAuthorship } from '@t0/contracts/domain/performance/analyst-record';
import type { Performance, PerformanceFilter, PerformanceTrade } from '@t0/contracts/schemas/performance/performance';
import type { ChainVerification, StoredSignalEvent } from '@t0/contracts/schemas/signals/signal-events';
import { findAnalystBySlug } from '../analysts/analysts.queries';
import { notFound } from '../core/errors';
import { findRoomBySlug } from '../rooms/rooms.queries';
import { prescribedStatementShown } from '../site/site-settings.queries';
import { listAllSignalEvents, publicChainHead, toEventFacts, verifyChain } from '../signals/signal-events.queries';
import { withCheckpoints } from '../record/checkpoints';
import type { RecordSigner } from '../record/signer';

// The public track record, computed from `signal_events` alone. Kept per database for a minute and
// recomputed as soon as a new public event exists (one cheap query per call), so a busy public page
// costs almost nothing. The chain check (`/performance/verify`) is kept per public chain head (see
// below). Public head: the newest event everyone may read (`publicChainHead`); a running signal's
// later events move neither the kept answers nor the head they name, so polling these answers tells
// no one when a level was reached.

const KEEP_MS = 60_000;
/** Per database, per filter (`analyst:room`, both validated against the tables, so few). */
const kept = new WeakMap<object, Map<string, { key: string; at: number; value: Performance }>>();

/** The analyst and room a record is filtered to (resolved from the slugs: see `resolvePerformanceFilter`). */
export interface RecordFilter {
  analyst?: NonNullable<Performance['analyst']>;
  room?: string;
}

const average = (xs: number[], digits: number) =>
  xs.length ? roundTo(xs.reduce((a, b) => a + b, 0) / xs.length, digits) : null;

function toTrade(o: SignalOutcome): PerformanceTrade {
  return {
    signalId: o.signalId,
    instrument: o.instrument,
    direction: o.direction,
    demo: o.demo,
    publishedAt: o.publishedAt,
    openedAt: o.openedAt,
    closedAt: o.closedAt!,
    entryPrice: o.entryPrice,
    slPrice: o.slPrice,
    fillPrice: o.fillPrice!,
    exitPrice: o.exitPrice!,
    reason: o.reason,
    exitKind: o.exitKind,
    fillFeedPrice: o.fillFeedPrice,
    exitFeedPrice: o.exitFeedPrice,
    parts: o.parts,
    outcome: o.outcome!,
    pips: o.pips!,
    unit: unitName(o.instrument),
    r: o.r!,
    mfeR: o.mfeR,
    maeR: o.maeR,
    durationMs: o.durationMs,
    edits: o.edits,
  };
}

/** The record's filter from `analyst=` and `room=` slugs: an unknown one is a 404 naming it. */
export async function resolvePerformanceFilter(db: Db, input: PerformanceFilter): Promise<RecordFilter> {
  const filter: RecordFilter = {};
  if (input?.analyst) {
    const a = await findAnalystBySlug(db, input.analyst);
    if (!a) throw notFound(`Analyst ${input.analyst}`);
    filter.analyst = { id: a.id, slug: a.slug, displayName: a.displayName, title: a.title, active: a.active };
  }
  if (input?.room) {
    if (!(await findRoomBySlug(db, input.room))) throw notFound(`Room ${input.room}`);
    filter.room = input.room;
  }
  return filter;
}

/** Every published signal's outcome (demo ones only when `includeDemo`), each with its author and room. */
export function publishedOutcomes(events: readonly StoredSignalEvent[], includeDemo: boolean) {
  const authorship = signalAuthorship(events);
  const outcomes = signalOutcomes(events.map(toEventFacts)).filter(
    (o) => o.publishedAt !== null && (includeDemo || !o.demo),
  );
  return { outcomes, authorship };
}

/**
 * Every figure of the record (demo signals included only when `includeDemo`), over the signals of
 * `filter`'s analyst and room when given (their created events name them).
 */
export async function computePerformance(
  db: Db,
  opts: { includeDemo: boolean; now?: Date; filter?: RecordFilter },
): Promise<Performance> {
  const now = opts.now ?? new Date();
  const filter = opts.filter ?? {};
  const events = await listAllSignalEvents(db);
  // The chain, and every signed checkpoint against it (the page's banner names a contradicted one).
  const verification = atPublicHead(
    await withCheckpoints(db, events, verifyChain(events, now)),
    await publicChainHead(db),
  );
  const published = publishedOutcomes(events, opts.includeDemo);
  const outcomes = published.outcomes.filter((o) =>
    matchesRecordFilter(published.authorship.get(o.signalId), { analystId: filter.analyst?.id, room: filter.room }),
  );
  const trades = outcomes
    .filter((o) => o.isTrade)
    .map(toTrade)
    .sort((a, b) => Date.parse(a.closedAt) - Date.parse(b.closedAt) || a.signalId - b.signalId);
  const figures = recordFigures(recordTrades(outcomes));
  const durations = trades.map((t) => t.durationMs).filter((d): d is number => d !== null);
  const publishedAt = outcomes.map((o) => o.publishedAt!).sort();
  return {
    signalsTaken: figures.signalsTaken,
    wins: figures.wins,
    losses: figures.losses,
    breakevens: figures.breakevens,
    winRate: figures.winRate,
    winRateExBreakeven: figures.winRateExBreakeven,
    totalR: figures.totalR,
    averageR: figures.averageR,
    averageWinR: figures.averageWinR,
    averageLossR: figures.averageLossR,
    expectancy: figures.expectancy,
    expectancyRatio: figures.expectancyRatio,
    profitFactor: figures.profitFactor,
    maxDrawdownR: figures.maxDrawdownR,
    longestWinStreak: figures.longestWinStreak,
    longestLossStreak: figures.longestLossStreak,
    bestR: figures.bestR,
    worstR: figures.worstR,
    averageDurationMs: durations.length ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) : null,
    averageMfeR: average(
      trades.map((t) => t.mfeR).filter((v): v is number => v !== null),
      2,
    ),
    averageMaeR: average(
      trades.map((t) => t.maeR).filter((v): v is number => v !== null),
      2,
    ),
    openSignals: outcomes.filter((o) => o.finished === null).length,
    cancelledSignals: outcomes.filter((o) => o.finished === 'cancelled').length,
    withdrawnSignals: outcomes.filter((o) => o.finished === 'withdrawn').length,
    deletedSignals: outcomes.filter((o) => o.finished === 'deleted').length,
    includesDemo: opts.includeDemo,
    demoTrades: trades.filter((t) => t.demo).length,
    monitoringSince: publishedAt[0] ?? null,
    equity: figures.equity,
    byInstrument: figures.byInstrument,
    byMonth: figures.byMonth,
    trades,
    verification,
    expiredSignals: outcomes.filter((o) => o.exitKind === 'expired').length,
    notice: HYPOTHETICAL_RESULTS_NOTICE,
    generatedAt: now.toISOString(),
    analyst: filter.analyst ?? null,
    room: filter.room ?? null,
    statement: null,
  };
}

/**
 * The record (of one analyst or room with `filter`), answered from the kept copy while no new event
 * exists and it is under a minute old; the prescribed statement as the site setting is now.
 */
export async function performanceReport(
  db: Db,
  opts: { includeDemo: boolean; filter?: RecordFilter },
): Promise<Performance> {
  const filter = opts.filter ?? {};
  const filterKey = `${filter.analyst?.id ?? ''}:${filter.room ?? ''}`;
  const key = `${await publicHeadKey(db)}:${opts.includeDemo}:${JSON.stringify(filter.analyst ?? null)}`;
  const perDb = kept.get(db) ?? new Map<string, { key: string; at: number; value: Performance }>();
  kept.set(db, perDb);
  const hit = perDb.get(filterKey);
  const statement = await prescribedStatementShown(db);
  if (hit && hit.key === key && Date.now() - hit.at < KEEP_MS) return { ...hit.value, statement };
  const value = await computePerformance(db, opts);
  perDb.set(filterKey, { key, at: Date.now(), value });
  return { ...value, statement };
}

/** The CSV of the record: one row per closed trade, the JSON's `trades` with the same names. */
export const PERFORMANCE_CSV_COLUMNS = [
  'signalId',
  'instrument',
  'direction',
  'demo',
  'publishedAt',
  'openedAt',
  'closedAt',
  'entryPrice',
  'slPrice',
  'fillPrice',
  'exitPrice',
  'reason',
  'exitKind',
  'fillFeedPrice',
  'exitFeedPrice',
  'parts',
  'outcome',
  'pips',
  'unit',
  'r',
  'mfeR',
  'maeR',
  'durationMs',
  'edits',
] as const satisfies ReadonlyArray<keyof PerformanceTrade>;

const partsText = (parts: PerformanceTrade['parts']) =>
  parts
    .map(
      (p) => `${p.share}% ${p.kind === 't0' ? 'T0' : p.kind === 'manual' ? 'closed at market' : 'exit'} @ ${p.price}`,
    )
    .join('; ');

/**
 * The CSV: leading comment lines (`# …`, before the header) — the prescribed statement of CFTC
 * Rule 4.41(b)(1) while the site setting is on, the hypothetical-results notice, and the analyst or
 * room the rows are filtered to — then the header and one row per trade. Cells that would start a
 * spreadsheet formula are neutralised (`csvDocument`).
 */
export function performanceCsv(report: Performance): string {
  const lines = [
    ...(report.statement ? [`CFTC Rule 4.41(b)(1): ${report.statement}`] : []),
    report.notice,
    ...(report.analyst ? [`Analyst: ${report.analyst.displayName} (${report.analyst.slug})`] : []),
    ...(report.room ? [`Room: ${report.room}`] : []),
  ];
  return `${lines.map((l) => `# ${l}\r\n`).join('')}${csvDocument(
    PERFORMANCE_CSV_COLUMNS,
    report.trades.map((t) => PERFORMANCE_CSV_COLUMNS.map((c) => (c === 'parts' ? partsText(t.parts) : t[c]))),
  )}`;
}

/**
 * The chain check is kept per database and per chain head: the newest event's id and hash and the
 * number of events. While those three are unchanged the kept answer stands and nothing is reread
 * or rehashed (one indexed query per call); a new event, a head whose hash was changed or an event
 * removed (the count drops) recomputes it. A row in the middle of the chain changed in place (only
 * possible with the append-only trigger turned off) is found at the next new event, or once the
 * kept answer is `VERIFY_KEEP_MS` old. Its `checkedAt` says when it was computed.
 */
export const VERIFY_KEEP_MS = 10 * 60_000;
const keptChecks = new WeakMap<object, { key: string; at: number; value: ChainVerification }>();

/** The chain head a kept check is valid for: `<id>:<hash>:<count>`, or `empty`. */
export async function chainHeadKey(db: Db): Promise<string> {
  return publicHeadKey(db);
}

async function publicHeadKey(db: Db): Promise<string> {
  const row = await publicChainHead(db);
  return row ? `${Number(row.id)}:${row.hash}:${Number(row.count)}` : 'empty';
}

/** The check as public answers give it: the chain whole or not, named by its public head. */
function atPublicHead(
  v: ChainVerification,
  head: { id: number; hash: string; count: string | number } | undefined,
): ChainVerification {
  if (!head) return { ...v, headId: null, headHash: null, events: 0 };
  return { ...v, headId: Number(head.id), headHash: head.hash, events: Number(head.count) };
}

/** Recomputes the whole chain (every event reread and rehashed) and checks it against every signed checkpoint. */
export async function computeChainVerification(db: Db, signer?: RecordSigner): Promise<ChainVerification> {
  const events = await listAllSignalEvents(db);
  return atPublicHead(await withCheckpoints(db, events, verifyChain(events), signer), await publicChainHead(db));
}

/** `GET /api/performance/verify`: the chain check, recomputed only when the chain's head moved. */
export async function verifySignalChain(
  db: Db,
  deps: { compute?: (db: Db, signer?: RecordSigner) => Promise<ChainVerification>; signer?: RecordSigner } = {},
): Promise<ChainVerification> {
  const key = await chainHeadKey(db);
  const hit = keptChecks.get(db);
  if (hit && hit.key === key && Date.now() - hit.at < VERIFY_KEEP_MS) return hit.value;
  const value = await (deps.compute ?? computeChainVerification)(db, deps.signer);
  // Kept only when the chain did not move while it was read (else the next call recomputes).
  if (key === (value.headId === null ? 'empty' : `${value.headId}:${value.headHash}:${value.events}`))
    keptChecks.set(db, { key, at: Date.now(), value });
  return value;
}
