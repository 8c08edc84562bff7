import { z } from 'zod';
import { idParam } from '../common/common';

/**
 * A signal's labels (EU MAR Art. 20): who produced it, when its production was completed and when
 * it was first released, the author's disclosure and the desk's risk warning. Never its levels.
 */
export const signalLabelsSchema = z.object({
  /** `by <name>, <title> · completed <UTC> · released <UTC>` (the desk's legal person for a desk signal). */
  line: z.string().describe('by <name>, <title> · completed <UTC> · released <UTC>'),
  /** The analyst as shown now; null: the desk published it. */
  author: z.object({ name: z.string(), title: z.string() }).nullable(),
  /** The desk's legal person (a site setting; empty until set). */
  legalPerson: z.string(),
  completedAt: z.string().describe('When the production was completed (ISO 8601)'),
  releasedAt: z.string().describe('When it was first released (ISO 8601)'),
  /** The analyst's disclosure of interests and conflicts (empty for a desk signal or when none is written). */
  disclosure: z.string(),
  /** The desk's risk warning: the first paragraph of its risk page. */
  riskWarning: z.string(),
  /** The signal's public disclosure page. */
  disclosureUrl: z.string(),
});
export type SignalLabels = z.infer<typeof signalLabelsSchema>;

export const signalDisclosureInput = idParam;

/** `GET /api/signals/{id}/disclosure`: public, the labels and where the desk's legal pages are; no levels. */
export const signalDisclosureOutput = z.object({
  signalId: z.number().int(),
  room: z.string(),
  instrument: z.string(),
  labels: signalLabelsSchema,
  /** The desk's risk disclosure and its disclosures page (paths of the site). */
  riskPage: z.string(),
  disclosuresPage: z.string(),
});
export type SignalDisclosure = z.infer<typeof signalDisclosureOutput>;
