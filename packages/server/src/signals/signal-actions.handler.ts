import {
  cancel,
  checkMarketExit,
  closeAt,
  closePart,
  isFinishedStatus,
  LifecycleError,
  trailStop,
  withdraw,
} from '@t0/contracts/domain/signals/signal-lifecycle';
import { exitPriceTolerance } from '@t0/contracts/domain/prices/prices';
import { seesSignalLevels, signalOfRow, type SignalViewer } from '@t0/contracts/domain/signals/signal-access';
import { GENESIS_HASH } from '@t0/contracts/domain/signals/signal-chain';
import type { SignalEvent } from '@t0/contracts/schemas/signals/signal-events';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { runSignalAction } from '../lifecycle/actions';
import { listSignalEvents, linkedEventStatuses } from './signal-events.queries';
import { findSignalStatus, toSignal } from './signals.queries';

type Ctx = Pick<Context, 'db' | 'ports' | 'settings' | 'log'> & { user: { id: number } };

const depsOf = (ctx: Ctx) => ({
  adminEmails: ctx.settings.adminEmails,
  jobs: ctx.ports.jobs,
  log: ctx.log,
  signer: ctx.ports.record,
});

/**
 * `POST /api/signals/{id}/close`: a filled signal closed at market. A typed exit must lie within the
 * feed's range since the last tick (the live price and the last tick's price) plus a small
 * tolerance; without one the live price is the exit. No live price: 503.
 */
export async function closeSignalHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number; exitPrice?: number | null };
}) {
  const typed = input.exitPrice ?? undefined;
  const c = await runSignalAction(
    ctx.db,
    input.id,
    `admin:${ctx.user.id}`,
    (s, row, live) => {
      if (isFinishedStatus(s.status) || s.fillPrice === null) return closeAt(s, typed ?? live!.price);
      if (typed === undefined) return closeAt(s, live!.price);
      const issue = checkMarketExit(
        typed,
        live!.price,
        row.currentPrice === null ? null : Number(row.currentPrice),
        exitPriceTolerance(row.instrument),
      );
      if (issue) throw new LifecycleError('bad_request', issue.message, issue.field);
      return closeAt(s, typed);
    },
    depsOf(ctx),
    { ports: ctx.ports, live: 'required', ...(typed !== undefined ? { typed } : {}) },
  );
  return toSignal(c.row);
}

/** `POST /api/signals/{id}/close-part`: a percent of the whole position closed now, at the live price. */
export async function closePartSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number; share: number } }) {
  const c = await runSignalAction(
    ctx.db,
    input.id,
    `admin:${ctx.user.id}`,
    (s, _row, live) => closePart(s, input.share, live!.price),
    depsOf(ctx),
    {
      ports: ctx.ports,
      live: 'required',
    },
  );
  return toSignal(c.row);
}

/** `POST /api/signals/{id}/trail-stop`: a filled signal's stop trailed to a level, in the trade's favour, behind the live price. */
export async function trailStopSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number; slPrice: number } }) {
  const c = await runSignalAction(
    ctx.db,
    input.id,
    `admin:${ctx.user.id}`,
    (s, _row, live) => trailStop(s, input.slPrice, live!.price),
    depsOf(ctx),
    {
      ports: ctx.ports,
      live: 'required',
      typed: input.slPrice,
    },
  );
  return toSignal(c.row);
}

/** `POST /api/signals/{id}/cancel`: a pending order that never filled is called off. */
export async function cancelSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const c = await runSignalAction(ctx.db, input.id, `admin:${ctx.user.id}`, (s) => cancel(s), depsOf(ctx), {
    ports: ctx.ports,
    live: 'optional',
  });
  return toSignal(c.row);
}

/**
 * `POST /api/signals/{id}/withdraw`: retracted, kept in the record; a filled one at the live price
 * (no live price: 503).
 */
export async function withdrawSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const c = await runSignalAction(
    ctx.db,
    input.id,
    `admin:${ctx.user.id}`,
    (s, _row, live) => withdraw(s, live ? live.price : null),
    depsOf(ctx),
    {
      ports: ctx.ports,
      live: (row) =>
        row.fillPrice !== null && (row.status === 'active' || row.status === 'paused') ? 'required' : 'optional',
    },
  );
  return toSignal(c.row);
}

/**
 * `GET /api/signals/{id}/events` (and the tRPC `signals.events`): the timeline, oldest first, as this
 * viewer may read it. The one rule for the levels (`seesSignalLevels`) decides, per signal:
 *
 * - Readable (subscriber, administrator, or anyone once the signal has ended): every field, the salt
 *   included, so the viewer can recompute each hash.
 * - Locked (a viewer who does not hold its room, signal still open): the `created` event alone, with
 *   its type, time (the publication time, public anyway) and actor; price, data, salt and context are
 *   null or empty, and the events after it are left out until the signal finishes (their times and kinds
 *   would tell when a level was reached). The hash of a salted event is still shown: with 128 unknown random bits in
 *   what it commits to, it says nothing about the price, and it keeps the chain's linkage visible
 *   (a subscriber or a later reader can check it once the event is readable). The hash of an
 *   unsalted event (written before salts existed) is not: its only unknown is the price, found by
 *   trying the plausible ones, so it is null.
 *
 * The chain runs across signals, so an event's `prevHash` is the hash of the event before it, maybe
 * another signal's. That link is null when the event before is unsalted and its content is withheld
 * from this viewer (the same leak by another door). Withheld answers thus carry no value from which
 * a price can be computed.
 */
export async function signalEventsHandler({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'> & { user: SignalViewer };
  input: { id: number };
}) {
  const [events, row] = await Promise.all([listSignalEvents(ctx.db, input.id), findSignalStatus(ctx.db, input.id)]);
  if (!row && events.length === 0) throw notFound('Signal');
  const readable = seesSignalLevels(ctx.user, signalOfRow(row));
  const hiddenLinks = await hiddenPredecessors(
    ctx.db,
    ctx.user,
    events.map((e) => e.prevHash),
  );
  // A running signal's later events are left out; a deleted one's stay, withheld.
  const shown = readable || !row ? events : events.filter((e) => e.type === 'created');
  return shown.map((e): SignalEvent => {
    const prevHash = hiddenLinks.has(e.prevHash) ? null : e.prevHash;
    if (readable) return { ...e, prevHash };
    return { ...e, price: null, data: {}, salt: null, context: null, hash: e.salt === null ? null : e.hash, prevHash };
  });
}

/**
 * Of these hashes (the links of the events answered), those this viewer is not given: an unsalted
 * event whose content it may not read (its hash gives the price away), and an event it is not shown
 * at all (a later event of a running signal of a room it does not hold: the link would tell that it
 * happened, and when).
 */
async function hiddenPredecessors(
  db: Context['db'],
  viewer: SignalViewer,
  hashes: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(hashes)].filter((h) => h !== GENESIS_HASH);
  if (wanted.length === 0 || viewer.isAdmin) return new Set();
  const rows = await linkedEventStatuses(db, wanted);
  return new Set(
    rows
      .filter((r) => {
        if (seesSignalLevels(viewer, signalOfRow(r))) return false;
        const running = r.signalId !== null;
        return r.salt === null || (running && r.type !== 'created');
      })
      .map((r) => r.hash),
  );
}
