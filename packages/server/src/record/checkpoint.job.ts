import type { Db } from '@t0/db';
import { checkpointMessage, type Checkpoint } from '@t0/contracts/schemas/record';
import { chainHead, lockChain } from '../signals/signal-events.queries';
import { transact } from '../core/transaction';
import { insertCheckpoint } from './checkpoints.queries';
import type { RecordSigner } from './signer';

/**
 * Signs and stores a checkpoint of the chain's head, under the chain's lock: inside a transaction
 * that appended events the head includes them; on its own (the hourly job) it waits for an append
 * in flight, so a checkpoint never signs a head older than one signed before it. Nothing when the
 * chain is empty.
 */
export async function writeCheckpoint(db: Db, signer: RecordSigner, now = new Date()): Promise<Checkpoint | null> {
  return transact(db, async (trx) => {
    await lockChain(trx);
    const head = await chainHead(trx);
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
