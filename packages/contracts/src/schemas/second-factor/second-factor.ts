import { z } from 'zod';

// Administrators' second factor (TOTP): the rules and messages shared by the server and the web.

/** How many one-time recovery codes an enrolment issues. */
export const RECOVERY_CODE_COUNT = 10;

/** Code attempts (authenticator or recovery codes) per administrator in any 60 s. */
export const SECOND_FACTOR_ATTEMPTS_PER_MINUTE = 5;

/** Wrong codes in a row (whatever the session or address) that lock an administrator's code step. */
export const SECOND_FACTOR_FAILURES_BEFORE_LOCK = 10;

/** How long the code step stays locked after them. */
export const SECOND_FACTOR_LOCK_MINUTES = 15;

/**
 * Where the caller's session stands with the second factor (`User.secondFactor`):
 * - `not_needed`: not an administrator, or an administrator without 2FA while it is not required;
 * - `passed`: an enrolled administrator whose session gave a code;
 * - `code_required`: an enrolled administrator signed in with the password alone: not admin-capable
 *   (nor counted as subscribed) until a code is given;
 * - `enrolment_required`: an administrator without 2FA while `ADMIN_REQUIRE_2FA` is on: the
 *   console's procedures answer 403 until enrolment.
 */
export const secondFactorStates = ['not_needed', 'passed', 'code_required', 'enrolment_required'] as const;
export const secondFactorStateSchema = z.enum(secondFactorStates);
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

/** The `secondFactor` field of a 403 an administrator procedure answers (the web recognises it). */
export type SecondFactorGate = Extract<SecondFactorState, 'code_required' | 'enrolment_required'>;

/** Characters per group when a recovery code is shown (`k3m9-xp2q-…`). */
export const RECOVERY_CODE_GROUP = 4;

/**
 * A recovery code's characters (case, spaces and dashes aside) in groups of four, as it is shown
 * and typed: every form of it is accepted.
 */
export function recoveryCodeGroups(code: string): string[] {
  const chars = code.toLowerCase().replace(/[\s-]/g, '');
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += RECOVERY_CODE_GROUP) groups.push(chars.slice(i, i + RECOVERY_CODE_GROUP));
  return groups;
}

/** A 6-digit code of the authenticator app, or a recovery code (`xxxx-xxxx-…`, seven groups; older ones `xxxxx-xxxxx`). */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter your 6-digit code or a recovery code' })
  .trim()
  .min(1, 'Enter your 6-digit code or a recovery code')
  .max(40, 'Enter your 6-digit code or a recovery code');

/** Just the authenticator's 6 digits (confirming an enrolment). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const secondFactorVerifyInput = z.object({ code: secondFactorCodeSchema });
export const secondFactorConfirmInput = z.object({ code: totpCodeSchema });
export const secondFactorDisableInput = z.object({ code: secondFactorCodeSchema });

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ADMIN_REQUIRE_2FA is on. */
  required: z.boolean(),
  state: secondFactorStateSchema,
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const secondFactorEnrolmentSchema = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

export const recoveryCodesSchema = z.object({
  /** Shown once: only their hashes are stored. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
