import type { RestoreGap } from '../../schemas/record/record';
import { GENESIS_HASH } from '../signals/signal-chain';

// A restore from a backup older than a checkpoint already published takes the record back: the
// events after the backup are gone, and a checkpoint signed over them now reads like a cut tail. The
// restore declares that gap (a signed statement naming the restored head and the newest checkpoint
// it falls behind), and readers then tell a declared gap from tampering by these two rules.

/**
 * Why the chain does not hold the gap's restored head, or null when it does. `head`: the chain's
 * event with the restored head's id (undefined when there is none), its hash (null when not shown)
 * and how many events lead up to it and include it (null when not every one is shown to this reader).
 */
export function restoredHeadProblem(
  gap: Pick<RestoreGap, 'restoredHeadId' | 'restoredHeadHash' | 'restoredEventCount'>,
  head: { hash: string | null; count: number | null } | undefined,
): 'missing' | 'hash' | 'count' | null {
  if (gap.restoredEventCount === 0)
    return gap.restoredHeadId === 0 && gap.restoredHeadHash === GENESIS_HASH ? null : 'count';
  if (!head) return 'missing';
  if (head.hash !== null && head.hash !== gap.restoredHeadHash) return 'hash';
  if (head.count !== null && head.count !== gap.restoredEventCount) return 'count';
  return null;
}

/**
 * The declared gap a checkpoint falls in: one declared after the checkpoint was signed, whose
 * restored head has fewer events than the checkpoint covers (the events it signed past that head
 * were lost). Give only gaps already checked (signature, and a restored head the chain holds). A
 * checkpoint's own signature failing is never excused.
 */
export function gapCovering<G extends Pick<RestoreGap, 'declaredAt' | 'restoredEventCount'>>(
  checkpoint: { eventCount: number; createdAt: string },
  gaps: readonly G[],
): G | null {
  const signedAt = Date.parse(checkpoint.createdAt);
  return gaps.find((g) => signedAt <= Date.parse(g.declaredAt) && checkpoint.eventCount > g.restoredEventCount) ?? null;
}
