import { describe, expect, it } from 'vitest';
import { ACTIVATE_MISSING, INVALID_EMAIL, MISSING_FIELDS, checkActivate, checkSubmit } from './registration-rules';

describe('landing registration rules (spec 1 §5)', () => {
  it('requires name and email on submit', () => {
    expect(checkSubmit({ name: '', email: 'a@b.co' })).toBe(MISSING_FIELDS);
    expect(checkSubmit({ name: 'Ada', email: '  ' })).toBe(MISSING_FIELDS);
  });

  it('wants an @ and at least 5 characters', () => {
    expect(checkSubmit({ name: 'Ada', email: 'ada.example.com' })).toBe(INVALID_EMAIL);
    expect(checkSubmit({ name: 'Ada', email: 'a@b' })).toBe(INVALID_EMAIL);
    expect(checkSubmit({ name: 'Ada', email: 'a@b.c' })).toBeNull();
  });

  it('checks only presence on the Activate path', () => {
    expect(checkActivate({ name: 'Ada', email: '' })).toBe(ACTIVATE_MISSING);
    expect(checkActivate({ name: 'Ada', email: 'x' })).toBeNull();
  });
});
