import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import { enqueueJobs } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import type { Jobs } from '../ports';
import { releaseStalledDeliveries } from './deliveries.queries';
import { transact } from '../core/transaction';

/**
 * A process that stopped in the middle of a send leaves its delivery `sending`, and the job that
 * held it can no longer claim it. Past `stalledAfterMs` (well beyond a send's time limit) the
 * delivery is queued again with a new job: the receiver may see the message twice, under the same
 * id (webhooks dedupe on `webhook-id`, browsers on the push's id; Telegram and Discord are told it
 * is a repeat: `DeliveryMessage.redelivery`), but never loses it. Answers how many were released.
 */
export async function recoverStalledDeliveries(
  deps: { db: Kysely<Database>; jobs: Pick<Jobs, 'send'>; log: Logger },
  stalledAfterMs: number,
): Promise<number> {
  const { released, outbox } = await transact(deps.db, async (trx) => {
    const released = await releaseStalledDeliveries(trx, stalledAfterMs);
    return {
      released,
      outbox: await enqueueJobs(
        trx,
        released.map((d) => ({
          name: JOB_NAMES.deliver,
          data: { deliveryId: d.id, attempts: d.attempts, redelivery: true },
        })),
      ),
    };
  });
  await relayCommitted(deps, outbox);
  if (released.length > 0) deps.log.warn({ deliveries: released.map((d) => d.id) }, 'stalled deliveries queued again');
  return released.length;
}
