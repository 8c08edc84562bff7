import { z } from 'zod';

// Signed checkpoints of the signal event chain: `GET /api/performance/key`,
// `GET /api/performance/checkpoints`, and what `GET /api/performance/verify` says about them.

/** The first line of every signed checkpoint message. */
export const CHECKPOINT_MESSAGE_VERSION = 't0-checkpoint/v1';

/**
 * The exact bytes (UTF-8) an Ed25519 checkpoint signature covers: five lines joined by `\n`, no
 * trailing newline — `t0-checkpoint/v1`, the head event's id, its hash (hex), the number of events
 * up to and including it, and the signing time as ISO 8601 UTC with milliseconds.
 */
export function checkpointMessage(c: {
  headId: number;
  headHash: string;
  eventCount: number;
  createdAt: string;
}): string {
  return [CHECKPOINT_MESSAGE_VERSION, String(c.headId), c.headHash, String(c.eventCount), c.createdAt].join('\n');
}

export const recordKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The first 16 hex digits of SHA-256 over the raw public key: names the key in each checkpoint. */
  keyId: z.string(),
  /** SPKI PEM, for `crypto.createPublicKey` or `openssl pkey -pubin`. */
  publicKeyPem: z.string(),
  /** The raw 32-byte public key, base64. */
  publicKeyBase64: z.string(),
  /** How the signed message is built. */
  messageFormat: z.string(),
});
export type RecordKey = z.infer<typeof recordKeySchema>;

export const CHECKPOINT_PAGE_SIZE = 50;
const pageError = 'page must be a whole number from 1';
const sizeError = `pageSize must be from 1 to ${CHECKPOINT_PAGE_SIZE * 4}`;

/** `GET /api/performance/checkpoints`: the page, newest first. */
export const checkpointListInput = z
  .object({
    page: z.coerce
      .number({ error: pageError })
      .int(pageError)
      .min(1, pageError)
      .max(1_000_000, 'page must be at most 1000000')
      .default(1),
    pageSize: z.coerce
      .number({ error: sizeError })
      .int(sizeError)
      .min(1, sizeError)
      .max(CHECKPOINT_PAGE_SIZE * 4, sizeError)
      .default(CHECKPOINT_PAGE_SIZE),
  })
  .optional();

export const checkpointSchema = z.object({
  id: z.number().int(),
  /** The chain's newest event when signed. */
  headId: z.number().int(),
  headHash: z.string(),
  /** Events up to and including the head. */
  eventCount: z.number().int(),
  /** The signing time (ISO 8601 UTC, milliseconds): part of the signed message. */
  createdAt: z.string(),
  /** Ed25519 signature over `message`, base64. */
  signature: z.string(),
  keyId: z.string(),
  /** The signed message, for convenience (a verifier rebuilds it from the fields above). */
  message: z.string(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const checkpointPageSchema = z.object({
  checkpoints: z.array(checkpointSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CheckpointPage = z.infer<typeof checkpointPageSchema>;

/** A stored checkpoint the chain no longer agrees with. */
export const checkpointContradictionSchema = z.object({
  checkpointId: z.number().int(),
  headId: z.number().int(),
  headHash: z.string(),
  eventCount: z.number().int(),
  createdAt: z.string(),
  /**
   * `missing`: no event has the checkpoint's head id (the log was cut); `hash`: that event's hash
   * differs (the chain was rewritten); `count`: a different number of events leads up to it;
   * `signature`: the checkpoint's own signature does not verify with the record's key.
   */
  problem: z.enum(['missing', 'hash', 'count', 'signature']),
});
export type CheckpointContradiction = z.infer<typeof checkpointContradictionSchema>;

/** The first line of every signed restore-gap message. */
export const RESTORE_GAP_MESSAGE_VERSION = 't0-restore-gap/v1';

/** A checkpoint as published (the fields its signature covers, its id and key). */
export const publishedCheckpointSchema = z.object({
  id: z.number().int(),
  headId: z.number().int(),
  headHash: z.string(),
  eventCount: z.number().int(),
  createdAt: z.string(),
  signature: z.string(),
  keyId: z.string(),
});
export type PublishedCheckpoint = z.infer<typeof publishedCheckpointSchema>;

/**
 * A declared gap: a restore took the record back to `restored*` (event id 0 and the genesis hash
 * when the restored chain is empty), behind `lostCheckpoint`, which had been published. Signed with
 * the record's key when the restore was made; every checkpoint signed before `declaredAt` that
 * covers more events than the restored head is then read as lost in the gap, not as tampering.
 */
export const restoreGapSchema = z.object({
  id: z.number().int(),
  declaredAt: z.string(),
  restoredHeadId: z.number().int(),
  restoredHeadHash: z.string(),
  restoredEventCount: z.number().int(),
  lostCheckpoint: publishedCheckpointSchema,
  keyId: z.string(),
  /** Ed25519 signature over `message`, base64. */
  signature: z.string(),
  message: z.string(),
});
export type RestoreGap = z.infer<typeof restoreGapSchema>;

export const restoreGapListSchema = z.object({ gaps: z.array(restoreGapSchema) });

/**
 * The exact bytes (UTF-8) a restore gap's signature covers: twelve lines joined by `\n`, no trailing
 * newline — `t0-restore-gap/v1`, the declaration time (ISO 8601 UTC, milliseconds), the restored
 * head's id, hash and event count, then the lost checkpoint's id, key id, head id, head hash, event
 * count, signing time and signature.
 */
export function restoreGapMessage(g: Omit<RestoreGap, 'id' | 'keyId' | 'signature' | 'message'>): string {
  const c = g.lostCheckpoint;
  return [
    RESTORE_GAP_MESSAGE_VERSION,
    g.declaredAt,
    String(g.restoredHeadId),
    g.restoredHeadHash,
    String(g.restoredEventCount),
    String(c.id),
    c.keyId,
    String(c.headId),
    c.headHash,
    String(c.eventCount),
    c.createdAt,
    c.signature,
  ].join('\n');
}
