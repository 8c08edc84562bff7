import { describe, expect, it } from 'vitest';
import { checkRegisterSubmit, splitName } from './register-rules';

const ok = { email: 'ada@t0.test', password: 'Str0ng!Pass', firstName: 'Ada', lastName: 'Lovelace' };

describe('register submit checks (spec 1 §5)', () => {
  it('passes a complete form', () => {
    expect(checkRegisterSubmit(ok)).toBeNull();
  });
  it('wants every field', () => {
    expect(checkRegisterSubmit({ ...ok, lastName: '' })).toEqual({
      title: 'Validation Error',
      description: 'Please fill in all required fields',
    });
  });
  it('wants an address with @ and 5+ characters', () => {
    expect(checkRegisterSubmit({ ...ok, email: 'a@b' })?.description).toBe('Please enter a valid email address');
  });
  it('wants 6+ characters', () => {
    expect(checkRegisterSubmit({ ...ok, password: 'A!b' })?.description).toBe(
      'Password must be at least 6 characters long',
    );
  });
});

describe('splitName', () => {
  it('splits the landing form name', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName('  Ada ')).toEqual({ firstName: 'Ada', lastName: '' });
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
});
