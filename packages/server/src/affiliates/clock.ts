/**
 * The time the affiliate rules read (when a held commission becomes payable, what a payout settles).
 * The real time, unless a test sets another to see the hold window pass.
 */
export const affiliateClock: { now: () => Date } = { now: () => new Date() };
