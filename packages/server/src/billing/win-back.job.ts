import { randomBytes } from 'node:crypto';
import { WIN_BACK_CODE_DAYS, winBackWindow } from '@t0/contracts/domain/dunning';
import { blacklistEntryFor } from '../blacklist/refuse';
import { transact } from '../core/transaction';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { enqueueJobs } from '../outbox/queue';
import { insertPromotionCode } from '../promotions/promotions.queries';
import { readBillingMessageSettings } from '../site/site-settings.queries';
import { billingNoticeJob } from './billing-notices.job';
import { claimWinBack, listWinBackCandidates } from './dunning.queries';
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
 * language. The offer is claimed, the code made and the message queued in one transaction: once.
 * The local test mode's codes are ours; with Stripe a code would have to be made in Stripe, which is
 * not built: no offer is made there. Answers how many offers were made.
 */
export async function offerWinBacks(deps: MailDeps, now = new Date()): Promise<number> {
  const { winBack } = await readBillingMessageSettings(deps.db, deps.ports.payments.mode === 'stripe');
  if (!winBack.enabled) return 0;
  if (deps.ports.payments.mode !== 'local') {
    deps.log.warn('win-back is on, but its codes are made only in the test mode: no offer made');
    return 0;
  }
  const { endedFrom, endedUntil } = winBackWindow(winBack.days, now);
  let offered = 0;
  for (const c of await listWinBackCandidates(deps.db, endedFrom, endedUntil)) {
    if (await blacklistEntryFor(deps.db, { email: c.email })) continue;
    const expiresAt = new Date(now.getTime() + WIN_BACK_CODE_DAYS * DAY_MS);
    const outbox = await transact(deps.db, async (trx) => {
      if (!(await claimWinBack(trx, c.subscriptionId, now))) return [];
      const code = await insertPromotionCode(
        trx,
        {
          code: winBackCode(),
          percentOff: winBack.percentOff,
          amountOffCents: null,
          currency: null,
          maxRedemptions: 1,
          expiresAt: expiresAt.toISOString(),
          plans: [],
          affiliateId: null,
        },
        null,
        c.userId,
      );
      if (!code) throw new Error('win-back code already exists');
      return enqueueJobs(trx, [
        billingNoticeJob({
          kind: 'win_back',
          userId: c.userId,
          code: code.code,
          percentOff: winBack.percentOff,
          durationMonths: winBack.durationMonths,
          expiresAt: expiresAt.toISOString(),
        }),
      ]);
    });
    if (outbox.length === 0) continue;
    offered += 1;
    await relayCommitted({ db: deps.db, jobs: deps.ports.jobs, log: deps.log }, outbox);
  }
  return offered;
}
