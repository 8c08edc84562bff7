import { describe, expect, it } from 'vitest';
import { defaultDunningEmails, dunningReminderDue, winBackRefusalIsFinal, winBackWindow } from './dunning';

const DAY = 24 * 60 * 60 * 1000;
const failed = new Date('2026-03-01T00:00:00Z');
const at = (days: number) => new Date(failed.getTime() + days * DAY);

describe('dunning reminders', () => {
  it('are due 3 days and 1 day before a 7-day grace period ends, each once', () => {
    expect(dunningReminderDue(failed, 7, 0, at(3.9))).toBe(0);
    expect(dunningReminderDue(failed, 7, 0, at(4))).toBe(1);
    expect(dunningReminderDue(failed, 7, 1, at(5))).toBe(0);
    expect(dunningReminderDue(failed, 7, 1, at(6))).toBe(2);
    expect(dunningReminderDue(failed, 7, 2, at(6.5))).toBe(0);
  });

  it('skip to the latest when one was missed, and stop when access ends', () => {
    expect(dunningReminderDue(failed, 7, 0, at(6.2))).toBe(2);
    expect(dunningReminderDue(failed, 7, 0, at(7))).toBe(0);
  });

  it('leave out a reminder that would fall at the failure itself (a 3-day grace period)', () => {
    expect(dunningReminderDue(failed, 3, 0, at(0.5))).toBe(0);
    expect(dunningReminderDue(failed, 3, 0, at(2))).toBe(2);
  });

  it("default to Stripe's e-mails when Stripe is configured", () => {
    expect(defaultDunningEmails(true)).toBe('stripe');
    expect(defaultDunningEmails(false)).toBe('t0');
  });
});

describe('win-back window', () => {
  it('takes ends from a week before the delay up to the delay', () => {
    const now = new Date('2026-03-30T00:00:00Z');
    expect(winBackWindow(14, now)).toEqual({
      endedFrom: new Date('2026-03-09T00:00:00Z'),
      endedUntil: new Date('2026-03-16T00:00:00Z'),
    });
  });
});

describe('a refused win-back offer', () => {
  it('is final for a 4xx but a conflict or too many requests; an outage or no answer is tried again', () => {
    for (const status of [400, 401, 402, 403, 404, 422])
      expect(winBackRefusalIsFinal(status), String(status)).toBe(true);
    for (const status of [409, 429, 500, 502, 503, 200, undefined])
      expect(winBackRefusalIsFinal(status), String(status)).toBe(false);
  });
});
