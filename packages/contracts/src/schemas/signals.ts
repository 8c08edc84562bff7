import { z } from 'zod';
import { INSTRUMENTS, MONTHLY_BIAS_MAX } from '../domain/constants';
import { MONTHLY_BIASES, SIGNAL_DIRECTIONS, SIGNAL_PRICE_MAX, SIGNAL_STATUSES } from '../domain/signals';
import { idParam } from './common';
import { numberish } from './numbers';
import { validatedOnce } from './validated-once';

// Spec 3 §5 (signal rules and messages) and spec 2 §3 (the signal as answered).

/** A price as a number or numeric string; stored numeric(10,5), so positive and below 100000. */
const price = (label: string) =>
  numberish(label, `${label} is required`).pipe(
    z
      .number()
      .positive(`${label} must be greater than 0`)
      .max(SIGNAL_PRICE_MAX, `${label} must be less than 100000`),
  );

const confidence = numberish('Confidence', 'Confidence is required').pipe(
  z.number().int('Confidence must be a whole number').min(1, 'Confidence is required').max(100, 'Confidence cannot exceed 100%'),
);

const instrument = z.enum(INSTRUMENTS, { error: `Instrument must be one of ${INSTRUMENTS.join(', ')}` });
const direction = z.enum(SIGNAL_DIRECTIONS, { error: 'Direction must be long or short' });
const status = z.enum(SIGNAL_STATUSES, { error: `Status must be one of ${SIGNAL_STATUSES.join(', ')}` });
const monthlyBias = z
  .string({ error: 'Monthly bias is required' })
  .max(MONTHLY_BIAS_MAX, `Monthly bias must be at most ${MONTHLY_BIAS_MAX} characters`)
  .pipe(z.enum(MONTHLY_BIASES, { error: `Monthly bias must be one of ${MONTHLY_BIASES.join(', ')}` }));
const memo = z.string().max(10_000, 'Memo must be at most 10000 characters');

export const signalCreateInput = z.object({
  instrument,
  direction,
  entryPrice: price('Entry price'),
  slPrice: price('SL price'),
  t0Price: price('Take Profit 0'),
  t1Price: price('Take Profit 1'),
  memo: memo.optional(),
  confidence: confidence.optional(),
  monthlyBias,
  status: status.default('active'),
  currentPrice: price('Current price').nullish(),
});
export type SignalCreateInput = z.input<typeof signalCreateInput>;
export type SignalCreate = z.output<typeof signalCreateInput>;

/** Any field, or `createdAt` alone (the console edits creation dates). */
export const signalUpdateInput = idParam.extend({
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
});
export type SignalUpdateInput = z.input<typeof signalUpdateInput>;
export type SignalUpdate = z.output<typeof signalUpdateInput>;

export const signalSchema = z.object({
  id: z.number().int(),
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
});
export type Signal = z.infer<typeof signalSchema>;

/** Validated once per kept list (the list is polled by every client; see `HotReads`). */
export const signalListSchema = validatedOnce(z.array(signalSchema));

export const deletedSchema = z.object({ success: z.literal(true), id: z.number().int() });
