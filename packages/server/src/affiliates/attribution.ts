import type { Db } from '@t0/db';
import { normaliseEmail } from '@t0/contracts/domain/blacklist/blacklist';
import {
  REFERRAL_CODE_PATTERN,
  touchStillCounts,
  type AttributionSource,
} from '@t0/contracts/domain/affiliates/affiliates';
import { findUserById } from '../auth/users.queries';
import {
  affiliateOfPromotionCode,
  findAffiliateById,
  findAffiliateByCode,
  insertAttribution,
  pendingReferralOf,
} from './affiliates.queries';
import { affiliateClock } from './clock';
import { commissionsOnPaymentsOf } from './commissions';
import { readAffiliateSettings } from './settings';

/** Why an attribution was not made (for the log), or null when it was. */
export type AttributionRefusal = 'unknown' | 'suspended' | 'expired' | 'self' | 'taken' | null;

/**
 * Attributes an account to the affiliate of a code, once (the first touch wins: an account already
 * attributed keeps its affiliate). Refused: an unknown or suspended affiliate, a touch older than
 * the window, and the affiliate's own account or address (the same e-mail once Gmail's dots and
 * `+tag` are folded, as the blacklist compares them). The account's payments recorded before (a
 * payment told before its checkout) then earn what they would have.
 */
export async function attributeAccount(
  db: Db,
  a: { userId: number; affiliateId: number; source: AttributionSource; touchedAt?: Date | null },
): Promise<AttributionRefusal> {
  const affiliate = await findAffiliateById(db, a.affiliateId);
  if (!affiliate) return 'unknown';
  if (affiliate.status !== 'active') return 'suspended';
  const settings = await readAffiliateSettings(db);
  const now = affiliateClock.now();
  const touchedAt = a.touchedAt && a.touchedAt <= now ? a.touchedAt : now;
  if (!touchStillCounts(touchedAt, now, settings.cookieDays)) return 'expired';
  const user = await findUserById(db, a.userId);
  if (!user) return 'unknown';
  if (affiliate.userId === user.id) return 'self';
  const folded = normaliseEmail(user.email);
  if (folded !== null && folded === normaliseEmail(affiliate.email)) return 'self';
  if (!(await insertAttribution(db, { userId: user.id, affiliateId: affiliate.id, source: a.source, touchedAt })))
    return 'taken';
  await commissionsOnPaymentsOf(db, user.id);
  return null;
}

/** The same from a referral code as a link or form sent it (an unknown or malformed code attributes nothing). */
export async function attributeByCode(
  db: Db,
  userId: number,
  code: string | null | undefined,
  touchedAt?: Date | null,
): Promise<AttributionRefusal> {
  if (!code || !REFERRAL_CODE_PATTERN.test(code)) return 'unknown';
  const affiliate = await findAffiliateByCode(db, code);
  if (!affiliate) return 'unknown';
  return attributeAccount(db, { userId, affiliateId: affiliate.id, source: 'link', touchedAt });
}

/** A promotion code that belongs to an affiliate attributes its buyer (source `code`). */
export async function attributeByPromotionCode(db: Db, userId: number, promotionCodeId: number | null | undefined) {
  if (!promotionCodeId) return 'unknown';
  const affiliateId = await affiliateOfPromotionCode(db, promotionCodeId);
  if (affiliateId === null) return 'unknown';
  return attributeAccount(db, { userId, affiliateId, source: 'code' });
}

/**
 * A finished checkout attributes its buyer: the referral code the checkout was started with (when the
 * buyer had no account then), else the affiliate's promotion code it redeemed. Call once the buyer's
 * account is known, before the checkout's payments are claimed.
 */
export async function attributeCheckout(
  db: Db,
  userId: number,
  c: { pendingPaymentId?: number | null; promotionCodeId?: number | null },
): Promise<void> {
  const code = c.pendingPaymentId ? await pendingReferralOf(db, c.pendingPaymentId) : null;
  if (code && (await attributeByCode(db, userId, code)) === null) return;
  await attributeByPromotionCode(db, userId, c.promotionCodeId);
}

/** When a link was first followed, as a form sent it; null when it is no time. */
export function parseTouch(text: string | null | undefined): Date | null {
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}
