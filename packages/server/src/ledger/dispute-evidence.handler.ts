import { accessActivityLog, refundPolicyDisclosure, serviceDocumentation } from '@t0/contracts/domain/dispute-evidence';
import type { DisputeEvidence } from '@t0/contracts/schemas/dispute-evidence';
import type { Context } from '../core/context';
import { conflict, notFound, unavailable } from '../core/errors';
import { readSiteSettings } from '../site/site-settings.queries';
import { transact } from '../core/transaction';
import {
  findDisputeEntry,
  findEvidenceSubmission,
  insertEvidenceSubmission,
  listChatJoinsOfUser,
  listSignalDeliveriesOfUser,
  listSignInsOfUser,
} from './dispute-evidence.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A dispute's evidence, assembled from the records: the buyer's sign-ins with their addresses, the
 * signals delivered to them, the paid chats they joined, and the refund policy (the terms page).
 */
export async function disputeEvidenceHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: { id: number };
}): Promise<DisputeEvidence> {
  const entry = await findDisputeEntry(ctx.db, input.id);
  if (!entry) throw notFound('Dispute');
  const userId = entry.userId;
  const [signIns, deliveries, joins, site, submission] = await Promise.all([
    userId ? listSignInsOfUser(ctx.db, userId) : [],
    userId ? listSignalDeliveriesOfUser(ctx.db, userId) : [],
    userId ? listChatJoinsOfUser(ctx.db, userId) : [],
    readSiteSettings(ctx.db),
    findEvidenceSubmission(ctx.db, entry.id),
  ]);
  const email = entry.email ?? null;
  const who = email ?? 'the customer';
  const signInViews = signIns.map((s) => ({ ...s, at: s.at.toISOString() }));
  const deliveryViews = deliveries.map((d) => ({ at: iso(d.sentAt)!, channel: d.channel, signalId: d.signalId }));
  const joinViews = joins.map((j) => ({ ...j, joinedAt: iso(j.joinedAt) }));
  return {
    id: entry.id,
    provider: entry.provider,
    disputeId: entry.providerObjectId,
    userId,
    customerEmailAddress: email,
    signIns: signInViews,
    signalsDelivered: deliveryViews,
    chatJoins: joinViews,
    accessActivityLog: accessActivityLog(who, signInViews),
    serviceDocumentation: serviceDocumentation(who, deliveryViews, joinViews),
    refundPolicyDisclosure: refundPolicyDisclosure(site.settings.legal.terms),
    submission: submission
      ? {
          submittedAt: new Date(submission.submittedAt).toISOString(),
          submittedBy: submission.submittedBy ?? null,
          sentToProvider: submission.sentToProvider,
        }
      : null,
  };
}

/**
 * Sends the evidence to the provider and submits it, once (409 when it was submitted already). A
 * test-mode dispute (provider `local`) has no provider to send to: outside production it is recorded
 * as submitted, sent nowhere, as the test mode's payments are; in production, and for a provider the
 * product cannot send evidence to, 409.
 */
export async function submitDisputeEvidenceHandler({ ctx, input }: { ctx: Context; input: { id: number } }) {
  const evidence = await disputeEvidenceHandler({ ctx, input });
  if (evidence.submission) throw conflict('The evidence of this dispute was submitted already');
  const billing = ctx.ports.payments.billing;
  const testMode = evidence.provider === 'local' && !ctx.settings.isProduction;
  if (!testMode) {
    if (evidence.provider !== 'stripe' || !billing?.submitDisputeEvidence)
      throw conflict('This dispute is not at Stripe: there is no provider to send evidence to');
    try {
      await billing.submitDisputeEvidence(evidence.disputeId, {
        accessActivityLog: evidence.accessActivityLog,
        serviceDocumentation: evidence.serviceDocumentation,
        refundPolicyDisclosure: evidence.refundPolicyDisclosure,
        customerEmailAddress: evidence.customerEmailAddress,
      });
    } catch (err) {
      ctx.log.error({ err, disputeId: evidence.disputeId }, 'dispute evidence not submitted');
      throw unavailable('Stripe did not take the evidence; nothing was submitted. Try again, or submit it in Stripe.');
    }
  }
  const fresh = await transact(ctx.db, (tx) =>
    insertEvidenceSubmission(tx, {
      ledgerEntryId: evidence.id,
      submittedBy: ctx.user?.id ?? null,
      sentToProvider: !testMode,
    }),
  );
  if (!fresh) throw conflict('The evidence of this dispute was submitted already');
  const submission = await findEvidenceSubmission(ctx.db, evidence.id);
  return {
    message: testMode
      ? `Evidence for ${evidence.disputeId} recorded as submitted (test mode: sent nowhere).`
      : `Evidence for ${evidence.disputeId} submitted to Stripe.`,
    disputeId: evidence.disputeId,
    submission: {
      submittedAt: new Date(submission!.submittedAt).toISOString(),
      submittedBy: submission!.submittedBy ?? null,
      sentToProvider: submission!.sentToProvider,
    },
  };
}
