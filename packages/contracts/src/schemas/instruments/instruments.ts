import { z } from 'zod';
import { UNIT_NAMES } from '../../domain/instruments/instruments';
import { SIGNAL_PRICE_MAX } from '../../domain/signals/signals';

// The instrument catalogue as served (GET /instruments) and as an administrator writes it.

const positive = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be greater than 0`)
    .max(max, `${label} must be at most ${max}`);

const fields = {
  tickSize: positive('Tick size', 10_000),
  unitSize: positive('Pip or point size', 10_000),
  unitName: z.enum(UNIT_NAMES, { error: `Unit name must be one of ${UNIT_NAMES.join(', ')}` }),
  decimals: z
    .number({ error: 'Decimals must be a number' })
    .int('Decimals must be a whole number')
    .min(0, 'Decimals must be at least 0')
    .max(8, 'Decimals must be at most 8'),
  feedSymbol: z
    .string({ error: 'Feed symbol is required' })
    .trim()
    .min(1, 'Feed symbol is required')
    .max(40, 'Feed symbol must be at most 40 characters')
    .regex(/^[A-Za-z0-9/:._!^=-]+$/, 'Feed symbol may hold letters, digits and / : . _ ! ^ = - only'),
  entryTolerance: positive('Entry tolerance', 1_000_000),
  referencePrice: positive('Reference price', SIGNAL_PRICE_MAX),
};

/** The tick must fit in the unit (a pip holds ten ticks of 0.00001, a point any number of 0.01 ticks). */
function tickWithinUnit(value: { tickSize?: number; unitSize?: number }, ctx: z.core.$RefinementCtx<unknown>) {
  if (value.tickSize !== undefined && value.unitSize !== undefined && value.tickSize > value.unitSize) {
    ctx.addIssue({ code: 'custom', path: ['tickSize'], message: 'Tick size must not exceed the pip or point size' });
  }
}

export const instrumentSymbolSchema = z
  .string({ error: 'Symbol is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'Symbol must be 2 to 10 letters or digits, starting with a letter');

/** POST /instruments: a new instrument, or a built-in one's own sizes / feed symbol. */
export const instrumentCreateInput = z
  .object({ symbol: instrumentSymbolSchema, ...fields })
  .superRefine(tickWithinUnit);
export type InstrumentCreateInput = z.input<typeof instrumentCreateInput>;

/** PATCH /instruments/{id}: any of the sizes (the symbol stays). */
export const instrumentUpdateInput = z
  .object({
    id: z.coerce
      .number({ error: 'id must be a number' })
      .int('id must be a whole number')
      .positive('id must be positive'),
    tickSize: fields.tickSize.optional(),
    unitSize: fields.unitSize.optional(),
    unitName: fields.unitName.optional(),
    decimals: fields.decimals.optional(),
    feedSymbol: fields.feedSymbol.optional(),
    entryTolerance: fields.entryTolerance.optional(),
    referencePrice: fields.referencePrice.optional(),
  })
  .superRefine(tickWithinUnit);
export type InstrumentUpdateInput = z.input<typeof instrumentUpdateInput>;

export const instrumentSchema = z.object({
  /** The row's id; null for a built-in instrument nobody changed. */
  id: z.number().nullable(),
  symbol: z.string(),
  tickSize: z.number(),
  unitSize: z.number(),
  unitName: z.enum(UNIT_NAMES),
  decimals: z.number(),
  feedSymbol: z.string(),
  entryTolerance: z.number(),
  referencePrice: z.number(),
  /** One of the spec's four instruments (removing its row brings back the defaults). */
  builtIn: z.boolean(),
});
export type InstrumentView = z.infer<typeof instrumentSchema>;
export const instrumentListSchema = z.array(instrumentSchema);
