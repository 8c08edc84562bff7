import { promotionAppliesTo, promotionCodeInput, promotionPlanProblem } from '@t0/contracts';
import {
  checkPromotionCode,
  completeLocalCheckout,
  createInnerContext,
  failLocalCheckout,
  findOpenPendingPayment,
  planOfferOf,
  type LocalPaymentFailure,
} from '@t0/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appSettings, type ServerDeps } from '../deps';
import { checkoutPage, goneCheckoutPage, TEST_CARDS, validateTestCard } from './checkout-page';

export const LOCAL_CHECKOUT_PATH = '/checkout/test';
export const CHECKOUT_SUCCESS_PATH = '/auth/whop-success';

/**
 * The local test-mode checkout: a page of our own with a simulated card form. Its `session` is the
 * single-use reference issued by `POST /api/create-checkout-session`; paying goes through the same
 * code as Stripe's `checkout.session.completed` webhook, then on to the success page. Only served
 * when the local checkout is the payment adapter (never next to Stripe, off in production unless
 * LOCAL_CHECKOUT=true).
 */
export async function registerCheckoutRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const enabled = deps.ports.payments.mode === 'local';

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    /** The plan being bought as the public list shows it (name, terms, price, rooms), when it can be told. */
    const offerOf = async (plan: string, log: FastifyRequest['log']) => {
      try {
        return await planOfferOf({ db: deps.db.db, ports: deps.ports, settings: appSettings(deps.config), log }, plan);
      } catch {
        return undefined;
      }
    };

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(body);

    scope.get<{ Querystring: { session?: string } }>(LOCAL_CHECKOUT_PATH, async (req, reply) => {
      if (!enabled)
        return html(reply, 404, goneCheckoutPage('The test-mode checkout is not available on this server.'));
      const session = typeof req.query.session === 'string' ? req.query.session : '';
      const pending = session ? await findOpenPendingPayment(deps.db.db, session) : undefined;
      if (!pending)
        return html(reply, 410, goneCheckoutPage('This checkout link is invalid, already used or expired.'));
      return html(
        reply,
        200,
        checkoutPage({
          session,
          email: pending.email,
          plan: pending.plan,
          offer: await offerOf(pending.plan, req.log),
          trialDays: pending.trialDays,
        }),
      );
    });

    scope.post<{ Body: Record<string, string> | undefined }>(LOCAL_CHECKOUT_PATH, async (req, reply) => {
      if (!enabled)
        return html(reply, 404, goneCheckoutPage('The test-mode checkout is not available on this server.'));
      const form = req.body && typeof req.body === 'object' ? req.body : {};
      const session = typeof form.session === 'string' ? form.session : '';
      const pending = session ? await findOpenPendingPayment(deps.db.db, session) : undefined;
      if (!pending)
        return html(reply, 410, goneCheckoutPage('This checkout link is invalid, already used or expired.'));
      const card = {
        number: form.cardNumber ?? '',
        expiry: form.expiry ?? '',
        cvc: form.cvc ?? '',
        name: form.name ?? '',
      };
      const offer = await offerOf(pending.plan, req.log);
      // A promotion code takes its discount off a subscription's first paid invoice: a plan paid once takes none.
      const recurring = offer === undefined || offer.terms === 'recurring';
      const typed = { code: recurring && typeof form.promotionCode === 'string' ? form.promotionCode.trim() : '' };
      const page = async (status: number, error: string) =>
        html(
          reply,
          status,
          checkoutPage({
            session,
            email: pending.email,
            plan: pending.plan,
            offer,
            trialDays: pending.trialDays,
            promotionCode: typed.code,
            error,
            card,
          }),
        );
      // A promotion code, when one is typed: checked before anything is charged (400 naming the field).
      let promotionCodeId: number | null = null;
      if (typed.code !== '' && form.outcome !== 'fail') {
        const parsed = promotionCodeInput.safeParse(typed.code);
        if (!parsed.success) return page(400, `Promotion code: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
        const found = await checkPromotionCode(deps.db.db, parsed.data, new Date(), pending.email);
        if (!found.ok) return page(400, `Promotion code: ${found.message}.`);
        if (!promotionAppliesTo(found.code, pending.plan))
          return page(400, `Promotion code: ${promotionPlanProblem(pending.plan)}.`);
        promotionCodeId = found.code.id;
      }
      // SIMULATE FAILED PAYMENT declines the working test card as the declined test card would be
      // (anything else typed is checked as usual: a real-looking card is never accepted).
      const cardProblem = validateTestCard(card);
      const problem =
        form.outcome === 'fail' && cardProblem === null
          ? validateTestCard({ ...card, number: TEST_CARDS.declined })
          : cardProblem;
      const ctx = createInnerContext({
        db: deps.db.db,
        ports: deps.ports,
        settings: appSettings(deps.config),
        log: req.log,
      });
      if (problem && problem.status === 402) {
        // Declined: recorded as a failed payment (Stripe's invoice.payment_failed path); the checkout stays open.
        const failure = await failLocalCheckout(ctx, session);
        if (!failure)
          return html(reply, 410, goneCheckoutPage('This checkout link is invalid, already used or expired.'));
        return page(402, declineMessage(problem.message, failure));
      }
      if (problem) return page(problem.status, problem.message);
      const digits = card.number.replace(/\D/g, '');
      const result = await completeLocalCheckout(
        ctx,
        session,
        { brand: 'test card', last4: digits.slice(-4) },
        promotionCodeId,
      );
      // Finished by another submit in the meantime: the reference works once.
      if (!result) return html(reply, 410, goneCheckoutPage('This checkout was already completed.'));
      return reply.redirect(`${CHECKOUT_SUCCESS_PATH}?checkout=test`, 303);
    });
  });
}

/** What a declined test payment did, in words for the checkout page. */
function declineMessage(cardMessage: string, failure: LocalPaymentFailure): string {
  if (failure.outcome === 'declined')
    return `${cardMessage} No payment was taken and no subscription was started. Try another card.`;
  const until = failure.graceEndsAt
    ? failure.graceEndsAt.replace('T', ' ').slice(0, 16) + ' UTC'
    : 'the end of the grace period';
  return `${cardMessage} Your subscription is now past due: access continues until ${until}. Pay with another card before then to keep it.`;
}
