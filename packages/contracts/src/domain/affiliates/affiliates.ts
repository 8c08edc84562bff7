// Affiliates: the rules of what an affiliate earns from the payments of the accounts they brought,
// when it can be paid, and how a refund or dispute takes it back. Amounts are integers in the
// currency's minor unit (cents), as the ledger keeps them; rates are basis points (1 % = 100).

export const AFFILIATE_STATUSES = ['active', 'suspended'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const ATTRIBUTION_SOURCES = ['link', 'code'] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

/** What a commission row is: earned from a payment, or taken back by its refund or dispute (negative). */
export const COMMISSION_KINDS = ['earned', 'clawback'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** How a commission row stands: as it counts (pending, payable or paid by time and payout), or taken away. */
export const COMMISSION_STATES = ['pending', 'payable', 'paid', 'clawed_back', 'voided'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];

/** The site's default rule and windows, used until the desk sets its own. */
export const AFFILIATE_DEFAULTS = {
  /** 30 % of the first payment. */
  percentBps: 3000,
  /** 0: the first payment only. */
  recurringMonths: 0,
  /** First touch of a link is kept this many days (the browser's and the server's window). */
  cookieDays: 30,
  /** A commission is held this many days (a refund may take it back), then it is payable. */
  holdDays: 14,
  /** Whop pays its own affiliates: its payments earn nothing here unless the desk says so. */
  whopPayments: false,
  disclosure: 'I am an affiliate of this desk and earn a commission when you subscribe through my link.',
} as const;

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
export const DISCLOSURE_MAX = 500;
export const RECURRING_MONTHS_MAX = 120;

export interface CommissionRule {
  /** Basis points of the payment (3000 = 30 %). */
  percentBps: number;
  /** 0: the referred account's first payment only; N: every payment within N months of the first. */
  recurringMonths: number;
}

export interface CommissionPayment {
  amount: number;
  occurredAt: Date;
}

/** The same instant `months` calendar months later (the day clamped to the month's last, in UTC). */
export function addMonthsUtc(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The share of an amount at a rate, rounded half away from zero to the minor unit (amounts are
 * already minor units, so to a whole number of them).
 */
export function shareOf(amount: number, bps: number): number {
  const exact = (amount * bps) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * What a payment earns: nothing for a payment that is not the referred account's first (first
 * payment only), or that comes `recurringMonths` or more after the first (recurring); else the rate
 * (the affiliate's override, when set, over the plan's rule) of its amount, rounded to the minor unit.
 */
export function commissionFor(o: {
  rule: CommissionRule;
  rateOverrideBps: number | null;
  payment: CommissionPayment;
  /** The referred account's first payment (the same one when this is it). */
  firstPayment: CommissionPayment;
}): number {
  const { rule, payment, firstPayment } = o;
  if (payment.amount <= 0) return 0;
  const isFirst = payment.occurredAt.getTime() <= firstPayment.occurredAt.getTime();
  if (rule.recurringMonths <= 0) {
    if (!isFirst) return 0;
  } else if (!isFirst && payment.occurredAt >= addMonthsUtc(firstPayment.occurredAt, rule.recurringMonths)) {
    return 0;
  }
  const bps = o.rateOverrideBps ?? rule.percentBps;
  return Math.max(0, shareOf(payment.amount, bps));
}

/**
 * What a refund or lost payment takes back of a commission: its share of the commission (the part of
 * the payment refunded), never more than what is left of it after earlier claw-backs.
 */
export function clawbackFor(o: {
  commission: number;
  paymentAmount: number;
  refundAmount: number;
  clawedSoFar: number;
}): number {
  const left = Math.max(0, o.commission - o.clawedSoFar);
  if (left === 0 || o.paymentAmount <= 0 || o.refundAmount <= 0) return 0;
  if (o.refundAmount >= o.paymentAmount) return left;
  return Math.min(left, Math.round((o.commission * o.refundAmount) / o.paymentAmount));
}

/** When a commission earned at `occurredAt` becomes payable: after the hold window. */
export const payableAtOf = (occurredAt: Date, holdDays: number): Date =>
  new Date(occurredAt.getTime() + holdDays * 24 * 60 * 60 * 1000);

/** How a commission row stands at `now`. */
export function commissionState(
  row: { status: string; payoutId: number | null; payableAt: Date },
  now: Date,
): CommissionState {
  if (row.status === 'voided') return 'voided';
  if (row.status === 'clawed_back') return 'clawed_back';
  if (row.payoutId !== null) return 'paid';
  return row.payableAt.getTime() <= now.getTime() ? 'payable' : 'pending';
}

export interface CommissionFigures {
  pending: number;
  payable: number;
  paid: number;
  clawedBack: number;
}

/**
 * The sums of an affiliate's commission rows at `now` (one currency): pending and payable count what
 * is unpaid (a claw-back of a paid commission is a negative payable, carried to the next payout);
 * paid is what payouts settled; clawed back is what refunds and disputes took, paid or not.
 */
export function commissionFigures(
  rows: ReadonlyArray<{ kind: string; amount: number; status: string; payoutId: number | null; payableAt: Date }>,
  now: Date,
): CommissionFigures {
  const f: CommissionFigures = { pending: 0, payable: 0, paid: 0, clawedBack: 0 };
  for (const r of rows) {
    const state = commissionState(r, now);
    if (r.kind === 'clawback') f.clawedBack += -r.amount;
    if (state === 'clawed_back') f.clawedBack += r.amount;
    else if (state !== 'voided') f[state] += r.amount;
  }
  return f;
}

/** A referral code: eight letters and digits that cannot be misread (no 0, O, 1, I, L). */
export function newReferralCode(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[random(alphabet.length)];
  return code;
}

/** The link an affiliate shares: the site's public address with `?ref=<code>`. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/** Whether a first touch at `touchedAt` still counts at `now` (the window in days). */
export const touchStillCounts = (touchedAt: Date, now: Date, windowDays: number): boolean =>
  now.getTime() - touchedAt.getTime() <= windowDays * 24 * 60 * 60 * 1000;

/** Percent as the console shows it from basis points (3000 → 30, 1250 → 12.5). */
export const percentOfBps = (bps: number): number => bps / 100;
export const bpsOfPercent = (percent: number): number => Math.round(percent * 100);
