import type { Db, PromotionCodeRow } from '@t0/db';
import {
  discountCentsOf,
  normalizePromotionCode,
  promotionCodeProblem,
  promotionLabel,
} from '@t0/contracts/domain/promotions/promotions';
import type { CreatePromotionCodeInput, PromotionsOutput } from '@t0/contracts/schemas/promotions/promotions';

export const findPromotionCode = (db: Db, code: string) =>
  db.selectFrom('promotionCodes').selectAll().where('code', '=', normalizePromotionCode(code)).executeTakeFirst();

const timesRedeemed = async (db: Db, codeId: number) =>
  Number(
    (
      await db
        .selectFrom('promotionRedemptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('codeId', '=', codeId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Creates a local code; undefined when one with this code exists already. */
export async function insertPromotionCode(
  db: Db,
  input: CreatePromotionCodeInput,
  createdBy: number | null,
  /** A code made for one account (a win-back offer): only that account's checkout takes it. */
  forUserId: number | null = null,
  /** A code made in Stripe (a win-back offer under Stripe): recorded here, taken at Stripe's checkout only. */
  stripePromotionCodeId: string | null = null,
): Promise<PromotionCodeRow | undefined> {
  return db
    .insertInto('promotionCodes')
    .values({
      code: input.code,
      percentOff: input.percentOff,
      amountOffCents: input.amountOffCents,
      currency: input.amountOffCents !== null ? input.currency : null,
      maxRedemptions: input.maxRedemptions,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      plans: input.plans,
      affiliateId: input.affiliateId,
      createdBy,
      userId: forUserId,
      stripePromotionCodeId,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets the plans a local code applies to (empty: every plan) and its affiliate (null: none); what is
 * left out stays. Undefined when no code has the id.
 */
export function updatePromotionCode(
  db: Db,
  id: number,
  change: { plans?: readonly string[]; affiliateId?: number | null },
) {
  return db
    .updateTable('promotionCodes')
    .set({
      ...(change.plans !== undefined ? { plans: [...change.plans] } : {}),
      ...(change.affiliateId !== undefined ? { affiliateId: change.affiliateId } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A code the local checkout can take now, or why not (in words for the buyer). */
export async function checkPromotionCode(
  db: Db,
  code: string,
  now = new Date(),
  /** The buyer's address: a code made for one account is taken from that account only. */
  buyerEmail?: string,
): Promise<{ ok: true; code: PromotionCodeRow } | { ok: false; message: string }> {
  const row = await findPromotionCode(db, code);
  if (!row) return { ok: false, message: 'This promotion code does not exist' };
  if (row.stripePromotionCodeId !== null)
    return { ok: false, message: "This promotion code is taken at Stripe's checkout only" };
  if (row.userId !== null) {
    const owner = await db.selectFrom('users').select('email').where('id', '=', row.userId).executeTakeFirst();
    if (!owner || !buyerEmail || owner.email.toLowerCase() !== buyerEmail.toLowerCase())
      return { ok: false, message: 'This promotion code is for another account' };
  }
  const problem = promotionCodeProblem(row, await timesRedeemed(db, row.id), now);
  return problem ? { ok: false, message: problem } : { ok: true, code: row };
}

/**
 * Redeems a local code for a new subscription (inside the checkout's transaction; the code's row is
 * locked so that its redemption limit holds against concurrent checkouts). Answers false when the
 * code can no longer be redeemed (used up or expired since the checkout page checked it).
 */
export async function redeemPromotionCode(
  db: Db,
  r: { codeId: number; subscriptionId: string; email: string },
  now = new Date(),
): Promise<boolean> {
  const code = await db
    .selectFrom('promotionCodes')
    .selectAll()
    .where('id', '=', r.codeId)
    .forUpdate()
    .executeTakeFirst();
  if (!code || promotionCodeProblem(code, await timesRedeemed(db, code.id), now)) return false;
  await db
    .insertInto('promotionRedemptions')
    .values({ codeId: code.id, subscriptionId: r.subscriptionId, email: r.email.toLowerCase() })
    .execute();
  await db
    .updateTable('paymentSubscriptions')
    .set({ promotionCodeId: code.id })
    .where('subscriptionId', '=', r.subscriptionId)
    .execute();
  return true;
}

/**
 * The discount a local subscription's next paid invoice takes: its redeemed code, if the discount
 * is still waiting (taken once: the code is cleared from the subscription and the redemption gets
 * the amount and the invoice number). Call inside the transaction that writes the invoice.
 */
export async function takePendingDiscount(
  db: Db,
  subscriptionId: string,
  amountCents: number,
  currency: string,
): Promise<{ discountCents: number; code: string | null; apply: (invoiceNumber: string) => Promise<void> }> {
  const sub = await db
    .selectFrom('paymentSubscriptions')
    .select('promotionCodeId')
    .where('subscriptionId', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  const code = sub?.promotionCodeId
    ? await db.selectFrom('promotionCodes').selectAll().where('id', '=', sub.promotionCodeId).executeTakeFirst()
    : undefined;
  if (!code || amountCents <= 0) return { discountCents: 0, code: null, apply: async () => {} };
  const discountCents = discountCentsOf(code, amountCents, currency);
  return {
    discountCents,
    code: code.code,
    apply: async (invoiceNumber) => {
      await db
        .updateTable('paymentSubscriptions')
        .set({ promotionCodeId: null })
        .where('subscriptionId', '=', subscriptionId)
        .execute();
      await db
        .updateTable('promotionRedemptions')
        .set({ discountCents, currency: currency.toUpperCase(), invoiceNumber })
        .where('codeId', '=', code.id)
        .where('subscriptionId', '=', subscriptionId)
        .execute();
    },
  };
}

/** The local test mode's codes (newest first, or the one `codeId` names) and their redemptions. */
export async function listLocalPromotions(
  db: Db,
  now = new Date(),
  opts: { codeId?: number } = {},
): Promise<Pick<PromotionsOutput, 'codes' | 'redemptions'>> {
  let codesQuery = db
    .selectFrom('promotionCodes as c')
    .leftJoin('affiliates as a', 'a.id', 'c.affiliateId')
    .selectAll('c')
    .select('a.code as affiliateCode');
  if (opts.codeId !== undefined) codesQuery = codesQuery.where('c.id', '=', opts.codeId);
  const [codes, counts, redemptions] = await Promise.all([
    codesQuery.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').limit(200).execute(),
    db
      .selectFrom('promotionRedemptions')
      .select(['codeId', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('codeId')
      .execute(),
    db
      .selectFrom('promotionRedemptions as r')
      .innerJoin('promotionCodes as c', 'c.id', 'r.codeId')
      .select(['c.code', 'r.email', 'r.redeemedAt', 'r.discountCents', 'r.currency', 'r.invoiceNumber'])
      .orderBy('r.redeemedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(200)
      .execute(),
  ]);
  const used = new Map(counts.map((c) => [c.codeId, Number(c.n)]));
  return {
    codes: codes.map((c) => ({
      id: String(c.id),
      code: c.code,
      percentOff: c.percentOff,
      amountOffCents: c.amountOffCents,
      currency: c.currency,
      label: promotionLabel(c),
      maxRedemptions: c.maxRedemptions,
      timesRedeemed: used.get(c.id) ?? 0,
      expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
      active: promotionCodeProblem(c, used.get(c.id) ?? 0, now) === null,
      createdAt: c.createdAt.toISOString(),
      plans: c.plans,
      appliesToProducts: [],
      affiliateId: c.affiliateId,
      affiliateCode: c.affiliateCode,
    })),
    redemptions: redemptions.map((r) => ({
      code: r.code,
      email: r.email,
      redeemedAt: r.redeemedAt.toISOString(),
      discountCents: r.discountCents,
      currency: r.currency,
      invoice: r.invoiceNumber,
    })),
  };
}
