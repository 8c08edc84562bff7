import { z } from 'zod';
import { languageField } from '../languages/language';
import { consentVersionsSchema } from './consent';
import { publicMarketingSchema } from './site-settings';

/** Public settings the web app shows (support address, education link, marketing figures) and whether it is production. */
export const siteConfigSchema = z.object({
  supportEmail: z.string(),
  educationUrl: z.string(),
  isProduction: z.boolean(),
  marketing: publicMarketingSchema,
  /** The desk's Myfxbook or FX Blue widget for /performance, or empty. */
  brokerWidgetUrl: z.string(),
  /** The language for a visitor whose account and browser name none the app speaks. */
  defaultLanguage: languageField('defaultLanguage'),
  /** The versions of the pages a buyer accepts at checkout, as now published (sent back with the checkout). */
  legalVersions: consentVersionsSchema,
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
