// Whop memberships (docs/features/whop.md): the pure rules of reading Whop's webhooks. Whop signs
// them with Standard Webhooks; its events are translated into the product's payment events.

/** A Whop plan's id as the console takes it (`plan_` then letters and digits). */
export const WHOP_PLAN_ID_PATTERN = /^plan_[A-Za-z0-9]{1,59}$/;

/**
 * The Standard Webhooks key of a Whop webhook secret. A secret in the standard form (`whsec_` and
 * base64) is used as it is; any other (the secret Whop's dashboard shows) is the key's bytes
 * themselves, base64-encoded as Whop's own SDK does (`webhookKey: btoa(secret)`).
 */
export function whopSigningKey(secret: string): string {
  const s = secret.trim();
  if (s.startsWith('whsec_')) return s;
  let binary = '';
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return `whsec_${btoa(binary)}`;
}

/**
 * Whop's amounts are decimals in the currency's major unit (`6.9` dollars); the ledger keeps minor
 * units (690). Null for anything that is not a finite amount of 0 or more.
 */
export function whopMinorUnits(amount: unknown): number | null {
  const n = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/** A Whop time: an ISO 8601 text (API v1), or seconds since the epoch (the older webhooks). Null otherwise. */
export function whopTime(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value * 1000);
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/^\d{9,11}$/.test(value.trim())) return new Date(Number(value.trim()) * 1000);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The first of these times that can be read (the object's own first, the delivery's last). */
export function firstWhopTime(...values: unknown[]): Date | null {
  for (const v of values) {
    const at = whopTime(v);
    if (at) return at;
  }
  return null;
}

/**
 * The status a Whop membership is kept with (beside Stripe's subscriptions): activated is
 * `trialing` when Whop says so, else `active`; deactivated is `expired` (no access, and not final:
 * a later activation of the same membership grants it again). Which event wins is decided by the
 * membership's own time, so an old activation arriving after a newer deactivation changes nothing.
 */
export function whopMembershipStatus(activated: boolean, whopStatus: string | null | undefined): string {
  if (!activated) return 'expired';
  return whopStatus === 'trialing' ? 'trialing' : 'active';
}

/** A refund is money gone once Whop says it succeeded (or says no status); pending, failed or canceled ones wait. */
export function whopRefundCounts(status: string | null | undefined): boolean {
  return status === undefined || status === null || status === 'succeeded';
}

/**
 * What a dispute event records: `won` and `lost` close it; `closed` and `warning_closed` (no
 * outcome told) record nothing; any other status (needs response, under review, a warning) is a
 * dispute opened, which ends the buyer's access as a Stripe dispute does.
 */
export function whopDisputeStep(status: string | null | undefined): 'opened' | 'won' | 'lost' | null {
  if (status === 'won' || status === 'lost') return status;
  if (status === 'closed' || status === 'warning_closed') return null;
  return 'opened';
}

/** The affiliate commission's default for sales made at Whop: none (Whop runs its own affiliate programme). */
export const WHOP_SALES_EARN_COMMISSION = false;
