import { describe, expect, it } from 'vitest';
import { englishT } from '../../lib/i18n/english';
import { checkRegisterSubmit, REGISTER_PROBLEM_KEYS, REGISTER_PROBLEM_TITLE, splitName } from './register-rules';

const ok = { email: 'ada@t0.test', password: 'Str0ng!Pass', firstName: 'Ada', lastName: 'Lovelace' };

/** A problem as the English toast writes it. */
const english = (v: typeof ok) => {
  const problem = checkRegisterSubmit(v);
  return problem && { title: englishT(REGISTER_PROBLEM_TITLE), description: englishT(REGISTER_PROBLEM_KEYS[problem]) };
};

describe('register submit checks', () => {
  it('passes a complete form', () => {
    expect(checkRegisterSubmit(ok)).toBeNull();
  });
  it('wants every field', () => {
    expect(checkRegisterSubmit({ ...ok, lastName: '' })).toBe('missingFields');
    expect(english({ ...ok, lastName: '' })).toEqual({
      title: 'Validation Error',
      description: 'Please fill in all required fields',
    });
  });
  it('wants an address with @ and 5+ characters', () => {
    expect(checkRegisterSubmit({ ...ok, email: 'a@b' })).toBe('invalidEmail');
    expect(english({ ...ok, email: 'a@b' })?.description).toBe('Please enter a valid email address');
  });
  it('wants 6+ characters', () => {
    expect(checkRegisterSubmit({ ...ok, password: 'A!b' })).toBe('shortPassword');
    expect(english({ ...ok, password: 'A!b' })?.description).toBe('Password must be at least 6 characters long');
  });
});

describe('splitName', () => {
  it('splits the landing form name', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName('  Ada ')).toEqual({ firstName: 'Ada', lastName: '' });
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
});
