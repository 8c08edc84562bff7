import {
  accessActivityLog,
  refundPolicyDisclosure,
  serviceDocumentation,
} from '@t0/contracts/domain/ledger/dispute-evidence';
import type { DisputeEvidence } from '@t0/contracts/schemas/ledger/dispute-evidence';
import type { Context } from '../core/context';
import { conflict, notFound, unavailable } from '../core/errors';
import { createHash } from 'node:crypto';
import {
  builtInLegalText,
  CONSENT_PAGES,
  LEGAL_TITLES,
  type ConsentPage,
} from '@t0/contracts/domain/site/site-settings';
import type { ConsentRecord } from '@t0/contracts/schemas/site/consent';
import { findConsentOfBuyer } from '../billing/pending-payments.queries';
import { findLegalVersion, readSiteSettings } from '../site/site-settings.queries';
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
 * The pages the buyer accepted at their last completed checkout before the dispute: each page's
 * version, its title and the SHA-256 of its text (version 0, never saved: the built-in text's).
 */
async function consentOf(ctx: Context, email: string, before: Date): Promise<ConsentRecord | null> {
  const row = await findConsentOfBuyer(ctx.db, email, before);
  if (!row?.consent) return null;
  const accepted = row.consent as Partial<Record<ConsentPage, number>> & { shown?: boolean };
  const pages = await Promise.all(
    CONSENT_PAGES.filter((p) => typeof accepted[p] === 'number').map(async (page) => {
      const version = accepted[page]!;
      const stored = version > 0 ? await findLegalVersion(ctx.db, page, version) : undefined;
      const text = stored?.text ?? builtInLegalText(page);
      return { page, title: LEGAL_TITLES[page], version, sha256: stored?.sha256 ?? sha256Hex(text) };
    }),
  );
  return {
    acceptedAt: row.createdAt.toISOString(),
    address: row.consentIp,
    userAgent: row.consentUserAgent,
    shown: accepted.shown === true,
    pages,
  };
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A dispute's evidence, assembled from the records: the pages the buyer accepted at checkout, their
 * sign-ins with their addresses, the signals delivered to them, the paid chats they joined, and the
 * refund policy (its own page, else the terms).
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
  const email = entry.email ?? null;
  const [signIns, deliveries, joins, site, consent, submission] = await Promise.all([
    userId ? listSignInsOfUser(ctx.db, userId) : [],
    userId ? listSignalDeliveriesOfUser(ctx.db, userId) : [],
    userId ? listChatJoinsOfUser(ctx.db, userId) : [],
    readSiteSettings(ctx.db),
    email ? consentOf(ctx, email, entry.occurredAt) : null,
    findEvidenceSubmission(ctx.db, entry.id),
  ]);
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
    consent,
    accessActivityLog: accessActivityLog(who, signInViews),
    serviceDocumentation: serviceDocumentation(who, deliveryViews, joinViews, consent),
    refundPolicyDisclosure: refundPolicyDisclosure(site.settings.legal.refund, site.settings.legal.terms),
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
