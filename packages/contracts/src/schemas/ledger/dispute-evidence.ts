import { z } from 'zod';
import { consentRecordSchema } from '../site/consent';

const signIn = z.object({ at: z.string(), address: z.string(), userAgent: z.string(), method: z.string() });
const delivery = z.object({ at: z.string(), channel: z.string(), signalId: z.number().int().nullable() });
const chatJoin = z.object({
  platform: z.string(),
  target: z.string(),
  joinedAt: z.string().nullable(),
  status: z.string(),
});

/** When the evidence was submitted, by whom, and whether it went to the provider (false: the test mode's, sent nowhere). */
export const evidenceSubmissionSchema = z.object({
  submittedAt: z.string(),
  submittedBy: z.string().nullable(),
  sentToProvider: z.boolean(),
});
export type EvidenceSubmission = z.infer<typeof evidenceSubmissionSchema>;

/** `GET /api/admin/disputes/{id}/evidence`: the records and the texts the provider is sent. */
export const disputeEvidenceSchema = z.object({
  /** The ledger entry of the opened dispute. */
  id: z.number().int(),
  provider: z.string(),
  /** The provider's dispute id. */
  disputeId: z.string(),
  userId: z.number().int().nullable(),
  customerEmailAddress: z.string().nullable(),
  signIns: z.array(signIn),
  signalsDelivered: z.array(delivery),
  chatJoins: z.array(chatJoin),
  /** The pages the buyer accepted at their last checkout before the dispute, or null when none is recorded. */
  consent: consentRecordSchema.nullable(),
  accessActivityLog: z.string(),
  serviceDocumentation: z.string(),
  refundPolicyDisclosure: z.string(),
  /** Null until the evidence is submitted (once per dispute). */
  submission: evidenceSubmissionSchema.nullable(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeEvidenceSubmitOutput = z.object({
  message: z.string(),
  disputeId: z.string(),
  submission: evidenceSubmissionSchema,
});
