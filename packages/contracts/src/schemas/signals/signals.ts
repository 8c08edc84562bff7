import { z } from 'zod';
import { SLUG_PATTERN } from '../../domain/plans/plans';
import { MONTHLY_BIAS_MAX } from '../../domain/common/constants';
import { instrumentCatalogue, isCatalogued } from '../../domain/instruments/instruments';
import { levelIssues, type SignalLevels } from '../../domain/signals/signal-levels';
import { DEFAULT_T0_SHARE } from '../../domain/signals/signal-parts';
import {
  MONTHLY_BIASES,
  SIGNAL_CREATE_STATUSES,
  SIGNAL_DIRECTIONS,
  SIGNAL_PRICE_MAX,
  SIGNAL_STATUSES,
} from '../../domain/signals/signals';
import { idParam } from '../common/common';
import { numberish } from '../common/numbers';
import { validatedOnce } from '../common/validated-once';

// The console's signal rules and messages, and the signal as `GET /api/signals` answers it.

/** A price as a number or numeric string; stored numeric(15,5), so positive and below 10,000,000,000. */
const price = (label: string) =>
  numberish(label, `${label} is required`).pipe(
    z
      .number()
      .positive(`${label} must be greater than 0`)
      .max(SIGNAL_PRICE_MAX, `${label} must be less than 10000000000`),
  );

const confidence = numberish('Confidence', 'Confidence is required').pipe(
  z
    .number()
    .int('Confidence must be a whole number')
    .min(1, 'Confidence is required')
    .max(100, 'Confidence cannot exceed 100%'),
);

const instrumentMessage = () =>
  `Instrument must be one of ${instrumentCatalogue()
    .map((s) => s.symbol)
    .join(', ')}`;
/** One of the catalogue's instruments (the spec's four and those an administrator added), read at each parse. */
const instrument = z
  .string({ error: instrumentMessage })
  .trim()
  .toUpperCase()
  .refine((s) => isCatalogued(s), { error: instrumentMessage });
const direction = z.enum(SIGNAL_DIRECTIONS, { error: 'Direction must be long or short' });
const status = z.enum(SIGNAL_STATUSES, { error: `Status must be one of ${SIGNAL_STATUSES.join(', ')}` });
const createStatus = z.enum(SIGNAL_CREATE_STATUSES, {
  error: `Status must be one of ${SIGNAL_CREATE_STATUSES.join(', ')}`,
});
const stopToEntry = z.boolean({ error: 'Stop to entry after T0 must be true or false' });

/** The level rule (stop < entry < T0 ≤ T1 for a long, the mirror for a short) as schema issues. */
function checkLevels(value: Partial<SignalLevels>, ctx: z.core.$RefinementCtx<unknown>) {
  for (const issue of levelIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}
const monthlyBias = z
  .string({ error: 'Monthly bias is required' })
  .max(MONTHLY_BIAS_MAX, `Monthly bias must be at most ${MONTHLY_BIAS_MAX} characters`)
  .pipe(z.enum(MONTHLY_BIASES, { error: `Monthly bias must be one of ${MONTHLY_BIASES.join(', ')}` }));
const memo = z.string().max(10_000, 'Memo must be at most 10000 characters');
/** Percent of the position: a whole or decimal number from 0 to 100. */
const share = (label: string) =>
  numberish(label, `${label} is required`).pipe(
    z.number().min(0, `${label} must be between 0 and 100`).max(100, `${label} must be between 0 and 100`),
  );
const expiresAt = z
  .string({ error: 'Expiry must be a date and time' })
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Expiry must be a valid date and time');

/** A room's slug; the server checks that the room exists. */
const room = z
  .string({ error: 'Room must be the slug of a room' })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, 'Room must be the slug of a room');

export const signalCreateInput = z
  .object({
    instrument,
    /** The room the signal is published in (default: its instrument's room); fixed once published. */
    room: room.optional(),
    direction,
    entryPrice: price('Entry price'),
    slPrice: price('SL price'),
    t0Price: price('Take Profit 0'),
    t1Price: price('Take Profit 1'),
    memo: memo.optional(),
    confidence: confidence.optional(),
    monthlyBias,
    status: createStatus.default('active'),
    currentPrice: price('Current price').nullish(),
    /** Move the stop to entry once T0 is reached (default on). */
    stopToEntry: stopToEntry.default(true),
    /** Percent of the position taken at T0; the rest runs to T1 or the stop (default 50). */
    t0Share: share('T0 share').default(DEFAULT_T0_SHARE),
    /** A pending (LIMIT) order still unfilled then ends unfilled; not for a market signal. */
    expiresAt: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), expiresAt.nullish()),
  })
  .superRefine(checkLevels)
  .superRefine((value, ctx) => {
    if (value.expiresAt && value.status !== 'limit') {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Only a pending (LIMIT) order can expire' });
    }
  });
export type SignalCreateInput = z.input<typeof signalCreateInput>;
export type SignalCreate = z.output<typeof signalCreateInput>;

/**
 * Any field, or `createdAt` alone (the console edits creation dates). The levels given are checked
 * here against each other; the procedure checks them again merged with the stored ones.
 */
export const signalUpdateInput = idParam
  .extend({
    instrument: instrument.optional(),
    direction: direction.optional(),
    entryPrice: price('Entry price').optional(),
    slPrice: price('SL price').optional(),
    t0Price: price('Take Profit 0').optional(),
    t1Price: price('Take Profit 1').optional(),
    memo: memo.optional(),
    confidence: confidence.optional(),
    monthlyBias: monthlyBias.optional(),
    status: status.optional(),
    currentPrice: price('Current price').nullish(),
    t0Hit: z.boolean().optional(),
    createdAt: z
      .string()
      .refine((s) => !Number.isNaN(Date.parse(s)), 'Created date must be a valid date')
      .optional(),
    stopToEntry: stopToEntry.optional(),
  })
  .superRefine(checkLevels);
export type SignalUpdateInput = z.input<typeof signalUpdateInput>;
export type SignalUpdate = z.output<typeof signalUpdateInput>;

export const tradeResultSchema = z.object({
  /** Pips in the trade's favour (negative against it). */
  pips: z.number(),
  /** The same move in R (risk fixed at publication). */
  r: z.number(),
});

/** Who published a signal, as shown now (the name may have changed since; the chain holds its hash). */
export const signalAuthorSchema = z.object({ slug: z.string(), name: z.string(), title: z.string() }).nullable();
export type SignalAuthor = z.infer<typeof signalAuthorSchema>;

export const signalSchema = z.object({
  id: z.number().int(),
  /** The room it was published in (a room's slug); it never moves. */
  room: z.string(),
  instrument,
  direction: z.string(),
  status,
  entryPrice: z.number(),
  t0Price: z.number(),
  t1Price: z.number(),
  slPrice: z.number(),
  /** The final target: the same as T1. */
  targetPrice: z.number(),
  currentPrice: z.number().nullable(),
  monthlyBias: z.string(),
  confidence: z.number().int(),
  memo: z.string(),
  t0Hit: z.boolean(),
  createdAt: z.string(),
  /** When its production was completed (the analyst finished it: the publish request, or the draft's approval), ISO (MAR labels). */
  completedAt: z
    .string()
    .describe(
      'When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels)',
    ),
  /** When it was first released (publication; unlike createdAt, never corrected), ISO (MAR labels). */
  releasedAt: z
    .string()
    .describe(
      'When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move',
    ),
  /** The stop moves to entry once T0 is reached. */
  stopToEntry: z.boolean(),
  /** Seeded demo content (left out of the record when SEED_DEMO=false). */
  demo: z.boolean(),
  /** |entry − stop| at publication in pips: the R unit. */
  riskPips: z.number().nullable(),
  /** Closed: the outcome; open and filled: floating at the last server price; null when unknown. */
  result: tradeResultSchema.nullable(),
  exitPrice: z.number().nullable(),
  closedAt: z.string().nullable(),
  /** target, stop, breakeven, manual, withdrawn or expired; null while open. */
  closeReason: z.string().nullable(),
  /** market, or how a pending order fills: limit (the market comes to it) or stop (the market runs through it). */
  orderType: z.string(),
  /** A pending order unfilled then ends unfilled. */
  expiresAt: z.string().nullable(),
  /** Percent of the position taken at T0. */
  t0Share: z.number(),
  /** Percent of the position still open (100 before any part is closed, 0 once ended). */
  openShare: z.number(),
  /** Parts of the position closed so far: at T0, by the desk at market, the rest at the exit. */
  parts: z.array(z.object({ kind: z.enum(['t0', 'manual', 'exit']), share: z.number(), price: z.number() })),
  /** The analyst who published it, as shown now (null: the desk). The chain commits to their id and a salted hash of the name shown at publication. */
  author: signalAuthorSchema,
});
export type Signal = z.infer<typeof signalSchema>;

/**
 * A signal as a given viewer may read it (see `signalForViewer`): for a viewer who does not hold
 * its room an open signal is `locked`: its id, room, instrument and publication time, status
 * `open`, and nothing else (null, empty).
 */
export const signalViewSchema = signalSchema.extend({
  /** A locked signal is `open` (which kind of open is withheld too). */
  status: z.union([status, z.literal('open')]),
  direction: z.string().nullable(),
  monthlyBias: z.string().nullable(),
  confidence: z.number().int().nullable(),
  t0Hit: z.boolean().nullable(),
  stopToEntry: z.boolean().nullable(),
  t0Share: z.number().nullable(),
  openShare: z.number().nullable(),
  entryPrice: z.number().nullable(),
  t0Price: z.number().nullable(),
  t1Price: z.number().nullable(),
  slPrice: z.number().nullable(),
  targetPrice: z.number().nullable(),
  orderType: z.string().nullable(),
  locked: z.boolean(),
});
export type SignalView = z.infer<typeof signalViewSchema>;

/** Validated once per kept list (the list is polled by every client; see `HotReads`). */
export const signalListSchema = validatedOnce(z.array(signalSchema));

/** The list as the viewer may read it, validated once per kept projection (see `signalListForViewer`). */
export const signalViewListSchema = validatedOnce(z.array(signalViewSchema));

export const deletedSchema = z.object({ success: z.literal(true), id: z.number().int() });

/**
 * Close a filled signal at market (`POST /api/signals/{id}/close`). A typed exit is checked against
 * the feed (its range since the last tick plus a small tolerance); without one, the live price.
 */
export const signalCloseInput = idParam.extend({ exitPrice: price('Exit price').nullish() });

/** Close a percent of the whole position now, at market (`POST /api/signals/{id}/close-part`). */
export const signalClosePartInput = idParam.extend({
  share: numberish('Share', 'Share is required').pipe(
    z.number().gt(0, 'Share must be more than 0').max(100, 'Share must be at most 100'),
  ),
});
export type SignalClosePartInput = z.input<typeof signalClosePartInput>;

/** Trail a filled signal's stop to a level (`POST /api/signals/{id}/trail-stop`). */
export const signalTrailStopInput = idParam.extend({ slPrice: price('SL price') });
export type SignalTrailStopInput = z.input<typeof signalTrailStopInput>;
export type SignalCloseInput = z.input<typeof signalCloseInput>;

/** How many accounts a new signal reaches (the generator's PUBLISH TO N SUBSCRIBERS). */
export const signalAudienceSchema = z.object({ subscribers: z.number().int() });
