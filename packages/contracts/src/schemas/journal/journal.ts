import { z } from 'zod';
import { JOURNAL_DECISIONS } from '../../domain/journal/journal';
import { IMPORT_FORMATS } from '../../domain/journal/trade-import';
import { idParam } from '../common/common';
import { numberish } from '../common/numbers';

// The subscriber's own book (docs/features/journal.md): "I took it", "I skipped it", own exits,
// trading accounts and my results.

const isoTime = z.string().describe('ISO 8601 date-time');

const positive = (label: string) =>
  numberish(label, `${label} is required`).refine((n) => n > 0, `${label} must be greater than 0`);

/** A time the subscriber gives: ISO 8601, not in the future. */
const pastTime = (label: string) =>
  z
    .string({ error: `${label} must be an ISO 8601 date-time` })
    .refine((s) => Number.isFinite(Date.parse(s)), `${label} must be an ISO 8601 date-time`)
    .refine((s) => Date.parse(s) <= Date.now() + 60_000, `${label} cannot be in the future`);

export const accountName = z
  .string({ error: 'account must be a name' })
  .trim()
  .min(1, 'account must be a name')
  .max(40, 'account is at most 40 characters');

const accountField = { account: accountName.optional().describe('The trading account (default: Main)') };

export const tookInput = idParam.extend({
  fillPrice: positive('fillPrice').optional().describe("Your fill (default: the signal's entry)"),
  riskPercent: positive('riskPercent')
    .refine((n) => n <= 100, 'riskPercent is at most 100')
    .optional()
    .describe("Percent of the account risked (default: your trading settings' position size)"),
  lots: positive('lots').optional(),
  contractSize: positive('contractSize').optional().describe('Units per lot, for a result in money'),
  takenAt: pastTime('takenAt').optional().describe('When you entered (default: now)'),
  ...accountField,
});
export type TookInput = z.infer<typeof tookInput>;

export const skippedInput = idParam.extend(accountField);
export type SkippedInput = z.infer<typeof skippedInput>;

export const exitInput = idParam.extend({
  price: positive('price'),
  share: positive('share')
    .refine((n) => n <= 100, 'share is at most 100')
    .describe('Percent of the position closed at this price'),
  closedAt: pastTime('closedAt').optional().describe('Default: now'),
  ...accountField,
});
export type ExitInput = z.infer<typeof exitInput>;

export const journalEntrySchema = z.object({
  signalId: z.number().int(),
  account: z.string(),
  decision: z.enum(JOURNAL_DECISIONS),
  fillPrice: z.number().nullable(),
  takenAt: isoTime.nullable(),
  riskPercent: z.number().nullable(),
  lots: z.number().nullable(),
  contractSize: z.number().nullable(),
  exits: z.array(z.object({ price: z.number(), share: z.number(), closedAt: isoTime })),
  updatedAt: isoTime,
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const tradingAccountSchema = z.object({ id: z.number().int(), name: z.string(), createdAt: isoTime });
export const tradingAccountListSchema = z.array(tradingAccountSchema);
export const newTradingAccountInput = z.object({ name: accountName });

export const resultsInput = z
  .object({ account: accountName.optional().describe('Only this account (default: all)') })
  .optional();

const curve = z.array(z.object({ at: isoTime, r: z.number() }));

export const resultsSchema = z.object({
  trades: z.array(
    z.object({
      signalId: z.number().int(),
      account: z.string(),
      instrument: z.string(),
      direction: z.string(),
      room: z.string(),
      publishedAt: isoTime.nullable(),
      decision: z.enum(JOURNAL_DECISIONS),
      fillPrice: z.number().nullable(),
      takenAt: isoTime.nullable(),
      deskEntry: z.number().nullable(),
      deskR: z.number().nullable().describe("The desk's R for this signal (null until it traded and closed)"),
      r: z.number().nullable().describe('Your R: your fills against the stop the signal was published with'),
      pips: z.number().nullable(),
      money: z.number().nullable().describe("In the instrument's quote currency; only with lots and contract size"),
      riskPercent: z.number().nullable(),
      accountPercent: z.number().nullable(),
      slippagePips: z.number().nullable().describe("Your fill against the desk's entry: positive is worse"),
      open: z.boolean(),
      closedAt: isoTime.nullable(),
      farFromFeed: z.boolean().describe("The fill lies outside the prices the desk's feed saw: kept, and marked"),
    }),
  ),
  summary: z.object({
    taken: z.number().int(),
    skipped: z.number().int(),
    closed: z.number().int(),
    totalR: z.number(),
    meanR: z.number().nullable(),
    winRate: z.number().nullable(),
    deskTotalR: z.number(),
    medianSlippagePips: z.number().nullable(),
  }),
  curves: z.object({ mine: curve, desk: curve }),
  everySignal: z
    .object({
      signals: z.number().int(),
      r: z.number(),
      riskPercent: z.number(),
      accountPercent: z.number(),
      since: isoTime,
    })
    .nullable()
    .describe(
      'Had you taken every signal of your rooms since your first entry at your risk: the desk’s closed trades, in R and in percent',
    ),
  notice: z.string(),
});
export type Results = z.infer<typeof resultsSchema>;

/** `POST /api/user/imports`: a report's text (or its bytes in base64: MetaTrader writes UTF-16). */
export const importInput = z
  .object({
    format: z.enum(IMPORT_FORMATS, { error: 'format must be mt5 or csv' }),
    content: z.string().max(1_000_000, 'content is at most 1,000,000 characters').optional(),
    contentBase64: z.string().max(1_400_000, 'contentBase64 is at most 1,400,000 characters').optional(),
    serverOffsetMinutes: z
      .number({ error: 'serverOffsetMinutes must be a number of minutes' })
      .int('serverOffsetMinutes must be a whole number of minutes')
      .min(-720, 'serverOffsetMinutes is at least -720')
      .max(840, 'serverOffsetMinutes is at most 840')
      .optional()
      .describe("The report's server time against UTC, in minutes (MetaTrader servers often keep +120 or +180)"),
    symbolMap: z
      .record(z.string().max(40), z.string().max(20), { error: 'symbolMap maps a broker symbol to an instrument' })
      .optional()
      .describe('Broker symbols to our instruments, where the suffix rule does not find them: { "DJ30": "US30" }'),
    preview: z.boolean({ error: 'preview must be true or false' }).optional(),
    ...accountField,
  })
  .superRefine((v, ctx) => {
    if ((v.content === undefined) === (v.contentBase64 === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'content or contentBase64 is required (one of them)',
      });
  });
export type ImportInput = z.infer<typeof importInput>;

export const importedTradeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  source: z.enum(IMPORT_FORMATS),
  ref: z.string(),
  symbol: z.string(),
  instrument: z.string().nullable(),
  direction: z.string(),
  volume: z.number(),
  openedAt: isoTime,
  openPrice: z.number(),
  closedAt: isoTime.nullable(),
  closePrice: z.number().nullable(),
  profit: z.number().nullable(),
  signalId: z.number().int().nullable(),
});
export type ImportedTrade = z.infer<typeof importedTradeSchema>;
export const importedTradeListSchema = z.array(importedTradeSchema);

export const importResultSchema = z.object({
  trades: z.number().int().describe('Trades the report lists'),
  suggestedOffsetMinutes: z.number().int().nullable().describe('The server offset that matches the most trades'),
  offsetMinutes: z.number().int().nullable().describe('The offset used (null: a preview that needs one)'),
  needsOffset: z.boolean().describe('The report has wall times and no serverOffsetMinutes was given: nothing written'),
  preview: z.boolean(),
  added: z.number().int(),
  alreadyImported: z.number().int(),
  matched: z.number().int(),
  rows: z.array(
    z.object({
      ref: z.string(),
      symbol: z.string(),
      instrument: z.string().nullable(),
      direction: z.string(),
      openedAt: isoTime,
      signalId: z.number().int().nullable(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importedTradesInput = z
  .object({ unmatched: z.enum(['true', 'false'], { error: 'unmatched must be true or false' }).optional() })
  .optional();

export const matchImportedInput = idParam.extend({
  signalId: z
    .number({ error: 'signalId must be a signal id' })
    .int()
    .positive('signalId must be a signal id')
    .max(2_147_483_647, 'signalId must be a signal id'),
});

export const importCandidateListSchema = z
  .array(
    z.object({
      id: z.number().int(),
      instrument: z.string(),
      direction: z.string(),
      publishedAt: isoTime,
      status: z.string(),
    }),
  )
  .describe('Signals an imported trade may be matched to: newest first');
export type ImportCandidate = z.infer<typeof importCandidateListSchema>[number];

export const signalTakersListSchema = z.array(
  z.object({
    signalId: z.number().int(),
    takers: z.number().int().describe('Subscribers who marked it taken'),
    skipped: z.number().int(),
    closed: z.number().int(),
    medianSlippagePips: z.number().nullable().describe('From 5 takers up'),
    profitShare: z.number().nullable().describe('Share of their closed trades above 0 R, from 5 takers up'),
  }),
);
