import { z } from 'zod';

/** One health line of the console: measured now (or at `checkedAt`), never a fixed display value. */
export const healthCheckSchema = z.object({
  /** null: not checked (nothing to check, e.g. no payment provider configured). */
  ok: z.boolean().nullable(),
  /** A short, human reading of the measurement ("12 ms", "last event 3 h ago", "not configured"). */
  detail: z.string(),
  checkedAt: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const operationsSchema = z.object({
  measuredAt: z.string(),
  health: z.object({
    database: healthCheckSchema.extend({ latencyMs: z.number() }),
    mail: healthCheckSchema.extend({ transport: z.enum(['smtp', 'file']) }),
    payments: healthCheckSchema.extend({
      mode: z.enum(['stripe', 'local', 'none']),
      lastEventAt: z.string().nullable(),
      lastEventType: z.string().nullable(),
    }),
    jobs: healthCheckSchema.extend({ lagMs: z.number().nullable(), waiting: z.number().int().nullable() }),
    live: healthCheckSchema.extend({ openStreams: z.number().int().nullable() }),
    /**
     * Deliveries on their way: outbox rows not yet relayed (and the oldest one's age), and channel
     * deliveries past their schedule (due or retry time long gone, or a send that never ended).
     * Not ok when anything is stuck.
     */
    deliveries: healthCheckSchema.extend({
      outboxWaiting: z.number().int(),
      outboxOldestMs: z.number().nullable(),
      stuck: z.number().int(),
    }),
  }),
  email: z.object({
    sentToday: z.number().int(),
    failedToday: z.number().int(),
    sent30d: z.number().int(),
    failed30d: z.number().int(),
    /** Sent ÷ (sent + failed) over 30 days, 0–100; null when nothing was attempted. */
    deliveryRate30d: z.number().nullable(),
    lastFailureAt: z.string().nullable(),
    /** Active subscribers whose welcome e-mail has not gone out. */
    welcomePending: z.number().int(),
    /** Every e-mail the product sent (any kind, from the e-mail log) since 00:00 UTC, and those that failed. */
    allSentToday: z.number().int(),
    allFailedToday: z.number().int(),
  }),
  /** Channel deliveries (web push, Discord, webhooks…) over 30 days, from their records. */
  channels: z.object({
    sent30d: z.number().int(),
    failed30d: z.number().int(),
    /** Not attempted: the channel was not configured, the address was gone, the subscription ended. */
    skipped30d: z.number().int(),
    /** Sent ÷ (sent + failed), 0–100; null when nothing was attempted. */
    deliveryRate30d: z.number().nullable(),
  }),
  signals: z.object({
    published: z.number().int(),
    open: z.number().int(),
    finished: z.number().int(),
  }),
  subscribers: z.object({
    active: z.number().int(),
  }),
});
export type Operations = z.infer<typeof operationsSchema>;

/** Checks that answered; `ok: null` (not applicable) counts as neither. */
export function healthTally(health: Operations['health']): { ok: number; checked: number } {
  const lines = Object.values(health);
  return { ok: lines.filter((l) => l.ok === true).length, checked: lines.filter((l) => l.ok !== null).length };
}
