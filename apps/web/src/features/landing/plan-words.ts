import { formatAmount, type PlanOffer, type PlanTerms } from '@t0/contracts';

// A plan's words on the landing page, in the language shown: its terms, price unit, free trial,
// note and call to action. The amount itself is never localised (`formatAmount`: Latin digits, `.`);
// the plan's name, description and rooms are the desk's own words and stay as written.

type Translate = (key: string, options?: Record<string, string | number>) => string;

/** "Monthly", "Quarterly · every 3 months", "Pass · 30 days" … in the language shown. */
export function planTerms(plan: PlanOffer, t: Translate): string {
  switch (plan.terms) {
    case 'recurring': {
      const count = plan.intervalCount ?? 1;
      const year = plan.interval === 'year';
      if (count === 1) return year ? t('landing:plans.terms.yearly') : t('landing:plans.terms.monthly');
      if (!year && count === 3) return t('landing:plans.terms.quarterly');
      if (!year && count === 6) return t('landing:plans.terms.halfYearly');
      return year ? t('landing:plans.terms.everyYears', { count }) : t('landing:plans.terms.everyMonths', { count });
    }
    case 'pass':
      return plan.passDays === null
        ? t('landing:plans.terms.pass')
        : t('landing:plans.terms.passDays', { count: plan.passDays });
    case 'lifetime':
      return t('landing:plans.terms.lifetime');
    case 'free':
      return t('landing:plans.terms.free');
  }
}

/**
 * "$129.00" and "/ 3 months" (drawn large and small); "Free" alone. A label the terms do not
 * explain (not "amount …") is shown whole, as the server wrote it.
 */
export function planPrice(plan: PlanOffer, t: Translate): { amount: string; per: string } {
  if (plan.terms === 'free') return { amount: t('landing:plans.terms.free'), per: '' };
  const amount = formatAmount(plan.price.amountCents, plan.price.currency);
  if (!plan.label.startsWith(amount)) return { amount: plan.label, per: '' };
  switch (plan.terms) {
    case 'recurring': {
      const count = plan.intervalCount ?? 1;
      const year = plan.interval === 'year';
      if (count === 1) return { amount, per: year ? t('landing:plans.per.year') : t('landing:plans.per.month') };
      return {
        amount,
        per: year ? t('landing:plans.per.years', { count }) : t('landing:plans.per.months', { count }),
      };
    }
    case 'pass':
      return {
        amount,
        per:
          plan.passDays === null
            ? t('landing:plans.per.once')
            : t('landing:plans.per.onceDays', { count: plan.passDays }),
      };
    case 'lifetime':
      return { amount, per: t('landing:plans.per.lifetime') };
  }
}

/** The price in one line: "$129.00 / 3 months". */
export function planPriceText(plan: PlanOffer, t: Translate): string {
  const { amount, per } = planPrice(plan, t);
  return per ? `${amount} ${per}` : amount;
}

/** "7-DAY FREE TRIAL" when a first subscription gets one. */
export function planTrial(plan: Pick<PlanOffer, 'trialDays'>, t: Translate): string | null {
  return plan.trialDays > 0 ? t('landing:plans.trial', { count: plan.trialDays }) : null;
}

/** What the plan's terms mean for a buyer, in one line. */
export function planNote(plan: PlanOffer, t: Translate): string {
  switch (plan.terms) {
    case 'recurring':
      return t('landing:plans.note.recurring');
    case 'pass':
      return t('landing:plans.note.pass');
    case 'lifetime':
      return t('landing:plans.note.lifetime');
    case 'free':
      return t('landing:plans.note.free');
  }
}

/** SUBSCRIBE, BUY PASS, BUY LIFETIME, JOIN FREE. */
export function planAction(terms: PlanTerms, t: Translate): string {
  switch (terms) {
    case 'recurring':
      return t('landing:plans.action.recurring');
    case 'pass':
      return t('landing:plans.action.pass');
    case 'lifetime':
      return t('landing:plans.action.lifetime');
    case 'free':
      return t('landing:plans.action.free');
  }
}
