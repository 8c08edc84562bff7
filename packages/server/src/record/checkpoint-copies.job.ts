import type { Db } from '@t0/db';
import type { Logger } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import type { DeliveryMessage, DeliveryPorts, Jobs } from '../ports';
import { insertDelivery } from '../delivery/deliveries.queries';
import { latestCheckpointSince } from './checkpoints.queries';
import type { Checkpoint } from '@t0/contracts/schemas/record/record';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The words the desk's channels receive for a checkpoint: enough to check it without the site. */
export function checkpointCopyMessage(c: Checkpoint, publicUrl: string): Omit<DeliveryMessage, 'id'> {
  return {
    event: 'broadcast',
    urgent: false,
    title: `Signed record checkpoint #${c.id}`,
    text: [
      `The track record's event log at ${c.createdAt}: event #${c.headId}, ${c.eventCount} events, head hash ${c.headHash}.`,
      `Ed25519 signature (key ${c.keyId}): ${c.signature}`,
      `Keep this message: a later rewrite of the record contradicts it. Check: ${publicUrl}/performance#verify`,
    ].join('\n'),
    occurredAt: c.createdAt,
  };
}

/**
 * Sends the day's signed checkpoint (the newest of the last 24 hours) to the desk's own Discord
 * webhook and Telegram channel (when configured), once per UTC day per channel, however often it
 * runs. Answers the deliveries queued.
 */
export async function sendCheckpointCopies(
  deps: { db: Db; delivery: DeliveryPorts; jobs: Pick<Jobs, 'send'>; log: Logger; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const c = await latestCheckpointSince(deps.db, new Date(now.getTime() - DAY_MS));
  if (!c) return 0;
  const message = checkpointCopyMessage(c, deps.publicUrl);
  const targets: Array<'discord' | 'telegram'> = [];
  if (deps.delivery.deskDiscordUrl && deps.delivery.channels.discord) targets.push('discord');
  if (deps.delivery.deskTelegramChatId && deps.delivery.channels.telegram) targets.push('telegram');
  let queued = 0;
  for (const channel of targets) {
    const key = `checkpoint-day:${now.toISOString().slice(0, 10)}:desk:${channel}`;
    const row = await insertDelivery(deps.db, {
      key,
      userId: null,
      channel,
      event: 'broadcast',
      signalId: null,
      endpointId: null,
      payload: JSON.stringify({ ...message, id: `msg_${key}` }),
      urgent: false,
      dueAt: null,
    });
    if (!row) continue;
    await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: row.id, attempts: 0 });
    queued++;
  }
  if (queued) deps.log.info({ checkpointId: c.id, queued }, "the day's checkpoint sent to the desk's channels");
  return queued;
}
