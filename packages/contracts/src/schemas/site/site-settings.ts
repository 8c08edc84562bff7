import { DUNNING_EMAILS, WIN_BACK_DAYS_MAX, WIN_BACK_MONTHS_MAX } from '../../domain/billing/dunning';
import { z } from 'zod';
import { languageField } from '../languages/language';
import { DEFAULT_MARKETING, LEGAL_PAGES, LEGAL_TEXT_MAX } from '../../domain/site/site-settings';
import { TRIAL_DAYS_MAX } from '../../domain/billing/trials';
import { LEGAL_PERSON_MAX } from '../../domain/signals/signal-labels';

const figure = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(20, `${name} must be at most 20 characters`);

export const marketingFiguresSchema = z.object({
  traders: figure('marketing.traders'),
  support: figure('marketing.support'),
  signals: figure('marketing.signals'),
  marketMoves: figure('marketing.marketMoves'),
  activeTraders: figure('marketing.activeTraders'),
  activeSignals: figure('marketing.activeSignals'),
});
export type MarketingFigures = z.infer<typeof marketingFiguresSchema>;

const legalText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(LEGAL_TEXT_MAX, `${name} must be at most ${LEGAL_TEXT_MAX} characters`);

/** Hosts whose widgets of a broker-read live account may be embedded on the record page. */
export const BROKER_WIDGET_HOSTS = ['myfxbook.com', 'fxblue.com'] as const;
const widgetMessage = 'brokerWidgetUrl must be an https address on myfxbook.com or fxblue.com';

/** An https Myfxbook or FX Blue widget address (or empty: none shown). */
export const brokerWidgetUrlSchema = z.union([
  z.literal(''),
  z
    .string({ error: widgetMessage })
    .trim()
    .max(500, 'brokerWidgetUrl must be at most 500 characters')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (
          u.protocol === 'https:' &&
          !u.username &&
          !u.password &&
          BROKER_WIDGET_HOSTS.some((h) => u.hostname === h || u.hostname.endsWith(`.${h}`))
        );
      } catch {
        return false;
      }
    }, widgetMessage),
]);

const trialDays = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of days` })
    .int(`${name} must be a whole number of days`)
    .min(0, `${name} must be 0 (no trial) or more`)
    .max(TRIAL_DAYS_MAX, `${name} must be at most ${TRIAL_DAYS_MAX}`);

/** Days of free trial per plan, offered once per person at checkout (0: none). */
export const trialDaysSchema = z.object(
  { monthly: trialDays('trialDays.monthly'), yearly: trialDays('trialDays.yearly') },
  { error: 'trialDays must be an object with monthly and yearly' },
);

const wholeIn = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

/** The win-back offer after a subscription ended: on or off, days after the end, percent off, months it lasts. */
export const winBackSchema = z.object(
  {
    enabled: z.boolean({ error: 'winBack.enabled must be true or false' }),
    days: wholeIn('winBack.days', 1, WIN_BACK_DAYS_MAX),
    percentOff: wholeIn('winBack.percentOff', 1, 100),
    durationMonths: wholeIn('winBack.durationMonths', 1, WIN_BACK_MONTHS_MAX),
  },
  { error: 'winBack must be an object with enabled, days, percentOff and durationMonths' },
);

/** What an administrator edits in the console's SETTINGS tab. */
export const siteSettingsSchema = z.object({
  /** Empty: the server's SUPPORT_EMAIL setting. */
  supportEmail: z.union([z.literal(''), z.email('supportEmail must be an e-mail address').max(255)]),
  marketing: marketingFiguresSchema,
  /** Show counts from the records (registered traders, active subscribers, open signals) instead of the figures. */
  marketingLive: z.boolean({ error: 'marketingLive must be true or false' }),
  legal: z.object({
    terms: legalText('legal.terms'),
    privacy: legalText('legal.privacy'),
    risk: legalText('legal.risk'),
    /** The disclosures page (MAR): the legal person and, if the desk chooses, its analysts' legal names. Absent: left as it is. */
    disclosures: legalText('legal.disclosures').optional(),
    /** The refund policy a buyer accepts at checkout (and a dispute's evidence quotes). Absent: left as it is. */
    refund: legalText('legal.refund').optional(),
  }),
  /** The desk's legal person, named in the labels of a signal no analyst wrote and on every disclosure page. Absent: left as it is. */
  legalPerson: z
    .string({ error: 'legalPerson must be text' })
    .trim()
    .max(LEGAL_PERSON_MAX, `legalPerson must be at most ${LEGAL_PERSON_MAX} characters`)
    .optional(),
  /**
   * A Myfxbook or FX Blue widget of the desk's own live account, shown on /performance beside the
   * record (an image address is shown as an image, another as a frame). Absent: left as it is.
   */
  brokerWidgetUrl: brokerWidgetUrlSchema.optional(),
  /** Free trial days per plan. Absent: left as they are. */
  trialDays: trialDaysSchema.optional(),
  /** The analysts' leaderboard is public (true) or for administrators and analysts only. Absent: left as it is. */
  leaderboardPublic: z.boolean({ error: 'leaderboardPublic must be true or false' }).optional(),
  /**
   * CFTC Rule 4.41(b)(1)'s prescribed statement beside every presentation of results (the record,
   * the analysts' pages, the leaderboard, the CSV). Absent: left as it is.
   */
  prescribedStatement: z.boolean({ error: 'prescribedStatement must be true or false' }).optional(),
  /** The currency the ledger reports amounts in (ISO 4217). Absent: left as it is. */
  reportingCurrency: z
    .string({ error: 'reportingCurrency must be a three-letter currency code' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'reportingCurrency must be a three-letter currency code')
    .transform((v) => v.toUpperCase())
    .optional(),
  /** The month's dispute rate (percent of payments) at which the console's ledger shows an alert. Absent: left as it is. */
  disputeRateAlertPercent: z
    .number({ error: 'disputeRateAlertPercent must be a number' })
    .min(0.01, 'disputeRateAlertPercent must be between 0.01 and 100')
    .max(100, 'disputeRateAlertPercent must be between 0.01 and 100')
    .optional(),
  /** The web app's language for a visitor whose account and browser name none it speaks. Absent: left as it is. */
  defaultLanguage: languageField('defaultLanguage').optional(),
  /** Who e-mails about a failed payment: Stripe's own dunning e-mails, or this product (`t0`). Absent: left as it is. */
  dunningEmails: z
    .enum(DUNNING_EMAILS, { error: `dunningEmails must be one of ${DUNNING_EMAILS.join(', ')}` })
    .optional(),
  /** The win-back offer. Absent: left as it is. */
  winBack: winBackSchema.optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsOutput = siteSettingsSchema.extend({
  legal: z.object({
    terms: z.string(),
    privacy: z.string(),
    risk: z.string(),
    disclosures: z.string(),
    refund: z.string(),
  }),
  legalPerson: z.string(),
  brokerWidgetUrl: z.string(),
  trialDays: trialDaysSchema,
  leaderboardPublic: z.boolean(),
  prescribedStatement: z.boolean(),
  reportingCurrency: z.string(),
  disputeRateAlertPercent: z.number(),
  defaultLanguage: languageField('defaultLanguage'),
  dunningEmails: z.enum(DUNNING_EMAILS),
  winBack: winBackSchema,
  updatedAt: z.string().nullable(),
  /** The address used when supportEmail is empty. */
  defaultSupportEmail: z.string(),
});
export type SiteSettingsOutput = z.infer<typeof siteSettingsOutput>;

export const legalPageParam = z.object({
  page: z.enum(LEGAL_PAGES, { error: `page must be one of ${LEGAL_PAGES.join(', ')}` }),
});

export const legalPageOutput = z.object({
  page: z.enum(LEGAL_PAGES),
  title: z.string(),
  /** Markdown; empty when the operator has not published this page. */
  markdown: z.string(),
  updatedAt: z.string().nullable(),
  /** The text's version: 1 for the first text the desk saved, one more for each change; 0 for the built-in text. */
  version: z.number().int(),
});
export type LegalPageContent = z.infer<typeof legalPageOutput>;

/** The landing page's figures as served: the set text, or counts when live is on. */
export const publicMarketingSchema = marketingFiguresSchema.extend({ live: z.boolean() });
export type PublicMarketing = z.infer<typeof publicMarketingSchema>;

export const defaultMarketing = (): MarketingFigures => ({ ...DEFAULT_MARKETING });
