import { TRPCError } from '@trpc/server';
import type { User } from '@t0/contracts/schemas/auth';
import type { CreatePromotionCodeInput, PromotionCodeView, PromotionsOutput } from '@t0/contracts/schemas/promotions';
import type { Context } from '../core/context';
import { insertPromotionCode, listLocalPromotions } from './promotions.queries';
import { transact } from '../core/transaction';

/**
 * The console's promotion codes, one view over both providers: with Stripe, its promotion codes and
 * the checkouts that took a discount (asked of Stripe; 503-free: marked unavailable when Stripe does
 * not answer); in the local test mode, our own codes and redemptions.
 */
export async function listPromotionsHandler(ctx: Context): Promise<PromotionsOutput> {
  const { payments } = ctx.ports;
  if (payments.mode === 'stripe') {
    if (!payments.billing?.promotions)
      return { source: 'stripe', canCreate: false, codes: [], redemptions: [], unavailable: true };
    try {
      return { source: 'stripe', canCreate: false, unavailable: false, ...(await payments.billing.promotions()) };
    } catch (err) {
      ctx.log.warn({ err }, 'Stripe promotion codes could not be read');
      return { source: 'stripe', canCreate: false, codes: [], redemptions: [], unavailable: true };
    }
  }
  if (payments.mode === 'local')
    return { source: 'local', canCreate: true, unavailable: false, ...(await listLocalPromotions(ctx.db)) };
  return { source: 'none', canCreate: false, codes: [], redemptions: [], unavailable: false };
}

/** A local test-mode code (with Stripe, codes are made in Stripe's Dashboard: 409). */
export async function createPromotionCodeHandler({
  ctx,
  input,
}: {
  ctx: Context & { user: User };
  input: CreatePromotionCodeInput;
}): Promise<PromotionCodeView> {
  if (ctx.ports.payments.mode !== 'local') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'Promotion codes are created in the Stripe Dashboard when Stripe is configured',
    });
  }
  // With its audit entry, in one transaction; a code that exists already is refused inside it.
  const row = await transact(ctx.db, async (trx) => {
    const made = await insertPromotionCode(trx, input, ctx.user.id);
    if (!made) throw new TRPCError({ code: 'CONFLICT', message: `code: ${input.code} exists already` });
    return made;
  });
  const { codes } = await listLocalPromotions(ctx.db);
  const view = codes.find((c) => c.id === String(row.id));
  if (!view) throw new Error('created promotion code not found');
  return view;
}
