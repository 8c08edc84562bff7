import { createHash, randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Db } from '@t0/db';
import { addressBlock } from '@t0/contracts/domain/auth/address-block';
import {
  commissionFigures,
  newReferralCode,
  referralLink,
  REFERRAL_CODE_PATTERN,
} from '@t0/contracts/domain/affiliates/affiliates';
import type { Earnings, ReferralState } from '@t0/contracts/schemas/affiliates/affiliates';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type { Context } from '../core/context';
import { forbidden, notFound, tooManyAttempts, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { recordAuthAttempt, secondsUntilAllowed } from '../auth/auth-attempts.queries';
import {
  affiliateCounts,
  findAffiliateByCode,
  findAffiliateByUser,
  insertAffiliate,
  insertReferralVisit,
  listCommissionRows,
  updateAffiliateTerms,
} from './affiliates.queries';
import { affiliateClock } from './clock';
import { readAffiliateSettings } from './settings';

/** Clicks one address block may record in a minute (beyond them: 429). */
export const VISITS_PER_MINUTE = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Earnings per currency from commission rows at `now` (currencies in alphabetical order). */
export function earningsOf(
  rows: ReadonlyArray<{
    kind: string;
    amount: number;
    currency: string;
    status: string;
    payoutId: number | null;
    payableAt: Date;
  }>,
  now: Date,
): Earnings[] {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    ...commissionFigures(
      rows.filter((r) => r.currency === currency),
      now,
    ),
  }));
}

/** `GET /api/user/referral`: the subscriber's affiliate account and figures, or what accepting means. */
export async function referralStateHandler({ ctx }: { ctx: Context & { user: User } }): Promise<ReferralState> {
  return referralStateOf(ctx.db, ctx.settings.publicUrl, ctx.user.id);
}

async function referralStateOf(db: Db, publicUrl: string, userId: number): Promise<ReferralState> {
  const settings = await readAffiliateSettings(db);
  const affiliate = await findAffiliateByUser(db, userId);
  const base = {
    currentDisclosure: settings.disclosure,
    commissionPercent: settings.defaultPercent,
    cookieDays: settings.cookieDays,
    holdDays: settings.holdDays,
  };
  if (!affiliate)
    return {
      ...base,
      enrolled: false,
      status: null,
      code: null,
      link: null,
      termsAcceptedAt: null,
      disclosure: settings.disclosure,
      figures: { clicks: 0, signUps: 0, conversions: 0, earnings: [] },
    };
  const [counts] = await affiliateCounts(db, affiliate.id);
  const rows = await listCommissionRows(db, affiliate.id);
  return {
    ...base,
    enrolled: true,
    status: affiliate.status === 'suspended' ? 'suspended' : 'active',
    code: affiliate.code,
    link: referralLink(publicUrl, affiliate.code),
    termsAcceptedAt: affiliate.termsAcceptedAt.toISOString(),
    disclosure: affiliate.termsDisclosure,
    figures: {
      clicks: counts?.clicks ?? 0,
      signUps: counts?.signUps ?? 0,
      conversions: counts?.conversions ?? 0,
      earnings: earningsOf(rows, affiliateClock.now()),
    },
  };
}

/**
 * `POST /api/user/referral`: accepts the affiliate terms, the desk's disclosure line as it was shown
 * (a line the desk has changed since is a 400 naming `disclosure`), and makes the subscriber an
 * affiliate with a code; accepting again takes the current line. A suspended affiliate is refused.
 */
export async function acceptReferralTermsHandler({
  ctx,
  input,
}: {
  ctx: Context & { user: User };
  input: { disclosure: string };
}): Promise<ReferralState> {
  const settings = await readAffiliateSettings(ctx.db);
  if (input.disclosure.trim() !== settings.disclosure)
    throw validationError([
      { path: ['disclosure'], message: 'The disclosure line changed since it was shown: read it again' },
    ]);
  const acceptedAt = new Date();
  const terms = { disclosure: settings.disclosure, sha256: sha256(settings.disclosure), acceptedAt };
  await transact(ctx.db, async (trx) => {
    const existing = await findAffiliateByUser(trx, ctx.user.id);
    if (existing?.status === 'suspended') throw forbidden('Your affiliate account is suspended');
    if (existing) return updateAffiliateTerms(trx, existing.id, terms);
    for (let attempt = 0; attempt < 8; attempt++) {
      const made = await insertAffiliate(trx, { userId: ctx.user.id, code: newReferralCode(randomInt), ...terms });
      if (made) return;
    }
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No free referral code was found' });
  });
  return referralStateOf(ctx.db, ctx.settings.publicUrl, ctx.user.id);
}

/**
 * `POST /api/referral/visit`: a click on an active affiliate's link (404 for an unknown or suspended
 * code: the browser then keeps nothing). No address is stored; each address block may record
 * `VISITS_PER_MINUTE` a minute (429 beyond, with the seconds to wait).
 */
export async function referralVisitHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: { code: string; path?: string };
}): Promise<{ counted: boolean; cookieDays: number }> {
  if (!REFERRAL_CODE_PATTERN.test(input.code)) throw notFound('Referral code');
  const affiliate = await findAffiliateByCode(ctx.db, input.code);
  if (!affiliate || affiliate.status !== 'active') throw notFound('Referral code');
  const key = createHash('sha256')
    .update(`referral-visit:${addressBlock(ctx.request.ip)}`)
    .digest('hex');
  const [counted] = await recordAuthAttempt(ctx.db, [key]);
  const count = counted?.count ?? 1;
  if (count > VISITS_PER_MINUTE)
    throw tooManyAttempts(await secondsUntilAllowed(ctx.db, key, count, VISITS_PER_MINUTE));
  await insertReferralVisit(ctx.db, affiliate.id, input.path ?? '/');
  const { cookieDays } = await readAffiliateSettings(ctx.db);
  return { counted: true, cookieDays };
}
