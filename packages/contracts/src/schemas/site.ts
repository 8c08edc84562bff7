import { z } from 'zod';

/** Public settings the web app shows (support address, education link) and whether it is production. */
export const siteConfigSchema = z.object({
  supportEmail: z.string(),
  educationUrl: z.string(),
  isProduction: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
