import { z } from 'zod';
import { signalEventSchema } from '../signals/signal-events';

/**
 * `GET /api/performance/events`: the whole chain, oldest first. An open signal's events, to a caller
 * who may not see its levels, come without price and details (`withheld`): their hash can then be
 * checked only as a link (each event's `prevHash` is the hash before it), not recomputed.
 */
export const recordEventSchema = signalEventSchema.extend({ withheld: z.boolean() });
export const recordEventListSchema = z.array(recordEventSchema);
export type RecordEvent = z.infer<typeof recordEventSchema>;
