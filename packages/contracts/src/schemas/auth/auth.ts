import { z } from 'zod';
import { ACCOUNT_SIZE_MAX, PASSWORD_MIN_LENGTH } from '../../domain/common/constants';
import { secondFactorStateSchema } from '../second-factor/second-factor';
import { referralFields } from '../affiliates/affiliates';

// Account validation rules (sign-in, registration, passwords) and their exact messages, used by the server
// and the web forms.

const specialChar = /[!@#$%^&*(),.?":{}|<>]/;

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .min(1, 'Invalid email address')
  .max(255, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

/** The registration password rules (8+ characters, one uppercase, one special character). */
export const newPasswordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters')
  .regex(/[A-Z]/, 'Password must contain at least 1 uppercase letter')
  .regex(specialChar, 'Password must contain at least 1 special character');

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const loginInput = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  ...referralFields,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const registerOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const forgotPasswordInput = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  email: emailSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const profileInput = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: 'All password fields are required.' })
    .min(1, 'All password fields are required.')
    .max(200),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The profile page's client rules for the password change form. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: 'All password fields are required.', path: ['currentPassword'] });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: 'New passwords do not match.', path: ['confirmPassword'] });
    } else if (v.newPassword.length < 6) {
      ctx.addIssue({
        code: 'custom',
        message: 'New password must be at least 6 characters long.',
        path: ['newPassword'],
      });
    }
  });

export const POSITION_SIZES = ['1', '2', '5', '10'] as const;
export const RISK_TOLERANCES = ['conservative', 'moderate', 'aggressive'] as const;

const ACCOUNT_SIZE_MESSAGE = `Account size must be a number from 1 to ${ACCOUNT_SIZE_MAX.toLocaleString('en-US')}`;
const accountSizeSchema = z
  .union([z.number(), z.string(), z.null()], { error: ACCOUNT_SIZE_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const n = typeof value === 'number' ? value : Number(value.trim().replace(/,/g, ''));
    if (!Number.isFinite(n) || n < 1 || n > ACCOUNT_SIZE_MAX) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_SIZE_MESSAGE });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const tradingConfigSchema = z.object({
  positionSize: z.coerce.string().pipe(z.enum(POSITION_SIZES, { error: 'Position size must be 1, 2, 5 or 10' })),
  riskTolerance: z.enum(RISK_TOLERANCES, { error: 'Risk tolerance must be conservative, moderate or aggressive' }),
  autoExecute: z.boolean({ error: 'autoExecute must be true or false' }),
  maxDailyTrades: z.coerce
    .string()
    .pipe(z.string().regex(/^\d{1,3}$/, 'Max daily trades must be a whole number from 0 to 999')),
  /** Account size in USD for the risk calculator; null clears it, absent keeps the saved one. */
  accountSize: accountSizeSchema.optional(),
});
export type TradingConfig = z.infer<typeof tradingConfigSchema>;

/** The saved trading config as answered: `accountSize` is null until the user gives one. */
export const tradingConfigOutput = tradingConfigSchema.extend({ accountSize: z.number().nullable() });
export type SavedTradingConfig = z.infer<typeof tradingConfigOutput>;

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
  smsAlerts: z.boolean({ error: 'smsAlerts must be true or false' }),
  tradingSignals: z.boolean({ error: 'tradingSignals must be true or false' }),
  priceAlerts: z.boolean({ error: 'priceAlerts must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The user object `GET /api/auth/user` answers. `isAdmin` and `hasActiveSubscription` are the effective facts. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  hasActiveSubscription: z.boolean(),
  /**
   * The rooms the account holds through its access grants: room slug → when that access ends (ISO
   * time), or null when it has no end. Administrators read every room whatever this says.
   */
  access: z.record(z.string(), z.string().nullable()),
  subscriptionStatus: z.string(),
  /** Administrators' second factor for this session (see schemas/second-factor/second-factor.ts). */
  secondFactor: secondFactorStateSchema,
  /**
   * Present (true) only while the account's address is in ADMIN_EMAILS and its owner has not
   * followed the link mailed to it: until then the account is an ordinary user.
   */
  adminEmailPending: z.boolean().optional(),
  /**
   * Present (true) only while the account is an active analyst: it publishes in its rooms and
   * manages its own signals (schemas/analysts/analysts.ts), past the second factor as an administrator.
   */
  isAnalyst: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Following the link that proves an ADMIN_EMAILS address (signed in to the account). */
export const confirmAdminEmailInput = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
});
export type ConfirmAdminEmailInput = z.infer<typeof confirmAdminEmailInput>;

export const okSchema = z.object({ success: z.literal(true), message: z.string() });
