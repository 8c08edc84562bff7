import { describe, expect, it } from 'vitest';
import { catalogueT, englishT } from '../../lib/i18n/english';
import ar from '../../locales/ar/landing.json';
import es from '../../locales/es/landing.json';
import {
  ACTIVATE_MISSING,
  INVALID_EMAIL,
  MISSING_FIELDS,
  PROBLEM_KEYS,
  STORAGE_FAILED,
  checkActivate,
  checkSubmit,
} from './registration-rules';

describe('landing registration rules', () => {
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

  it("writes each problem's message by its code: the spec's English, and the visitor's language", () => {
    expect(englishT(PROBLEM_KEYS[MISSING_FIELDS])).toBe('Please fill in your name and email address.');
    expect(englishT(PROBLEM_KEYS[INVALID_EMAIL])).toBe('Please enter a valid email address.');
    expect(englishT(PROBLEM_KEYS[STORAGE_FAILED])).toBe('Failed to register. Please try again.');
    expect(englishT(PROBLEM_KEYS[ACTIVATE_MISSING])).toBe('Please enter your name and email address');
    const problem = checkSubmit({ name: 'Ada', email: 'ada.example.com' })!;
    expect(catalogueT('es', { landing: es })(PROBLEM_KEYS[problem])).toBe(
      'Introduce una dirección de correo electrónico válida.',
    );
    expect(catalogueT('ar', { landing: ar })(PROBLEM_KEYS[problem])).toBe('يُرجى إدخال عنوان بريد إلكتروني صالح.');
  });
});
