import type { Db } from '@t0/db';
import {
  checkpointMessage,
  CHECKPOINT_MESSAGE_VERSION,
  restoreGapMessage,
  type CheckpointContradiction,
  type PublishedCheckpoint,
  type RecordKey,
  type RestoreGap,
} from '@t0/contracts/schemas/record/record';
import { gapCovering, restoredHeadProblem } from '@t0/contracts/domain/record/record-gaps';
import type { SignalEvent } from '@t0/contracts/schemas/signals/signal-events';
import type { RecordEvent } from '@t0/contracts/schemas/record/record-events';
import { seesSignalLevels, signalOfRow, type SignalViewer } from '@t0/contracts/domain/signals/signal-access';
import { listAllSignalEvents } from '../signals/signal-events.queries';
import { listSignalStatuses } from '../signals/signals.queries';
import { unavailable } from '../core/errors';
import { allCheckpoints } from './checkpoints.queries';
import { allRestoreGaps } from './record-gaps.queries';
import type { RecordSigner } from './signer';

// Signed checkpoints of the signal event chain: (head id, head hash, event count, time), signed
// with the record's Ed25519 key every hour and at every signal's close. Published outside the
// database (the feed, the digest, the desk's channels), they make a cut or recomputed chain visible.

export const MESSAGE_FORMAT = `${CHECKPOINT_MESSAGE_VERSION}\\n<headId>\\n<headHash>\\n<eventCount>\\n<createdAt ISO 8601 UTC with milliseconds>, UTF-8, no trailing newline; Ed25519 signature base64`;

/**
 * The declared gaps that hold: signed with the record's key (checked when `signer` is given), over a
 * restored head the chain has (that event, with that hash, the restored count-th).
 */
export function heldGaps(
  events: readonly SignalEvent[],
  gaps: readonly RestoreGap[],
  signer?: RecordSigner,
): RestoreGap[] {
  return gaps.filter((g) => {
    if (signer && (g.keyId !== signer.keyId || !signer.verify(restoreGapMessage(g), g.signature))) return false;
    const at = events.findIndex((e) => e.id === g.restoredHeadId);
    const head = at < 0 ? undefined : { hash: events[at]!.hash, count: at + 1 };
    return restoredHeadProblem(g, head) === null;
  });
}

/**
 * The oldest checkpoint the events (id order) contradict: its head event missing, another hash, or a
 * different count of events up to it; with `signer`, a checkpoint of its key whose signature fails.
 * The checkpoints a declared gap names are checked too; a checkpoint whose events were lost in a gap
 * that holds (`heldGaps`) is not a contradiction, but a failing signature always is.
 */
export function contradictedCheckpoint(
  events: readonly SignalEvent[],
  checkpoints: readonly PublishedCheckpoint[],
  signer?: RecordSigner,
  gaps: readonly RestoreGap[] = [],
): CheckpointContradiction | null {
  const position = new Map<number, number>();
  events.forEach((e, i) => position.set(e.id, i));
  const held = heldGaps(events, gaps, signer);
  for (const c of [...checkpoints, ...gaps.map((g) => g.lostCheckpoint)]) {
    const at = position.get(c.headId);
    const problem =
      signer && c.keyId === signer.keyId && !signer.verify(checkpointMessage(c), c.signature)
        ? 'signature'
        : at === undefined
          ? 'missing'
          : events[at]!.hash !== c.headHash
            ? 'hash'
            : at + 1 !== c.eventCount
              ? 'count'
              : null;
    if (problem && problem !== 'signature' && gapCovering(c, held)) continue;
    if (problem)
      return {
        checkpointId: c.id,
        headId: c.headId,
        headHash: c.headHash,
        eventCount: c.eventCount,
        createdAt: c.createdAt,
        problem,
      };
  }
  return null;
}

export function recordKey(signer: RecordSigner | undefined): RecordKey {
  if (!signer) throw unavailable('The record has no signing key');
  return {
    algorithm: 'Ed25519',
    keyId: signer.keyId,
    publicKeyPem: signer.publicKeyPem,
    publicKeyBase64: signer.publicKeyBase64,
    messageFormat: MESSAGE_FORMAT,
  };
}

/**
 * A chain check answered with the stored checkpoints and declared gaps too: not ok when the chain
 * contradicts a checkpoint (one a declared gap does not account for), named in `contradicts`.
 */
export async function withCheckpoints<V extends { ok: boolean }>(
  db: Db,
  events: readonly SignalEvent[],
  verification: V,
  signer?: RecordSigner,
): Promise<V & { contradicts: CheckpointContradiction | null; checkpoints: number; gaps: RestoreGap[] }> {
  const [checkpoints, gaps] = await Promise.all([allCheckpoints(db), allRestoreGaps(db)]);
  const contradicts = contradictedCheckpoint(events, checkpoints, signer, gaps);
  return {
    ...verification,
    ok: verification.ok && contradicts === null,
    contradicts,
    checkpoints: checkpoints.length,
    gaps,
  };
}

/**
 * The whole chain as this viewer may read it: an open signal's events without price and details to
 * a caller who may not see its levels (as `GET /api/signals/{id}/events` answers them).
 */
export async function recordEvents(db: Db, viewer: SignalViewer | null): Promise<RecordEvent[]> {
  const [events, rows] = await Promise.all([listAllSignalEvents(db), listSignalStatuses(db)]);
  const signals = new Map(rows.map((r) => [r.id, r]));
  // As `GET /api/signals/{id}/events` answers (signal-actions.handler.ts): a withheld event has no
  // price, data, salt or context; its hash is shown when it is salted (it reveals nothing without the salt)
  // and null when it is not (an unsalted event's only unknown is its price). The link after such
  // a hidden hash is null too.
  // A locked signal's events after its `created` one are left out (their times would tell when a
  // level was reached), and so is the link to them from the event after.
  let hiddenBefore = false;
  const out: RecordEvent[] = [];
  for (const e of events) {
    const prevHash = hiddenBefore ? null : e.prevHash;
    if (seesSignalLevels(viewer, signalOfRow(signals.get(e.signalId)))) {
      hiddenBefore = false;
      out.push({ ...e, prevHash, withheld: false });
      continue;
    }
    // A deleted signal runs no more: its events stay, withheld, as before.
    if (e.type !== 'created' && signals.has(e.signalId)) {
      hiddenBefore = true;
      continue;
    }
    hiddenBefore = e.salt === null;
    out.push({
      ...e,
      price: null,
      data: {},
      salt: null,
      context: null,
      hash: e.salt === null ? null : e.hash,
      prevHash,
      withheld: true,
    });
  }
  return out;
}
