import { randomBytes } from 'node:crypto';
import { WIN_BACK_CODE_DAYS, winBackWindow } from '@t0/contracts/domain/billing/dunning';
import { blacklistEntryFor } from '../blacklist/refuse';
import { transact } from '../core/transaction';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs } from '../outbox/queue';
import { insertPromotionCode } from '../promotions/promotions.queries';
import { readBillingMessageSettings } from '../site/site-settings.queries';
import { billingNoticeJob } from './billing-notices.job';
import { claimWinBack, listWinBackCandidates } from './dunning.queries';
import { winBackOfferJob } from './win-back-offer.job';
import type { MailDeps } from './welcome-email.job';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A win-back code: `BACK-` and eight letters or digits that cannot be mistaken for one another. */
function winBackCode(): string {
  return `BACK-${[...randomBytes(8)].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('')}`;
}

/**
 * The win-back offers (the billing sweep's part), when the desk turned them on: each subscription
 * that ended (cancelled or lapsed) `days` ago, whose account has no access now and is not
 * blacklisted, gets one single-use promotion code for that account only (`percentOff` off, valid
 * `WIN_BACK_CODE_DAYS` days) e-mailed (and sent by Telegram when linked) in the subscriber's
 * language. The offer is claimed once, in the transaction that makes what follows:
 * - in the local test mode, the code (ours, off one invoice) and the message;
 * - with Stripe, a `win-back-offer` job (`makeWinBackOffer`), which makes the coupon (repeating for
 *   `durationMonths`) and the promotion code in Stripe outside any transaction, then records the
 *   code and queues the message. Only subscriptions Stripe billed are offered there; one whose
 *   account has no Stripe customer is passed over (claimed, with a log line).
 * Answers how many offers were made (with Stripe: queued).
 */
export async function offerWinBacks(deps: MailDeps, now = new Date()): Promise<number> {
  const { mode, billing } = deps.ports.payments;
  const { winBack } = await readBillingMessageSettings(deps.db, mode === 'stripe');
  if (!winBack.enabled) return 0;
  const stripe = mode === 'stripe';
  if (mode === 'none' || (stripe && !billing?.createWinBackOffer)) {
    deps.log.warn('win-back is on, but no payment provider can make its codes: no offer made');
    return 0;
  }
  const { endedFrom, endedUntil } = winBackWindow(winBack.days, now);
  let offered = 0;
  for (const c of await listWinBackCandidates(deps.db, endedFrom, endedUntil)) {
    // Stripe's coupon is for Stripe's customer: a subscription of the test mode is not offered there.
    if (stripe && c.provider !== 'stripe') continue;
    if (await blacklistEntryFor(deps.db, { email: c.email })) continue;
    if (stripe && !c.customerId) {
      if (await claimWinBack(deps.db, c.subscriptionId, now))
        deps.log.info(
          { userId: c.userId, subscriptionId: c.subscriptionId },
          'win-back: the subscription has no Stripe customer, no offer made',
        );
      continue;
    }
    const expiresAt = new Date(now.getTime() + WIN_BACK_CODE_DAYS * DAY_MS).toISOString();
    const offer = {
      userId: c.userId,
      code: winBackCode(),
      percentOff: winBack.percentOff,
      durationMonths: winBack.durationMonths,
      expiresAt,
    };
    const outbox = await transact(deps.db, async (trx) => {
      if (!(await claimWinBack(trx, c.subscriptionId, now))) return [];
      if (stripe)
        return enqueueJobs(trx, [
          winBackOfferJob({ ...offer, subscriptionId: c.subscriptionId, customerId: c.customerId! }),
        ]);
      const code = await insertPromotionCode(
        trx,
        {
          code: offer.code,
          percentOff: offer.percentOff,
          amountOffCents: null,
          currency: null,
          maxRedemptions: 1,
          expiresAt,
          plans: [],
          affiliateId: null,
        },
        null,
        c.userId,
      );
      if (!code) throw new Error('win-back code already exists');
      return enqueueJobs(trx, [billingNoticeJob({ kind: 'win_back', ...offer, code: code.code })]);
    });
    if (outbox.length === 0) continue;
    offered += 1;
    await relayCommitted({ db: deps.db, jobs: deps.ports.jobs, log: deps.log }, outbox);
  }
  return offered;
}
