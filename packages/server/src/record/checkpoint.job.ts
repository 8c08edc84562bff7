import type { Db } from '@t0/db';
import { checkpointMessage, type Checkpoint } from '@t0/contracts/schemas/record/record';
import { lockChain, publicChainHead } from '../signals/signal-events.queries';
import { transact } from '../core/transaction';
import { insertCheckpoint } from './checkpoints.queries';
import type { RecordSigner } from './signer';

/**
 * Signs and stores a checkpoint of the chain's public head (the newest event everyone may read: a
 * publication, or an event of a finished signal), under the chain's lock: inside a transaction that
 * appended events the head includes them when they are public; on its own (the hourly job) it waits
 * for an append in flight, so a checkpoint never signs a head older than one signed before it. A
 * running signal's later events are covered by the first checkpoint after them (every later event
 * links through them), and a checkpoint never names one: its head and time would tell a reader
 * without the signal's room when a level was reached. Nothing when the chain is empty.
 */
export async function writeCheckpoint(db: Db, signer: RecordSigner, now = new Date()): Promise<Checkpoint | null> {
  return transact(db, async (trx) => {
    await lockChain(trx);
    const head = await publicChainHead(trx);
    if (!head) return null;
    const fields = {
      headId: Number(head.id),
      headHash: head.hash,
      eventCount: Number(head.count),
      createdAt: now.toISOString(),
    };
    return insertCheckpoint(trx, {
      ...fields,
      createdAt: now,
      signature: signer.sign(checkpointMessage(fields)),
      keyId: signer.keyId,
    });
  });
}
