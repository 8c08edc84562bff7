import { z } from 'zod';
import { publicMarketingSchema } from './site-settings';

/** Public settings the web app shows (support address, education link, marketing figures) and whether it is production. */
export const siteConfigSchema = z.object({
  supportEmail: z.string(),
  educationUrl: z.string(),
  isProduction: z.boolean(),
  marketing: publicMarketingSchema,
  /** The desk's Myfxbook or FX Blue widget for /performance, or empty. */
  brokerWidgetUrl: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
