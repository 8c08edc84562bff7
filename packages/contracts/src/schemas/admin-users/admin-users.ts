import { z } from 'zod';
import {
  ADMIN_NOTE_MAX,
  ADMIN_USER_FILTERS,
  ADMIN_USER_SEARCH_MAX,
  ADMIN_USERS_MAX_LIMIT,
  ADMIN_USERS_PAGE_SIZE,
  GRANT_DAYS_MAX,
  GRANT_DAYS_MIN,
  GRANT_STATES,
} from '../../domain/admin-users/admin-users';
import { CANCEL_REASON_MAX } from '../../domain/billing/billing';
import { invoiceSchema } from '../billing/billing';

const userId = z.coerce
  .number({ error: 'userId must be a positive whole number' })
  .int('userId must be a positive whole number')
  .positive('userId must be a positive whole number')
  .max(2_147_483_647, 'userId must be a positive whole number');

/** Every action names its user: `/api/admin/users/{userId}/…`. */
export const adminUserIdInput = z.object({ userId });
export type AdminUserIdInput = z.infer<typeof adminUserIdInput>;

export const adminUsersListInput = z.object({
  /** Part of the e-mail, first or last name (any case). */
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, `search can be at most ${ADMIN_USER_SEARCH_MAX} characters`)
    .optional(),
  filter: z
    .enum(ADMIN_USER_FILTERS, { error: `filter must be one of ${ADMIN_USER_FILTERS.join(', ')}` })
    .default('all'),
  limit: z.coerce
    .number({ error: `limit must be from 1 to ${ADMIN_USERS_MAX_LIMIT}` })
    .int(`limit must be from 1 to ${ADMIN_USERS_MAX_LIMIT}`)
    .min(1, `limit must be from 1 to ${ADMIN_USERS_MAX_LIMIT}`)
    .max(ADMIN_USERS_MAX_LIMIT, `limit must be from 1 to ${ADMIN_USERS_MAX_LIMIT}`)
    .default(ADMIN_USERS_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a whole number from 0' })
    .int('offset must be a whole number from 0')
    .min(0, 'offset must be a whole number from 0')
    .max(1_000_000, 'offset must be at most 1000000')
    .default(0),
});
export type AdminUsersListInput = z.input<typeof adminUsersListInput>;

const subscriberStatus = z.enum(['active', 'free', 'past_due', 'cancelling', 'ended', 'none']);

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: subscriberStatus,
  hasAccess: z.boolean(),
  accessUntil: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** One access grant of a user, as the drawer shows it. */
export const userGrantSchema = z.object({
  id: z.number().int(),
  plan: z.object({ key: z.string(), name: z.string() }),
  /** subscription, pass, lifetime, free (a free plan), free_days (an administrator's) or test. */
  source: z.string(),
  /** The subscription's id for a subscription's grant. */
  sourceRef: z.string().nullable(),
  startsAt: z.string(),
  /** Null: no end. */
  endsAt: z.string().nullable(),
  /** Ended early (cancelled, taken back) or tidied at its end; null while it runs. */
  endedAt: z.string().nullable(),
  state: z.enum(GRANT_STATES),
  /** The rooms the grant gives (its plan's rooms now). */
  rooms: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type UserGrant = z.infer<typeof userGrantSchema>;

export const adminUserDetailSchema = z.object({
  account: adminUserRowSchema.extend({
    /** An address in ADMIN_EMAILS: an administrator the console cannot demote. */
    adminByConfig: z.boolean(),
    subscriptionStatus: z.string(),
    freeAccessUntil: z.string().nullable(),
    welcomeEmailSentAt: z.string().nullable(),
    emailNotificationsEnabled: z.boolean(),
    hasPassword: z.boolean(),
    activeSessions: z.number().int(),
  }),
  subscription: z
    .object({
      id: z.string(),
      provider: z.string(),
      plan: z.string().nullable(),
      status: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      cancelReason: z.string().nullable(),
      pastDueSince: z.string().nullable(),
      card: z.string().nullable(),
    })
    .nullable(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      createdAt: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
    }),
  ),
  /**
   * The invoices Stripe holds for a Stripe subscriber (newest first, at most 12), with their
   * hosted pages; empty for anyone else. `providerInvoicesUnavailable`: Stripe could not be read.
   */
  providerInvoices: z.array(invoiceSchema),
  providerInvoicesUnavailable: z.boolean(),
  pendingPayments: z.array(
    z.object({
      id: z.number().int(),
      plan: z.string(),
      provider: z.string().nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      expiresAt: z.string().nullable(),
    }),
  ),
  logins: z.array(
    z.object({
      at: z.string(),
      address: z.string(),
      method: z.string(),
      device: z.string(),
      browser: z.string(),
      userAgent: z.string(),
    }),
  ),
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      channel: z.string(),
      event: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      error: z.string().nullable(),
      sentAt: z.string().nullable(),
    }),
  ),
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), authorEmail: z.string(), createdAt: z.string() })),
  /**
   * The user's access grants: current and upcoming ones first (by start), then ended ones, newest
   * end first, at most USER_PAST_GRANTS_SHOWN (20).
   */
  grants: z.array(userGrantSchema),
  /** Ended grants older than those listed. */
  olderGrants: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const grantDaysInput = adminUserIdInput.extend({
  days: z.coerce
    .number({ error: `days must be a whole number from ${GRANT_DAYS_MIN} to ${GRANT_DAYS_MAX}` })
    .int(`days must be a whole number from ${GRANT_DAYS_MIN} to ${GRANT_DAYS_MAX}`)
    .min(GRANT_DAYS_MIN, `days must be a whole number from ${GRANT_DAYS_MIN} to ${GRANT_DAYS_MAX}`)
    .max(GRANT_DAYS_MAX, `days must be a whole number from ${GRANT_DAYS_MIN} to ${GRANT_DAYS_MAX}`),
  /** The plan whose rooms the free days open (its key; default: the default plan). */
  plan: z.string({ error: 'plan must be a plan key' }).trim().min(1, 'plan must be a plan key').max(40).optional(),
});
export type GrantDaysInput = z.infer<typeof grantDaysInput>;

export const adminCancelInput = adminUserIdInput.extend({
  reason: z
    .string({ error: 'Give a reason for the cancellation' })
    .trim()
    .min(1, 'Give a reason for the cancellation')
    .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`),
});
export type AdminCancelInput = z.infer<typeof adminCancelInput>;

export const setAdminInput = adminUserIdInput.extend({
  admin: z.boolean({ error: 'admin must be true or false' }),
});
export type SetAdminInput = z.infer<typeof setAdminInput>;

export const addNoteInput = adminUserIdInput.extend({
  body: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(ADMIN_NOTE_MAX, `A note can be at most ${ADMIN_NOTE_MAX} characters`),
});
export type AddNoteInput = z.infer<typeof addNoteInput>;

/** What every action answers: a sentence for the console, and the user's detail as it now stands. */
export const adminUserActionOutput = z.object({ message: z.string(), detail: adminUserDetailSchema });
export type AdminUserActionOutput = z.infer<typeof adminUserActionOutput>;
