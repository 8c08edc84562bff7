import { describe, expect, it } from 'vitest';
import { deskAnswersThread, MESSAGE_IMAGE_PATTERN, MESSAGE_MAX, retryAfterSeconds, withSavedReply } from './messages';

describe('messages', () => {
  it('asks to retry when the window ends, never less than a second', () => {
    const start = new Date('2027-01-01T10:00:00Z');
    expect(retryAfterSeconds(start, new Date('2027-01-01T10:00:00Z'))).toBe(86_400);
    expect(retryAfterSeconds(start, new Date('2027-01-02T09:59:59.500Z'))).toBe(1);
    expect(retryAfterSeconds(start, new Date('2027-01-03T00:00:00Z'))).toBe(1);
    expect(retryAfterSeconds(start, new Date('2027-01-01T10:00:30Z'), 60)).toBe(30);
  });

  it('takes only an uploaded image path', () => {
    expect(MESSAGE_IMAGE_PATTERN.test('/objects/images/2027/01/0f8fad5b-d9cb-469f-a165-70867728950e.png')).toBe(true);
    expect(MESSAGE_IMAGE_PATTERN.test('/objects/documents/x/a.pdf')).toBe(false);
    expect(MESSAGE_IMAGE_PATTERN.test('https://evil.test/a.png')).toBe(false);
    expect(MESSAGE_IMAGE_PATTERN.test('/objects/images/../../a.png')).toBe(false);
  });

  it('lets an administrator answer every thread, an analyst those of their rooms’ subscribers', () => {
    const analyst = { kind: 'analyst' as const, rooms: ['gold', 'fx'] };
    expect(deskAnswersThread({ kind: 'admin' }, [])).toBe(true);
    expect(deskAnswersThread(analyst, ['main', 'fx'])).toBe(true);
    expect(deskAnswersThread(analyst, ['main'])).toBe(false);
    expect(deskAnswersThread(analyst, [])).toBe(false);
    expect(deskAnswersThread({ kind: 'analyst', rooms: [] }, ['main'])).toBe(false);
  });

  it('puts a saved reply into the reply box after what is written, within a message’s length', () => {
    expect(withSavedReply('', 'Billing > Change plan.')).toBe('Billing > Change plan.');
    expect(withSavedReply('  \n', 'Billing > Change plan.')).toBe('Billing > Change plan.');
    expect(withSavedReply('Hello Mira.\n', 'Billing > Change plan.')).toBe('Hello Mira.\n\nBilling > Change plan.');
    expect(withSavedReply('x'.repeat(1990), 'y'.repeat(50))).toHaveLength(MESSAGE_MAX);
  });
});
