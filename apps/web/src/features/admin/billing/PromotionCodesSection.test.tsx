import type { PromotionsOutput } from '@t0/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../lib/testing/render-with-queries';
import { PromotionCodesSection } from './PromotionCodesSection';

const promotions = (p: Partial<PromotionsOutput>): PromotionsOutput => ({
  source: 'stripe',
  canCreate: false,
  codes: [],
  redemptions: [],
  unavailable: false,
  winBackFailures: [],
  ...p,
});

const render = (data: PromotionsOutput) =>
  renderWithQueries(<PromotionCodesSection />, [
    [['adminPromotions', 'list'], data],
    [['plans', 'adminList'], []],
  ]);

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('PROMOTION CODES', () => {
  it('lists the win-back offers not made, with whose they were and why', () => {
    const html = render(
      promotions({
        winBackFailures: [
          {
            email: 'left@t0.test',
            subscriptionId: 'sub_1',
            endedAt: '2026-11-10T09:00:00.000Z',
            failedAt: '2026-11-24T09:00:00.000Z',
            failure: 'Stripe refused the coupon (400): This API key does not have the right to create coupons.',
          },
          {
            email: null,
            subscriptionId: 'sub_2',
            endedAt: null,
            failedAt: '2026-11-23T09:00:00.000Z',
            failure: 'Not made after 15 tries; the last failed with: Stripe is unavailable.',
          },
        ],
      }),
    );
    const block = /data-testid="win-back-failures"[\s\S]*?data-testid="win-back-failures-table"[\s\S]*?<\/table>/.exec(
      html,
    )?.[0];
    expect(block).toBeDefined();
    const text = textOf(block!);
    expect(text).toContain('WIN-BACK OFFERS NOT MADE');
    expect(text).toContain('ACCOUNT ENDED GIVEN UP WHY');
    expect(text).toMatch(
      /left@t0\.test .*2026.* Stripe refused the coupon \(400\): This API key does not have the right to create coupons\./,
    );
    // Without the subscription's address, the subscription names the row.
    expect(text).toMatch(/sub_2 .*— .*Not made after 15 tries; the last failed with: Stripe is unavailable\./);
  });

  it('shows no such block when every offer was made', () => {
    expect(render(promotions({}))).not.toContain('win-back-failures');
  });
});
