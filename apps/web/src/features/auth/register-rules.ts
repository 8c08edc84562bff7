import { EMAIL_MIN_LENGTH, type RegisterInput } from '@t0/contracts';

// The register submit handler's own checks, run after the shared schema. With the
// schema's 8-character rule in force they rarely fire, but both readings hold together. A problem
// is a stable code; the form writes it in the language shown (`auth:register.error.<code>`, the
// spec's exact English messages in the English catalogue), under `auth:register.error.title`.

export type RegisterProblem = 'missingFields' | 'invalidEmail' | 'shortPassword';

/** A problem's message key (`auth` catalogue), written in full so the key-coverage test finds it. */
export const REGISTER_PROBLEM_KEYS: Record<RegisterProblem, string> = {
  missingFields: 'auth:register.error.missingFields',
  invalidEmail: 'auth:register.error.invalidEmail',
  shortPassword: 'auth:register.error.shortPassword',
};

/** The toast's title for any of them ("Validation Error"). */
export const REGISTER_PROBLEM_TITLE = 'auth:register.error.title';

export function checkRegisterSubmit(v: RegisterInput): RegisterProblem | null {
  if (!v.email || !v.password || !v.firstName || !v.lastName) return 'missingFields';
  if (!v.email.includes('@') || v.email.length < EMAIL_MIN_LENGTH) return 'invalidEmail';
  if (v.password.length < 6) return 'shortPassword';
  return null;
}

/** "Ada Lovelace" → first "Ada", last "Lovelace" (the landing form keeps one name field). */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
