import { planActionLabel, planPriceLabel, planTermsText, type PlanOffer, type PlanTerms } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueT, englishT } from '../../lib/i18n/english';
import ar from '../../locales/ar/landing.json';
import es from '../../locales/es/landing.json';
import ptBR from '../../locales/pt-BR/landing.json';
import { planAction, planNote, planPrice, planPriceText, planTerms, planTrial } from './plan-words';

type Shape = Pick<PlanOffer, 'terms' | 'interval' | 'intervalCount' | 'passDays'>;

function offer(shape: Shape, amountCents = 12900, trialDays = 0): PlanOffer {
  const price = { amountCents, currency: 'usd' };
  const label = planPriceLabel(shape, shape.terms === 'free' ? null : price);
  return {
    key: 'k',
    plan: 'k',
    name: 'Plan',
    description: '',
    ...shape,
    rooms: [],
    price: { ...price, label },
    ...price,
    label,
    trialDays,
    isDefault: false,
  } as PlanOffer;
}

const SHAPES: Shape[] = [
  { terms: 'recurring', interval: 'month', intervalCount: 1, passDays: null },
  { terms: 'recurring', interval: 'month', intervalCount: 3, passDays: null },
  { terms: 'recurring', interval: 'month', intervalCount: 6, passDays: null },
  { terms: 'recurring', interval: 'month', intervalCount: 2, passDays: null },
  { terms: 'recurring', interval: 'year', intervalCount: 1, passDays: null },
  { terms: 'recurring', interval: 'year', intervalCount: 2, passDays: null },
  { terms: 'pass', interval: null, intervalCount: null, passDays: 30 },
  { terms: 'pass', interval: null, intervalCount: null, passDays: 1 },
  { terms: 'pass', interval: null, intervalCount: null, passDays: null },
  { terms: 'lifetime', interval: null, intervalCount: null, passDays: null },
  { terms: 'free', interval: null, intervalCount: null, passDays: null },
];

describe("a plan's words on the landing page", () => {
  it('are in English exactly what the server and the contracts write', () => {
    for (const shape of SHAPES) {
      const plan = offer(shape);
      expect(planPriceText(plan, englishT)).toBe(plan.label);
      expect(planTerms(plan, englishT)).toBe(planTermsText(shape));
      expect(planAction(shape.terms as PlanTerms, englishT)).toBe(planActionLabel(shape.terms as PlanTerms));
    }
    expect(planTrial(offer(SHAPES[0]!, 4900, 7), englishT)).toBe('7-DAY FREE TRIAL');
    expect(planTrial(offer(SHAPES[0]!), englishT)).toBeNull();
    expect(planNote(offer(SHAPES[0]!), englishT)).toBe('Renews until you cancel; cancel at any time');
  });

  it('keep the amount as formatAmount writes it and word the rest in the language shown', () => {
    const quarterly = offer(SHAPES[1]!);
    expect(planPrice(quarterly, catalogueT('es', { landing: es }))).toEqual({ amount: '$129.00', per: '/ 3 meses' });
    expect(planPrice(quarterly, catalogueT('pt-BR', { landing: ptBR }))).toEqual({
      amount: '$129.00',
      per: '/ 3 meses',
    });
    const arabic = catalogueT('ar', { landing: ar });
    expect(planPrice(quarterly, arabic)).toEqual({ amount: '$129.00', per: '/ 3 أشهر' });
    expect(planTerms(offer(SHAPES[6]!), arabic)).toBe('تصريح · 30 يومًا');
    expect(planTrial(offer(SHAPES[0]!, 4900, 7), arabic)).toBe('تجربة مجانية لمدة 7 أيام');
    expect(planTrial(offer(SHAPES[0]!, 4900, 14), catalogueT('es', { landing: es }))).toBe('14 DÍAS DE PRUEBA GRATIS');
    expect(planPrice(offer(SHAPES[10]!), arabic)).toEqual({ amount: 'مجاني', per: '' });
  });
});
