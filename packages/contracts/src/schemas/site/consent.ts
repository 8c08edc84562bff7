import { z } from 'zod';

const version = (name: string) =>
  z
    .number({ error: `${name} must be a version number` })
    .int(`${name} must be a version number`)
    .min(0, `${name} must be a version number`);

/** The versions of the pages a buyer accepts at checkout (`CONSENT_PAGES`). */
export const consentVersionsSchema = z.object(
  { terms: version('accepted.terms'), risk: version('accepted.risk'), refund: version('accepted.refund') },
  { error: 'accepted must be an object with terms, risk and refund' },
);
export type ConsentVersions = z.infer<typeof consentVersionsSchema>;

/** A buyer's recorded consent, as a dispute's evidence shows it. */
export const consentRecordSchema = z.object({
  /** When the checkout was started (and the pages accepted), ISO 8601. */
  acceptedAt: z.string(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** True when the buyer's page stated the versions it showed; false for a checkout started by a script. */
  shown: z.boolean(),
  pages: z.array(z.object({ page: z.string(), title: z.string(), version: z.number().int(), sha256: z.string() })),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
