import { EMAIL_MIN_LENGTH } from '@t0/contracts';

// The landing registration form's own rules (spec 1 §5), with their exact messages.

export const EXPERIENCE_OPTIONS = [
  { value: 'beginner', label: 'NOVICE (0-1 YEAR)' },
  { value: 'intermediate', label: 'INTERMEDIATE (1-5 YEARS)' },
  { value: 'advanced', label: 'VETERAN (5+ YEARS)' },
] as const;

export interface LandingForm {
  name: string;
  email: string;
  phone: string;
  experience: string;
}

export const MISSING_FIELDS = 'Please fill in your name and email address.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const STORAGE_FAILED = 'Failed to register. Please try again.';
export const ACTIVATE_MISSING = 'Please enter your name and email address';

/** The submit path's check: the message to show, or null when the form may go on. */
export function checkSubmit(form: Pick<LandingForm, 'name' | 'email'>): string | null {
  const name = form.name.trim();
  const email = form.email.trim();
  if (!name || !email) return MISSING_FIELDS;
  if (!email.includes('@') || email.length < EMAIL_MIN_LENGTH) return INVALID_EMAIL;
  return null;
}

/** The Activate path's check (name and email present; the server checks the address). */
export function checkActivate(form: Pick<LandingForm, 'name' | 'email'>): string | null {
  return form.name.trim() && form.email.trim() ? null : ACTIVATE_MISSING;
}
