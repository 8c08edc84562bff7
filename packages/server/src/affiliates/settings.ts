import type { Db } from '@t0/db';
import { AFFILIATE_DEFAULTS, percentOfBps } from '@t0/contracts/domain/affiliates/affiliates';
import { affiliateSettingsSchema, type AffiliateSettings } from '@t0/contracts/schemas/affiliates/affiliates';
import { readStoredAffiliateSettings } from './affiliates.queries';

/** The product's defaults: 30 % of the first payment, a 30-day first touch, 14 days held, Whop excluded. */
export const DEFAULT_AFFILIATE_SETTINGS: AffiliateSettings = {
  defaultPercent: percentOfBps(AFFILIATE_DEFAULTS.percentBps),
  defaultRecurringMonths: AFFILIATE_DEFAULTS.recurringMonths,
  cookieDays: AFFILIATE_DEFAULTS.cookieDays,
  holdDays: AFFILIATE_DEFAULTS.holdDays,
  whopPayments: AFFILIATE_DEFAULTS.whopPayments,
  disclosure: AFFILIATE_DEFAULTS.disclosure,
};

/** The site's affiliate settings as saved, else the defaults. */
export async function readAffiliateSettings(db: Db): Promise<AffiliateSettings> {
  const parsed = affiliateSettingsSchema.safeParse(await readStoredAffiliateSettings(db));
  return parsed.success ? parsed.data : { ...DEFAULT_AFFILIATE_SETTINGS };
}
