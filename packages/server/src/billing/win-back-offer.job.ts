import { blacklistEntryFor } from '../blacklist/refuse';
import { findUserById } from '../auth/users.queries';
import { JOB_NAMES } from '../core/jobs';
import { PaymentRefusedError } from '../ports';
import { transact } from '../core/transaction';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs, type OutboxJob } from '../outbox/queue';
import { findPromotionCode, insertPromotionCode } from '../promotions/promotions.queries';
import { billingNoticeJob } from './billing-notices.job';
import { markWinBackFailed } from './dunning.queries';
import type { MailDeps } from './welcome-email.job';

/** A win-back offer to make in Stripe, as the sweep claimed it (the code and its expiry fixed then). */
export interface WinBackOfferData {
  userId: number;
  /** The ended subscription the offer is for: the idempotency keys are derived from it. */
  subscriptionId: string;
  customerId: string;
  code: string;
  percentOff: number;
  durationMonths: number;
  /** ISO 8601: the code's expiry, and the coupon's last day of redemption. */
  expiresAt: string;
}

/** The job of one win-back offer under Stripe, written into the outbox with the offer's claim. */
export const winBackOfferJob = (data: WinBackOfferData): OutboxJob => ({ name: JOB_NAMES.winBackOffer, data });

/** The stem of the offer's idempotency keys at Stripe: one offer per subscription, however often tried. */
export const winBackIdempotencyKey = (subscriptionId: string) => `t0-win-back-${subscriptionId}`;

export type WinBackOfferOutcome = 'made' | 'made-before' | 'passed-over' | 'refused';

/**
 * Makes a claimed win-back offer under Stripe: the coupon and its promotion code in Stripe (no
 * transaction open meanwhile; idempotency keys derived from the subscription, so a retry makes
 * nothing twice), then, in one transaction, the code's local record (`promotion_codes`, for the
 * account alone, with Stripe's promotion code id) and the `win_back` message. Stripe failing throws:
 * the queue tries again, and no message goes without its code. Once the code is recorded, a retry
 * does nothing. An account that has access again, or was blacklisted, since the claim is passed over.
 * A refusal for good (`PaymentRefusedError`: a 4xx but 409 and 429) is not tried again: it is logged,
 * kept on the subscription's row (`win_back_failed_at`, `win_back_failure`), and nothing is sent.
 */
export async function makeWinBackOffer(deps: MailDeps, data: WinBackOfferData): Promise<WinBackOfferOutcome> {
  const billing = deps.ports.payments.billing;
  if (deps.ports.payments.mode !== 'stripe' || !billing?.createWinBackOffer) {
    deps.log.warn({ subscriptionId: data.subscriptionId }, 'win-back offer queued for Stripe, which is not configured');
    return 'passed-over';
  }
  if ((await findPromotionCode(deps.db, data.code))?.stripePromotionCodeId) return 'made-before';
  const user = await findUserById(deps.db, data.userId);
  if (!user || user.hasActiveSubscription || (await blacklistEntryFor(deps.db, { email: user.email }))) {
    deps.log.info(
      { userId: data.userId, subscriptionId: data.subscriptionId },
      'win-back: the account has access again or is blacklisted, no offer made',
    );
    return 'passed-over';
  }
  let made: Awaited<ReturnType<typeof billing.createWinBackOffer>>;
  try {
    made = await billing.createWinBackOffer({
      code: data.code,
      percentOff: data.percentOff,
      durationMonths: data.durationMonths,
      expiresAt: new Date(data.expiresAt),
      customerId: data.customerId,
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      idempotencyKey: winBackIdempotencyKey(data.subscriptionId),
    });
  } catch (err) {
    if (!(err instanceof PaymentRefusedError)) throw err; // an outage: the queue tries again
    deps.log.error(
      { err, userId: data.userId, subscriptionId: data.subscriptionId, status: err.status },
      'win-back offer refused by Stripe: not tried again, nothing sent',
    );
    await markWinBackFailed(deps.db, data.subscriptionId, err.message, new Date());
    return 'refused';
  }
  const outbox = await transact(deps.db, async (trx) => {
    const code = await insertPromotionCode(
      trx,
      {
        code: data.code,
        percentOff: data.percentOff,
        amountOffCents: null,
        currency: null,
        maxRedemptions: 1,
        expiresAt: data.expiresAt,
        plans: [],
        affiliateId: null,
      },
      null,
      data.userId,
      made.promotionCodeId,
    );
    // Recorded by an earlier try whose job did not complete: its message was queued with it.
    if (!code) return [];
    return enqueueJobs(trx, [
      billingNoticeJob({
        kind: 'win_back',
        userId: data.userId,
        code: data.code,
        percentOff: data.percentOff,
        durationMonths: data.durationMonths,
        expiresAt: data.expiresAt,
      }),
    ]);
  });
  if (outbox.length === 0) return 'made-before';
  deps.log.info(
    { userId: data.userId, subscriptionId: data.subscriptionId, promotionCodeId: made.promotionCodeId },
    'win-back offer made in Stripe',
  );
  await relayCommitted({ db: deps.db, jobs: deps.ports.jobs, log: deps.log }, outbox);
  return 'made';
}

/**
 * The offer's job failed on its last try (Stripe down or failing for the whole span of its retries,
 * about a day): it is not made. Kept on the subscription's row as a refusal is, with the last error,
 * so the console shows it; nothing when its code was recorded meanwhile (the offer was made). `tries`:
 * how many times the job ran.
 */
export async function giveUpWinBackOffer(
  deps: Pick<MailDeps, 'db' | 'log'>,
  data: WinBackOfferData,
  err: unknown,
  tries: number,
): Promise<void> {
  if ((await findPromotionCode(deps.db, data.code))?.stripePromotionCodeId) return;
  const last = err instanceof Error ? err.message : String(err);
  deps.log.error(
    { err, userId: data.userId, subscriptionId: data.subscriptionId, tries },
    'win-back offer given up: its retries are used up',
  );
  const failure = `Not made after ${tries} ${tries === 1 ? 'try' : 'tries'}; the last failed with: ${last}`;
  await markWinBackFailed(deps.db, data.subscriptionId, failure, new Date());
}
