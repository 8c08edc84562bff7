import { EMAIL_MIN_LENGTH } from '@t0/contracts';

// The landing registration form's own rules. A problem is a stable code; the page
// writes its message in the language shown (`landing:register.error.<code>`, the spec's exact
// English messages in the English catalogue).

export const EXPERIENCE_OPTIONS = [
  { value: 'beginner', label: 'landing:register.experience.beginner' },
  { value: 'intermediate', label: 'landing:register.experience.intermediate' },
  { value: 'advanced', label: 'landing:register.experience.advanced' },
] as const;

export interface LandingForm {
  name: string;
  email: string;
  phone: string;
  experience: string;
}

export const MISSING_FIELDS = 'missingFields';
export const INVALID_EMAIL = 'invalidEmail';
export const STORAGE_FAILED = 'storageFailed';
export const ACTIVATE_MISSING = 'activateMissing';

export type LandingProblem =
  typeof MISSING_FIELDS | typeof INVALID_EMAIL | typeof STORAGE_FAILED | typeof ACTIVATE_MISSING;

/** A problem's message key (`landing` catalogue), written in full so the key-coverage test finds it. */
export const PROBLEM_KEYS: Record<LandingProblem, string> = {
  missingFields: 'landing:register.error.missingFields',
  invalidEmail: 'landing:register.error.invalidEmail',
  storageFailed: 'landing:register.error.storageFailed',
  activateMissing: 'landing:register.error.activateMissing',
};

/** The submit path's check: the problem's code, or null when the form may go on. */
export function checkSubmit(form: Pick<LandingForm, 'name' | 'email'>): LandingProblem | null {
  const name = form.name.trim();
  const email = form.email.trim();
  if (!name || !email) return MISSING_FIELDS;
  if (!email.includes('@') || email.length < EMAIL_MIN_LENGTH) return INVALID_EMAIL;
  return null;
}

/** The Activate path's check (name and email present; the server checks the address). */
export function checkActivate(form: Pick<LandingForm, 'name' | 'email'>): LandingProblem | null {
  return form.name.trim() && form.email.trim() ? null : ACTIVATE_MISSING;
}
