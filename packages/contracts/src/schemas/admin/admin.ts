import { z } from 'zod';
import { userSchema } from '../auth/auth';

// Subscriber and e-mail monitoring of the admin console (its subscribers table, e-mail tab and their calls).

const isoDate = z.string().describe('ISO 8601 date-time');

/** The user as the console's monitoring table sees it (the user's fields plus the admin-only ones below). */
export const adminUserSchema = userSchema
  .pick({ id: true, email: true, firstName: true, lastName: true, isAdmin: true, hasActiveSubscription: true })
  .extend({
    subscriptionStatus: z.string(),
    stripeCustomerId: z.string().nullable(),
    /** Which payment provider the stored ids belong to: Stripe, the local test-mode checkout, or none. */
    paymentProvider: z.enum(['stripe', 'local']).nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
    lastLoginAt: isoDate.nullable(),
    ipAddress: z.string().nullable(),
    /** Derived from the stored IP without any network lookup: 'Local network' for private ranges, else null. */
    location: z.string().nullable(),
    deviceInfo: z.string().nullable(),
    sessionId: z.string().nullable(),
    welcomeEmailSentAt: isoDate.nullable(),
    emailNotificationsEnabled: z.boolean(),
  });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersOutput = z.array(adminUserSchema);

/** An active paying subscriber who never received the welcome e-mail (field names as the spec gives them). */
export const affectedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: isoDate,
  subscription_status: z.string(),
});
export type AffectedUser = z.infer<typeof affectedUserSchema>;
export const affectedUsersOutput = z.array(affectedUserSchema);

export const welcomeFixResultSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** `sending`: another send to this user was already on its way; its outcome decides. */
  status: z.enum(['sent', 'failed', 'sending']),
  error: z.string().optional(),
});
export type WelcomeFixResult = z.infer<typeof welcomeFixResultSchema>;

/** The console shows "Processed {n} users". */
export const fixWelcomeEmailsOutput = z.object({
  processed: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  results: z.array(welcomeFixResultSchema),
});
export type FixWelcomeEmailsOutput = z.infer<typeof fixWelcomeEmailsOutput>;

export const emailSummarySchema = z.object({
  total: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  /** Percentage of deliveries sent, one decimal; 0 when nothing was sent yet. */
  successRate: z.number(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** 'sent', or 'failed' (any other value is shown as failed). */
export const emailDeliverySchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  signalInstrument: z.string(),
  signalDirection: z.string(),
  sentAt: isoDate,
  deliveryStatus: z.string(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;
export const emailDeliveriesOutput = z.array(emailDeliverySchema);

export const EMAIL_DELIVERIES_DEFAULT_LIMIT = 100;
export const EMAIL_DELIVERIES_MAX_LIMIT = 1000;

export const emailDeliveriesInput = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be between 1 and 1000')
      .max(EMAIL_DELIVERIES_MAX_LIMIT, 'limit must be between 1 and 1000')
      .optional(),
  })
  .optional();
