import { describe, expect, it } from 'vitest';
import { notificationLabel } from './notification-label';

const at = '2026-03-10T10:00:00Z';

describe('notificationLabel', () => {
  it('gives signal notifications their direction', () => {
    expect(notificationLabel({ type: 'signal', title: 'AUDUSD long', message: '', createdAt: at })).toEqual({
      kind: 'direction',
      direction: 'LONG',
    });
    expect(notificationLabel({ type: 'SIGNAL', title: 'Sell GBPJPY', message: '', createdAt: at })).toEqual({
      kind: 'direction',
      direction: 'SHORT',
    });
    expect(notificationLabel({ type: 'signal', title: 'New setup', message: 'see terminal', createdAt: at })).toEqual({
      kind: 'direction',
      direction: 'SIGNAL',
    });
  });

  it('labels every other type by its type, even when its words sound like a direction', () => {
    expect(
      notificationLabel({ type: 'info', title: 'Maintenance', message: 'Servers go down at 22:00', createdAt: at }),
    ).toEqual({ kind: 'type', text: 'INFO' });
    expect(notificationLabel({ type: 'announcement', title: 'Prices rise', message: '', createdAt: at })).toEqual({
      kind: 'type',
      text: 'ANNOUNCEMENT',
    });
    expect(
      notificationLabel({ type: 'alert', title: 'AUDUSD', message: '', createdAt: at }, [
        { instrument: 'AUDUSD', direction: 'long', createdAt: at },
      ]),
    ).toEqual({
      kind: 'type',
      text: 'ALERT',
    });
  });
});
