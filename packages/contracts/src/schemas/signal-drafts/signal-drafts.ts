import { z } from 'zod';
import { instrumentCatalogue } from '../../domain/instruments/instruments';
import { MONTHLY_BIAS_MAX } from '../../domain/common/constants';
import { levelIssues } from '../../domain/signals/signal-levels';
import { MONTHLY_BIASES, SIGNAL_PRICE_MAX } from '../../domain/signals/signals';
import { directionOfAlert, instrumentOfTicker } from '../../domain/signal-drafts/tradingview';
import { numberish } from '../common/numbers';
import { idParam } from '../common/common';

// TradingView alerts into drafts: the alert's message template, alert sources, drafts.

const ORDER_TYPES = ['market', 'limit', 'stop'] as const;
export type AlertOrderType = (typeof ORDER_TYPES)[number];

const text = (field: string) =>
  z.union([z.string(), z.number()], { error: `${field} is required` }).transform((v) => String(v).trim());
const level = (field: string) =>
  numberish(field, `${field} is required`).pipe(
    z
      .number()
      .positive(`${field} must be greater than 0`)
      .max(SIGNAL_PRICE_MAX, `${field} must be less than 10000000000`),
  );
/** Alert field ← the signal's level field it stands for (the level rule names those). */
const ALERT_FIELD: Record<string, string> = { entryPrice: 'entry', slPrice: 'stop', t0Price: 't0', t1Price: 't1' };

/**
 * The JSON message a desk writes in TradingView's alert box, placeholders filled in by TradingView
 * (so prices usually arrive as strings: "1.08345"). Every message names the alert's own field.
 */
export const tradingViewAlertSchema = z
  .object(
    {
      instrument: text('instrument').transform((v, ctx) => {
        const symbol = instrumentOfTicker(v);
        if (!symbol) {
          ctx.addIssue({
            code: 'custom',
            message: `instrument: ${v || 'empty'} is not in the catalogue (${instrumentCatalogue()
              .map((s) => s.symbol)
              .join(', ')})`,
          });
          return z.NEVER;
        }
        return symbol;
      }),
      direction: text('direction').transform((v, ctx) => {
        const d = directionOfAlert(v);
        if (!d) {
          ctx.addIssue({ code: 'custom', message: 'direction must be buy, sell, long or short' });
          return z.NEVER;
        }
        return d;
      }),
      orderType: text('orderType')
        .transform((v) => v.toLowerCase())
        .pipe(z.enum(ORDER_TYPES, { error: 'orderType must be market, limit or stop' }))
        .default('market'),
      entry: level('entry'),
      stop: level('stop'),
      t0: level('t0'),
      t1: level('t1'),
      memo: text('memo').pipe(z.string().max(10_000, 'memo must be at most 10000 characters')).optional(),
    },
    {
      error:
        'body must be a JSON object: {"instrument", "direction", "orderType", "entry", "stop", "t0", "t1", "memo"}',
    },
  )
  .superRefine((v, ctx) => {
    const issues = levelIssues({
      direction: v.direction,
      entryPrice: v.entry,
      slPrice: v.stop,
      t0Price: v.t0,
      t1Price: v.t1,
    });
    for (const issue of issues)
      ctx.addIssue({
        code: 'custom',
        path: [ALERT_FIELD[issue.field] ?? issue.field],
        message: `${ALERT_FIELD[issue.field] ?? issue.field}: ${issue.message}`,
      });
  });
export type TradingViewAlert = z.output<typeof tradingViewAlertSchema>;

const sourceName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');

export const alertSourceCreateInput = z.object({
  name: sourceName,
  /** Send a Telegram message to the desk's chat when a draft arrives from this source. */
  notifyTelegram: z.boolean({ error: 'notifyTelegram must be true or false' }).default(false),
});
export type AlertSourceCreateInput = z.input<typeof alertSourceCreateInput>;

export const alertSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  notifyTelegram: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastAlertAt: z.string().nullable(),
  /** Drafts this source made (folded duplicates counted once). */
  drafts: z.number().int(),
});
export type AlertSource = z.infer<typeof alertSourceSchema>;

/** A new source: its webhook URL with the secret token, shown this once. */
export const alertSourceCreatedSchema = alertSourceSchema.extend({ token: z.string(), url: z.string() });
export type AlertSourceCreated = z.infer<typeof alertSourceCreatedSchema>;

export const DRAFT_STATES = ['pending', 'published', 'discarded'] as const;

export const signalDraftSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int().nullable(),
  sourceName: z.string().nullable(),
  instrument: z.string(),
  direction: z.string(),
  orderType: z.enum(ORDER_TYPES),
  entryPrice: z.number(),
  slPrice: z.number(),
  t0Price: z.number(),
  t1Price: z.number(),
  t0Share: z.number(),
  monthlyBias: z.string(),
  memo: z.string(),
  /** Alerts folded into this draft (the same body within a minute). */
  received: z.number().int(),
  state: z.enum(DRAFT_STATES),
  signalId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SignalDraft = z.infer<typeof signalDraftSchema>;

const price = (label: string) =>
  numberish(label, `${label} is required`).pipe(
    z
      .number()
      .positive(`${label} must be greater than 0`)
      .max(SIGNAL_PRICE_MAX, `${label} must be less than 10000000000`),
  );

/** The desk's edits to a pending draft; the levels are checked again, whole, when it is published. */
export const signalDraftUpdateInput = idParam.extend({
  instrument: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => instrumentOfTicker(s) === s, {
      error: () =>
        `Instrument must be one of ${instrumentCatalogue()
          .map((s) => s.symbol)
          .join(', ')}`,
    })
    .optional(),
  direction: z.enum(['long', 'short'], { error: 'Direction must be long or short' }).optional(),
  orderType: z.enum(ORDER_TYPES, { error: 'Order type must be market, limit or stop' }).optional(),
  entryPrice: price('Entry price').optional(),
  slPrice: price('SL price').optional(),
  t0Price: price('Take Profit 0').optional(),
  t1Price: price('Take Profit 1').optional(),
  t0Share: numberish('T0 share', 'T0 share is required')
    .pipe(z.number().min(0, 'T0 share must be between 0 and 100').max(100, 'T0 share must be between 0 and 100'))
    .optional(),
  monthlyBias: z
    .string()
    .max(MONTHLY_BIAS_MAX, `Monthly bias must be at most ${MONTHLY_BIAS_MAX} characters`)
    .pipe(z.enum(MONTHLY_BIASES, { error: `Monthly bias must be one of ${MONTHLY_BIASES.join(', ')}` }))
    .optional(),
  memo: z.string().max(10_000, 'Memo must be at most 10000 characters').optional(),
});
export type SignalDraftUpdateInput = z.input<typeof signalDraftUpdateInput>;
