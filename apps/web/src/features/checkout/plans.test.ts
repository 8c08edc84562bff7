import type { PlanOffer } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { paidChoices } from '../profile/BuyPlanPanel';
import { planForRoom } from './plans';
import { upgradePath } from './UpgradeButton';

const offer = (key: string, terms: PlanOffer['terms'], rooms: string[]): PlanOffer =>
  ({ key, name: key, terms, rooms: rooms.map((slug) => ({ slug, name: slug })) }) as PlanOffer;

const monthly = offer('monthly', 'recurring', ['main']);
const gold = offer('gold', 'recurring', ['main', 'gold']);
const pass = offer('pass-30', 'pass', ['gold']);
const teaser = offer('teaser', 'free', ['teaser']);
const goldTaste = offer('gold-taste', 'free', ['gold']);

describe('the way from something locked to a plan that sells it', () => {
  it('goes to the plan choice without access, to Billing with some, naming the room either way', () => {
    expect(upgradePath(false)).toBe('/subscribe');
    expect(upgradePath(false, 'gold')).toBe('/subscribe?room=gold');
    expect(upgradePath(true)).toBe('/profile?section=billing');
    expect(upgradePath(true, 'gold & co')).toBe('/profile?section=billing&room=gold%20%26%20co');
  });

  it('picks the first paid plan selling the room, a free one only when none is paid, and nothing for a room no plan sells', () => {
    expect(planForRoom([monthly, goldTaste, gold, pass], 'gold')?.key).toBe('gold');
    expect(planForRoom([monthly, goldTaste], 'gold')?.key).toBe('gold-taste');
    expect(planForRoom([monthly, gold], 'silver')).toBeUndefined();
  });

  it('offers a holder the paid plans, those adding a room it lacks first', () => {
    const keys = (held: string[]) => paidChoices([monthly, teaser, gold, pass], new Set(held)).map((p) => p.key);
    expect(keys(['teaser'])).toEqual(['monthly', 'gold', 'pass-30']);
    expect(keys(['main'])).toEqual(['gold', 'pass-30', 'monthly']);
    expect(keys(['main', 'gold'])).toEqual(['monthly', 'gold', 'pass-30']);
  });
});
