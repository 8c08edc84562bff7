import { authorNameDigest, authorPlace, deskMayUseRoom, type Desk } from '@t0/contracts/domain/analysts/analysts';
import { CONFIDENCE_DEFAULT } from '@t0/contracts/domain/common/constants';
import { activate, checkMarketEntry, pendingOrderType } from '@t0/contracts/domain/signals/signal-lifecycle';
import { entryTolerance, unitName, unitSize } from '@t0/contracts/domain/instruments/instruments';
import { marketEntryTolerance } from '@t0/contracts/domain/prices/prices';
import { forbidden, validationError } from '../core/errors';
import { findAnalystById } from '../analysts/analysts.queries';
import { requireDeskRoom } from '../analysts/desk';
import { livePriceOrNull, requireLivePrice } from '../lifecycle/feed';
import { roundTo } from '@t0/contracts/domain/signals/signal-levels';
import type { SignalCreate } from '@t0/contracts/schemas/signals/signals';
import type { Database, Db, SignalRow } from '@t0/db';
import { findRoomBySlug, findRoomOfInstrument } from '../rooms/rooms.queries';
import type { Transaction } from 'kysely';
import type { Context } from '../core/context';
import { emitSignalChange } from '../events/events.queries';
import { fanoutJob } from '../delivery/fanout.job';
import { enqueueJobs } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { JOB_NAMES } from '../core/jobs';
import { appendSignalEvents, newSignalEventSalt, type NewSignalEvent } from './signal-events.queries';
import { insertSignal, toSignal, updateSignal } from './signals.queries';
import { stateColumns, stateOfRow } from '../lifecycle/signal-state';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db' | 'ports' | 'log' | 'request'> & {
  user: { id: number; email: string };
  /** Who acts at the desk (an analyst publishes in their rooms only, as the signal's author). */
  desk: Desk;
};

/** The levels and content a signal was published with: the `created` event's data. */
export function publishedContent(input: SignalCreate) {
  return {
    instrument: input.instrument,
    direction: input.direction,
    entryPrice: input.entryPrice,
    slPrice: input.slPrice,
    t0Price: input.t0Price,
    t1Price: input.t1Price,
    status: input.status,
    stopToEntry: input.stopToEntry,
    confidence: input.confidence ?? CONFIDENCE_DEFAULT,
    monthlyBias: input.monthlyBias,
    memo: input.memo ?? '',
    demo: false,
    t0Share: input.t0Share,
    ...(input.expiresAt ? { expiresAt: new Date(input.expiresAt).toISOString() } : {}),
  };
}

/**
 * Publishes a signal: the row, its `created` event (and `activated` at the entry for a signal
 * published at market), the live-stream event and the jobs it causes (outbox), in one transaction;
 * then the jobs are relayed.
 * The risk (|entry − stop|) is fixed here: every R of this signal is measured against it.
 * `within` writes what the publication causes elsewhere (a draft taken out of the list) in the same
 * transaction; throwing there publishes nothing.
 */
export async function createSignalHandler(
  {
    ctx,
    input,
    path,
    completedAt = new Date(),
  }: {
    ctx: Ctx;
    input: SignalCreate;
    path: string;
    /** When its production was completed (MAR labels): the publish request's time unless told (a draft's approval). */
    completedAt?: Date;
  },
  within?: (trx: Transaction<Database>, row: SignalRow) => Promise<void>,
) {
  const actor = `admin:${ctx.user.id}`;
  // An analyst publishes only in their rooms: the room named, or the instrument's.
  if (ctx.desk.kind === 'analyst') await requireDeskRoom(ctx, path, (await publicationRoom(ctx.db, input)).slug);
  const market = input.status === 'active';
  // A market signal is filled at the feed's price, so it needs one (503 without), near its entry.
  const live = market
    ? await requireLivePrice(ctx.ports, input.instrument)
    : await livePriceOrNull(ctx.ports, input.instrument);
  if (market) {
    const units = entryTolerance(input.instrument);
    const issues = checkMarketEntry(input, live!.price, {
      price: marketEntryTolerance(input.instrument),
      units,
      unitName: unitName(input.instrument),
      unitSize: unitSize(input.instrument),
    });
    if (issues.length > 0) throw validationError(issues.map((i) => ({ path: [i.field], message: i.message })));
  }
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now()) {
    throw validationError([{ path: ['expiresAt'], message: 'Expiry must be in the future' }]);
  }
  const orderType = market ? 'market' : pendingOrderType(input.direction, input.entryPrice, live?.price ?? null);
  const feed = { feedPrice: live?.price ?? null, feedAt: live ? live.at.toISOString() : null };
  const { outbox, ...row } = await transact(ctx.db, async (trx) => {
    const room = await publicationRoom(trx, input);
    if (!deskMayUseRoom(ctx.desk, room.slug)) throw forbidden(`You do not publish in the room ${room.slug}`);
    const author = await authorOf(trx, ctx.desk);
    let row = await insertSignal(trx, {
      room: room.slug,
      analystId: author?.analystId ?? null,
      authorCommittedName: author?.name ?? null,
      authorSalt: author?.salt ?? null,
      authorSlug: author?.slug ?? null,
      authorName: author?.name ?? null,
      authorTitle: author?.title ?? null,
      instrument: input.instrument,
      direction: input.direction,
      entryPrice: input.entryPrice,
      slPrice: input.slPrice,
      t0Price: input.t0Price,
      t1Price: input.t1Price,
      memo: input.memo ?? '',
      confidence: input.confidence ?? CONFIDENCE_DEFAULT,
      monthlyBias: input.monthlyBias,
      status: input.status === 'active' ? 'limit' : input.status,
      currentPrice: live?.price ?? input.currentPrice ?? null,
      stopToEntry: input.stopToEntry,
      orderType,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      t0Share: input.t0Share,
      riskPrice: roundTo(Math.abs(input.entryPrice - input.slPrice), 5),
      completedAt,
    });
    const events: NewSignalEvent[] = [
      {
        type: 'created',
        actor,
        data: { ...publishedContent(input), orderType, ...feed },
        context: { room: room.slug, author: author?.place ?? null, priceSource: null },
      },
    ];
    if (market) {
      const fill = activate(stateOfRow(row), live!.price);
      row = await updateSignal(trx, row.id, stateColumns(fill.state));
      events.push({
        type: 'activated',
        price: row.fillPrice === null ? null : Number(row.fillPrice),
        actor,
        data: feed,
      });
    }
    const stored = await appendSignalEvents(trx, row.id, events);
    await emitSignalChange(trx, 'signal.created', row);
    await within?.(trx, row);
    // Its fan-out to each subscriber's channels and its e-mails commit with it.
    const outbox = await enqueueJobs(trx, [
      fanoutJob({ signalId: row.id, eventIds: stored.map((e) => e.id) }),
      { name: JOB_NAMES.signalEmails, data: { signalId: row.id } },
    ]);
    return { ...row, outbox };
  });
  await relayCommitted({ db: ctx.db, jobs: ctx.ports.jobs, log: ctx.log }, outbox);
  return toSignal(row);
}

/**
 * The author of a signal an analyst publishes: their id, the name shown now, a fresh salt, and the
 * created event's `author` place committing to both (the name only as its salted hash). None for
 * an administrator (the desk publishes).
 */
async function authorOf(db: Db, desk: Desk) {
  if (desk.kind !== 'analyst') return null;
  const analyst = await findAnalystById(db, desk.analystId);
  const salt = newSignalEventSalt();
  const place = authorPlace(analyst.id, await authorNameDigest(salt, analyst.displayName));
  return { analystId: analyst.id, name: analyst.displayName, slug: analyst.slug, title: analyst.title, salt, place };
}

/** The room a signal is published in: the one named (it must exist and be open), or its instrument's. */
async function publicationRoom(db: Db, input: SignalCreate) {
  if (input.room === undefined) return findRoomOfInstrument(db, input.instrument);
  const room = await findRoomBySlug(db, input.room);
  if (!room || room.archivedAt !== null)
    throw validationError([{ path: ['room'], message: `Room ${input.room} does not exist` }]);
  return room;
}
