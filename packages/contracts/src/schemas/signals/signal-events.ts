import { z } from 'zod';
import { SIGNAL_EVENT_TYPES } from '../../domain/signals/signal-outcome';
import { checkpointContradictionSchema, restoreGapSchema } from '../record/record';

// A signal's timeline (`GET /api/signals/{id}/events`) and the chain check (`GET /api/performance/verify`).

export const signalEventContextSchema = z.object({
  /** The room's slug. */
  room: z.string(),
  author: z.string().nullable(),
  priceSource: z.string().nullable(),
});
export type SignalEventContext = z.infer<typeof signalEventContextSchema>;

export const signalEventSchema = z.object({
  id: z.number().int(),
  signalId: z.number().int(),
  type: z.enum(SIGNAL_EVENT_TYPES),
  /** The price the event happened at (the level reached, the exit); null when none applies or withheld. */
  price: z.number().nullable(),
  at: z.string(),
  /** `system` (the price watcher), `admin:<id>` or `seed` (demo content). */
  actor: z.string(),
  /**
   * Details: `created` the levels; `edited` the fields `before` and `after`; `stop_moved` `from` and
   * `to`; `closed` the `reason` and the best and worst prices while filled. Empty when withheld.
   */
  data: z.record(z.string(), z.unknown()),
  /**
   * The hash of the event before this one in the chain (any signal's). Null when that event is an
   * unsalted one (written before salts existed) whose content this viewer may not read: its hash
   * alone would give its price away.
   */
  prevHash: z.string().nullable(),
  /**
   * SHA-256 over the previous event's hash and this event's canonical content (RFC 8785 JSON, the
   * salt and the context included when present; see `signalEventPreimage`). Shown for a withheld event too when it is salted
   * (without the salt it reveals nothing); null for a withheld unsalted one.
   */
  hash: z.string().nullable(),
  /**
   * The 128-bit random salt (32 hex characters) inside the hashed content, shown with the content:
   * null when withheld, and on events written before salts existed (hashed without one).
   */
  salt: z.string().nullable(),
  /**
   * What a `created` event states beyond its data, hashed with it (the chain's third format): the
   * room it was published in, and places for its author and the source of its prices (null until
   * those are recorded). Null on every other event, on created events written before rooms existed
   * (hashed without it), and when withheld.
   */
  context: signalEventContextSchema.nullable(),
});
export type SignalEvent = z.infer<typeof signalEventSchema>;
/** An event as stored: its links are always there. */
export type StoredSignalEvent = SignalEvent & { prevHash: string; hash: string };

export const signalEventListSchema = z.array(signalEventSchema);

export const chainVerificationSchema = z.object({
  ok: z.boolean(),
  /** Events checked. */
  events: z.number().int(),
  /** The newest event's hash: anyone who noted it can tell later whether the log was cut short. */
  headHash: z.string().nullable(),
  headId: z.number().int().nullable(),
  /** The first event whose link or hash does not match; null when the chain is whole. */
  firstBroken: z
    .object({
      id: z.number().int(),
      signalId: z.number().int(),
      type: z.string(),
      problem: z.enum(['link', 'hash']),
    })
    .nullable(),
  checkedAt: z.string(),
  /**
   * The oldest signed checkpoint the chain contradicts (its head event gone, its hash or the count up
   * to it changed), or null. A prefix of the chain, or a chain rewritten with every hash recomputed,
   * is a valid chain by itself: a checkpoint signed earlier is what shows it. Checkpoints checked: see
   * `checkpoints`. Absent where the chain alone was checked (the record's summary).
   */
  contradicts: checkpointContradictionSchema.nullable().optional(),
  /** Stored checkpoints the chain was checked against. */
  checkpoints: z.number().int().optional(),
  /**
   * Gaps a restore declared (`GET /api/performance/gaps`): checkpoints signed over events a restore
   * lost are not contradictions when such a gap holds. Absent where the chain alone was checked.
   */
  gaps: z.array(restoreGapSchema).optional(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;
