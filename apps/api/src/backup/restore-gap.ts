import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest, type Db } from '@t0/db';
import {
  contradictedCheckpoint,
  createRecordSigner,
  GENESIS_HASH,
  insertRestoreGap,
  listAllSignalEvents,
  parseRecordKey,
} from '@t0/server';
import {
  checkpointMessage,
  publishedCheckpointSchema,
  restoreGapMessage,
  type PublishedCheckpoint,
  type RestoreGap,
} from '@t0/contracts/schemas/record/record';
import type { Config } from '../config';
import { BackupError } from './archive';
import { chainHead } from './backup.queries';

// `pnpm restore FILE --published-checkpoint CHECKPOINT.json`: a restore from a backup older than a
// checkpoint already published (the feed, the desk's channels, a reader's saved copy) declares the
// gap in the record, signed with the record's key, so that readers tell the lost events of a restore
// from a cut or rewritten chain (docs/operations.md#a-restore-behind-the-published-record).

/** The newest checkpoint of a saved copy: one checkpoint, a list, or a page of `GET /api/performance/checkpoints`. */
export function readPublishedCheckpoint(file: string): PublishedCheckpoint {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BackupError(`--published-checkpoint: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && 'checkpoints' in parsed && Array.isArray(parsed.checkpoints)
      ? parsed.checkpoints
      : [parsed];
  const checkpoints = list.map((c: unknown) => {
    const got = publishedCheckpointSchema.safeParse(c);
    if (!got.success)
      throw new BackupError(
        `--published-checkpoint: ${file} holds something other than a checkpoint (${got.error.issues[0]?.path.join('.') || 'value'}: ${got.error.issues[0]?.message})`,
      );
    return got.data;
  });
  if (!checkpoints.length) throw new BackupError(`--published-checkpoint: ${file} holds no checkpoint`);
  return checkpoints.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a));
}

/** The record's key as the product will sign with it: the setting, else the key file restored under DATA_DIR. */
function restoredSigner(config: Config) {
  if (config.recordSigningKey) return createRecordSigner(config.recordSigningKey);
  const file = path.join(config.dataDir, 'record-signing-key.pem');
  if (!existsSync(file))
    throw new BackupError(
      `--published-checkpoint: no record key to sign the gap with (RECORD_SIGNING_KEY is not set and ${file} was not restored)`,
    );
  return createRecordSigner(parseRecordKey(readFileSync(file, 'utf8'), file));
}

/**
 * Declares the gap between the restored chain and a published checkpoint it falls behind; answers
 * null when the restored chain agrees with that checkpoint (nothing was lost behind it). Refuses a
 * checkpoint not signed with the record's key, and one the restored events contradict within
 * themselves (that is a different record, not a restore's gap). Migrates the database first.
 */
export async function declareRestoreGap(
  db: Db,
  config: Config,
  file: string,
  now = new Date(),
): Promise<RestoreGap | null> {
  const checkpoint = readPublishedCheckpoint(file);
  const signer = restoredSigner(config);
  if (checkpoint.keyId !== signer.keyId)
    throw new BackupError(
      `--published-checkpoint: checkpoint ${checkpoint.id} is signed with key ${checkpoint.keyId}, not the restored record's key ${signer.keyId}`,
    );
  if (!signer.verify(checkpointMessage(checkpoint), checkpoint.signature))
    throw new BackupError(`--published-checkpoint: the signature of checkpoint ${checkpoint.id} does not verify`);
  await migrateToLatest(db);
  const events = await listAllSignalEvents(db);
  if (!contradictedCheckpoint(events, [checkpoint], signer)) return null;
  const head = await chainHead(db);
  const restoredEventCount = head?.count ?? 0;
  if (checkpoint.eventCount <= restoredEventCount)
    throw new BackupError(
      `--published-checkpoint: checkpoint ${checkpoint.id} signs ${checkpoint.eventCount} events and the restored record has ` +
        `${restoredEventCount}, which disagree with it: that is not a gap a restore makes; no gap declared`,
    );
  const gap = {
    declaredAt: now.toISOString(),
    restoredHeadId: head?.id ?? 0,
    restoredHeadHash: head?.hash ?? GENESIS_HASH,
    restoredEventCount,
    lostCheckpoint: checkpoint,
  };
  return insertRestoreGap(db, { ...gap, keyId: signer.keyId, signature: signer.sign(restoreGapMessage(gap)) });
}
