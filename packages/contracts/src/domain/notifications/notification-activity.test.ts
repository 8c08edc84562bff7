import { describe, expect, it } from 'vitest';
import { instrumentsMentioned } from '../signals/direction';
import { badgeText, popoverItems, priorityTone, splitAlerts, type ActivityItem } from './notification-activity';

const item = (id: number, isRead: boolean, title: string, day = id, priority = 'normal'): ActivityItem => ({
  id,
  isRead,
  notification: { title, message: '', priority, createdAt: new Date(Date.UTC(2026, 0, day)).toISOString() },
});

describe('badgeText', () => {
  it('caps at 99+ and hides at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('instrumentsMentioned', () => {
  it('finds the instruments a text names', () => {
    expect(instrumentsMentioned('GBP/JPY and us30 update')).toEqual(['GBPJPY', 'US30']);
    expect(instrumentsMentioned('Weekly outlook')).toEqual([]);
  });
});

describe('splitAlerts', () => {
  const signals = [
    { instrument: 'AUDUSD', status: 'active' },
    { instrument: 'GBPJPY', status: 'closed' },
    { instrument: 'US30', status: 'limit' },
  ];
  it('keeps unread items and read items on an active instrument active', () => {
    const items = [
      item(1, false, 'Maintenance'),
      item(2, true, 'AUDUSD T0 hit'),
      item(3, true, 'GBPJPY closed'),
      item(4, true, 'US30 limit order'),
      item(5, false, 'GBPJPY new'),
    ];
    const { active, processed } = splitAlerts(items, signals);
    expect(active.map((i) => i.id)).toEqual([5, 2, 1]);
    expect(processed.map((i) => i.id)).toEqual([4, 3]);
  });
  it('shows at most 10 processed items, newest first', () => {
    const items = Array.from({ length: 14 }, (_, k) => item(k + 1, true, `Note ${k + 1}`));
    const { active, processed } = splitAlerts(items, []);
    expect(active).toEqual([]);
    expect(processed.map((i) => i.id)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });
});

describe('popoverItems', () => {
  it('shows the newest 10 with the footer when there are more', () => {
    const items = Array.from({ length: 12 }, (_, k) => item(k + 1, false, `N${k + 1}`));
    const { shown, footer } = popoverItems(items);
    expect(shown).toHaveLength(10);
    expect(shown[0]?.id).toBe(12);
    expect(footer).toBe('SHOWING 10 OF 12 NOTIFICATIONS');
    expect(popoverItems(items.slice(0, 10)).footer).toBeNull();
  });
});

describe('priorityTone', () => {
  it('maps high red, medium yellow, others blue', () => {
    expect(priorityTone('high')).toBe('high');
    expect(priorityTone('critical')).toBe('high');
    expect(priorityTone('MEDIUM')).toBe('medium');
    expect(priorityTone('normal')).toBe('other');
    expect(priorityTone(undefined)).toBe('other');
  });
});
