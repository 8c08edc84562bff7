import { EMAIL_MIN_LENGTH, type RegisterInput } from '@t0/contracts';

// The register submit handler's own checks (spec 1 §5), run after the shared schema. With the
// schema's 8-character rule in force they rarely fire, but both readings hold together.

export interface SubmitProblem {
  title: string;
  description: string;
}

export function checkRegisterSubmit(v: RegisterInput): SubmitProblem | null {
  if (!v.email || !v.password || !v.firstName || !v.lastName) {
    return { title: 'Validation Error', description: 'Please fill in all required fields' };
  }
  if (!v.email.includes('@') || v.email.length < EMAIL_MIN_LENGTH) {
    return { title: 'Validation Error', description: 'Please enter a valid email address' };
  }
  if (v.password.length < 6) {
    return { title: 'Validation Error', description: 'Password must be at least 6 characters long' };
  }
  return null;
}

/** "Ada Lovelace" → first "Ada", last "Lovelace" (the landing form keeps one name field). */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
