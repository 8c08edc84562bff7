import type { Db } from '@t0/db';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { PRESCRIBED_STATEMENT_4_41 } from '@t0/contracts/domain/performance/analyst-record';
import { OPEN_SIGNAL_STATUSES } from '@t0/contracts/domain/signals/signal-lifecycle';
import {
  builtInLegalText,
  DEFAULT_RISK_DISCLOSURE,
  LEGAL_PAGES,
  LEGAL_TITLES,
  type LegalPage,
} from '@t0/contracts/domain/site/site-settings';
import { DEFAULT_DISPUTE_RATE_ALERT_PERCENT, DEFAULT_REPORTING_CURRENCY } from '@t0/contracts/domain/ledger/ledger';
import { NO_TRIAL, type TrialDays } from '@t0/contracts/domain/billing/trials';
import {
  DEFAULT_WIN_BACK,
  DUNNING_EMAILS,
  defaultDunningEmails,
  type DunningEmails,
  type WinBackSettings,
} from '@t0/contracts/domain/billing/dunning';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@t0/contracts/domain/languages/languages';
import {
  defaultMarketing,
  marketingFiguresSchema,
  trialDaysSchema,
  winBackSchema,
  type LegalPageContent,
  type PublicMarketing,
  type SiteSettings,
  type SiteSettingsOutput,
} from '@t0/contracts/schemas/site/site-settings';
import { transact } from '../core/transaction';

const legalKey = (page: LegalPage) => `legal.${page}`;

/** Every setting as stored or defaulted (nothing left absent). */
export type StoredSiteSettings = Omit<SiteSettingsOutput, 'updatedAt' | 'defaultSupportEmail'> & {
  trialDays: TrialDays;
  defaultLanguage: Language;
};

/**
 * The stored settings over the product's defaults, and when they last changed. In production the
 * landing page's figures are measured counts (`marketingLive`) until an administrator saves their own.
 */
export async function readSiteSettings(
  db: Db,
  opts: { production?: boolean; stripe?: boolean } = {},
): Promise<{
  settings: StoredSiteSettings;
  updatedAt: Date | null;
  updated: Map<string, Date>;
}> {
  const rows = await db.selectFrom('siteSettings').select(['key', 'value', 'updatedAt']).execute();
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const updated = new Map(rows.map((r) => [r.key, r.updatedAt]));
  const text = (key: string, fallback: string) =>
    typeof values.get(key) === 'string' ? (values.get(key) as string) : fallback;
  const marketing = marketingFiguresSchema.safeParse(values.get('marketing'));
  const trialDays = trialDaysSchema.safeParse(values.get('trialDays'));
  const winBack = winBackSchema.safeParse(values.get('winBack'));
  const settings: StoredSiteSettings = {
    supportEmail: text('supportEmail', ''),
    brokerWidgetUrl: text('brokerWidgetUrl', ''),
    marketing: marketing.success ? marketing.data : defaultMarketing(),
    trialDays: trialDays.success ? trialDays.data : { ...NO_TRIAL },
    leaderboardPublic: values.get('leaderboardPublic') === true,
    prescribedStatement: values.get('prescribedStatement') === true,
    marketingLive: values.has('marketingLive') ? values.get('marketingLive') === true : opts.production === true,
    legal: {
      terms: text(legalKey('terms'), ''),
      privacy: text(legalKey('privacy'), ''),
      risk: text(legalKey('risk'), DEFAULT_RISK_DISCLOSURE),
      disclosures: text(legalKey('disclosures'), ''),
      refund: text(legalKey('refund'), ''),
    },
    legalPerson: text('legalPerson', ''),
    reportingCurrency: text('reportingCurrency', DEFAULT_REPORTING_CURRENCY),
    disputeRateAlertPercent:
      typeof values.get('disputeRateAlertPercent') === 'number'
        ? (values.get('disputeRateAlertPercent') as number)
        : DEFAULT_DISPUTE_RATE_ALERT_PERCENT,
    defaultLanguage: isLanguage(values.get('defaultLanguage'))
      ? (values.get('defaultLanguage') as Language)
      : DEFAULT_LANGUAGE,
    dunningEmails: dunningEmailsOf(values.get('dunningEmails'), opts.stripe === true),
    winBack: winBack.success ? winBack.data : { ...DEFAULT_WIN_BACK },
  };
  const times = rows.map((r) => r.updatedAt.getTime());
  return { settings, updatedAt: times.length ? new Date(Math.max(...times)) : null, updated };
}

const dunningEmailsOf = (stored: unknown, stripe: boolean): DunningEmails =>
  DUNNING_EMAILS.includes(stored as DunningEmails) ? (stored as DunningEmails) : defaultDunningEmails(stripe);

/** The dunning and win-back settings (`dunningEmails`, defaulted by whether Stripe is configured; `winBack`). */
export async function readBillingMessageSettings(
  db: Db,
  stripe: boolean,
): Promise<{ dunningEmails: DunningEmails; winBack: WinBackSettings }> {
  const rows = await db
    .selectFrom('siteSettings')
    .select(['key', 'value'])
    .where('key', 'in', ['dunningEmails', 'winBack'])
    .execute();
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const winBack = winBackSchema.safeParse(values.get('winBack'));
  return {
    dunningEmails: dunningEmailsOf(values.get('dunningEmails'), stripe),
    winBack: winBack.success ? winBack.data : { ...DEFAULT_WIN_BACK },
  };
}

/** The desk's default language (`defaultLanguage`): the language of a subscriber who chose none, and of the desk's group chats. */
export async function readDefaultLanguage(db: Db): Promise<Language> {
  const row = await db
    .selectFrom('siteSettings')
    .select('value')
    .where('key', '=', 'defaultLanguage')
    .executeTakeFirst();
  return isLanguage(row?.value) ? row.value : DEFAULT_LANGUAGE;
}

/** Writes each setting that differs from what is stored, in one transaction. */
export async function writeSiteSettings(db: Db, next: SiteSettings, userId: number): Promise<void> {
  const entries: Array<[string, unknown]> = [
    ['supportEmail', next.supportEmail],
    ['marketing', next.marketing],
    ['marketingLive', next.marketingLive],
    ...LEGAL_PAGES.filter((p) => next.legal[p] !== undefined).map((p): [string, unknown] => [
      legalKey(p),
      next.legal[p],
    ]),
    ...(next.legalPerson !== undefined ? [['legalPerson', next.legalPerson] as [string, unknown]] : []),
    ...(next.brokerWidgetUrl !== undefined ? [['brokerWidgetUrl', next.brokerWidgetUrl] as [string, unknown]] : []),
    ...(next.trialDays !== undefined ? [['trialDays', next.trialDays] as [string, unknown]] : []),
    ...(next.leaderboardPublic !== undefined
      ? [['leaderboardPublic', next.leaderboardPublic] as [string, unknown]]
      : []),
    ...(next.prescribedStatement !== undefined
      ? [['prescribedStatement', next.prescribedStatement] as [string, unknown]]
      : []),
    ...(next.reportingCurrency !== undefined
      ? [['reportingCurrency', next.reportingCurrency] as [string, unknown]]
      : []),
    ...(next.disputeRateAlertPercent !== undefined
      ? [['disputeRateAlertPercent', next.disputeRateAlertPercent] as [string, unknown]]
      : []),
    ...(next.defaultLanguage !== undefined ? [['defaultLanguage', next.defaultLanguage] as [string, unknown]] : []),
    ...(next.dunningEmails !== undefined ? [['dunningEmails', next.dunningEmails] as [string, unknown]] : []),
    ...(next.winBack !== undefined ? [['winBack', next.winBack] as [string, unknown]] : []),
  ];
  await transact(db, async (trx) => {
    const stored = new Map(
      (await trx.selectFrom('siteSettings').select(['key', 'value']).execute()).map((r) => [r.key, r.value]),
    );
    for (const [key, value] of entries) {
      if (stored.has(key) && isDeepStrictEqual(stored.get(key), value)) continue;
      const page = LEGAL_PAGES.find((p) => legalKey(p) === key);
      // A legal page saved with its built-in text is not a new text: nothing to store or version.
      if (page && !stored.has(key) && value === builtInLegalText(page)) continue;
      const json = JSON.stringify(value);
      await trx
        .insertInto('siteSettings')
        .values({ key, value: sql`${json}::jsonb`, updatedBy: userId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: sql`${json}::jsonb`, updatedBy: userId, updatedAt: sql`now()` }),
        )
        .execute();
      if (page) await insertLegalVersion(trx, page, value as string, userId);
    }
  });
}

/** The prescribed statement of CFTC Rule 4.41(b)(1) while the site setting is on, else null. */
export async function prescribedStatementShown(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('siteSettings')
    .select('value')
    .where('key', '=', 'prescribedStatement')
    .executeTakeFirst();
  return row?.value === true ? PRESCRIBED_STATEMENT_4_41 : null;
}

/** Whether the desk published the analysts' leaderboard (else administrators and analysts only). */
export async function leaderboardPublished(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('siteSettings')
    .select('value')
    .where('key', '=', 'leaderboardPublic')
    .executeTakeFirst();
  return row?.value === true;
}

export async function readLegalPage(db: Db, page: LegalPage): Promise<LegalPageContent> {
  const [{ settings, updated }, versions] = await Promise.all([readSiteSettings(db), currentLegalVersions(db)]);
  return {
    page,
    title: LEGAL_TITLES[page],
    markdown: settings.legal[page],
    updatedAt: updated.get(legalKey(page))?.toISOString() ?? null,
    version: versions[page],
  };
}

/** A new version of a legal page's text, numbered one past the last (in the transaction that saves it). */
async function insertLegalVersion(db: Db, page: LegalPage, text: string, userId: number) {
  await db
    .insertInto('legalVersions')
    .values({
      page,
      version: sql<number>`coalesce((select max(version) from legal_versions where page = ${page}), 0) + 1`,
      text,
      sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      publishedBy: userId,
    })
    .execute();
}

/** Each legal page's current version (0: never saved, the built-in text). */
export async function currentLegalVersions(db: Db): Promise<Record<LegalPage, number>> {
  const rows = await db
    .selectFrom('legalVersions')
    .select(['page', (eb) => eb.fn.max('version').as('version')])
    .groupBy('page')
    .execute();
  const found = new Map(rows.map((r) => [r.page, Number(r.version)]));
  return Object.fromEntries(LEGAL_PAGES.map((p) => [p, found.get(p) ?? 0])) as Record<LegalPage, number>;
}

/** One version of a legal page: its text and hash (version 0 is the built-in text, read from the settings' default). */
export function findLegalVersion(db: Db, page: LegalPage, version: number) {
  return db
    .selectFrom('legalVersions')
    .select(['page', 'version', 'text', 'sha256', 'publishedAt'])
    .where('page', '=', page)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The landing page's figures: the set text, or with live on, counts from the records (demo signals only when `includeDemo`). */
export async function publicMarketing(
  db: Db,
  settings: SiteSettings,
  opts: { includeDemo?: boolean } = {},
): Promise<PublicMarketing> {
  if (!settings.marketingLive) return { ...settings.marketing, live: false };
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*) filter (where not is_admin)::int`.as('traders'),
      sql<number>`count(*) filter (where has_active_subscription and not is_admin)::int`.as('active'),
      sql<number>`(select count(*) from signals where status in (${sql.join(OPEN_SIGNAL_STATUSES.map((s) => sql.lit(s)))})${opts.includeDemo === false ? sql` and not is_demo` : sql``})::int`.as(
        'openSignals',
      ),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: number) => v.toLocaleString('en-US');
  return {
    ...settings.marketing,
    traders: n(row.traders),
    activeTraders: n(row.active),
    activeSignals: n(row.openSignals),
    live: true,
  };
}

/** The ledger's settings: the reporting currency and the dispute rate that calls for an alert. */
export async function readLedgerSettings(
  db: Db,
): Promise<{ reportingCurrency: string; disputeRateAlertPercent: number }> {
  const rows = await db
    .selectFrom('siteSettings')
    .select(['key', 'value'])
    .where('key', 'in', ['reportingCurrency', 'disputeRateAlertPercent'])
    .execute();
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const currency = values.get('reportingCurrency');
  const percent = values.get('disputeRateAlertPercent');
  return {
    reportingCurrency: typeof currency === 'string' ? currency : DEFAULT_REPORTING_CURRENCY,
    disputeRateAlertPercent: typeof percent === 'number' ? percent : DEFAULT_DISPUTE_RATE_ALERT_PERCENT,
  };
}
