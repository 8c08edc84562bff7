import { z } from 'zod';
import { COMMUNITY_PLATFORMS } from '../domain/community';

// Paid community access (issue 27): the profile's community block and the console's COMMUNITY section.

/** Why a signed-in user has no community access here, or null when they have it. */
export const communityBlockedSchema = z.enum(['not_configured', 'no_subscription', 'not_linked']).nullable();

export const communityStatusSchema = z.object({
  telegram: z.object({
    /** The paid chat is configured here (TELEGRAM_PAID_CHAT_ID and the bot). */
    configured: z.boolean(),
    /** Why no invite link can be had, or null. */
    blocked: communityBlockedSchema,
    /** In the chat, as the bot last saw it. */
    member: z.boolean(),
    /** The newest unused personal link, when one is open. */
    invite: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
  }),
  discord: z.object({
    configured: z.boolean(),
    blocked: communityBlockedSchema,
    /** The linked Discord account, or null. */
    account: z.object({ username: z.string(), linkedAt: z.string() }).nullable(),
    /** Holds the subscriber role, as the product last granted or saw it. */
    roleGranted: z.boolean(),
  }),
});
export type CommunityStatus = z.infer<typeof communityStatusSchema>;

export const telegramInviteSchema = z.object({
  /** `https://t.me/+…`: works once, until `expiresAt`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type TelegramInvite = z.infer<typeof telegramInviteSchema>;

export const discordAuthorizeSchema = z.object({
  /** Discord's authorisation page (scopes identify and guilds.join) with a single-use state. */
  url: z.string(),
});

const platform = z.enum(COMMUNITY_PLATFORMS);

export const communityTaskSchema = z.object({
  id: z.number().int(),
  platform,
  action: z.string(),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  externalId: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'done', 'failed', 'skipped']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type CommunityTask = z.infer<typeof communityTaskSchema>;

export const communityDifferenceSchema = z.object({
  externalId: z.string(),
  userId: z.number().int().nullable(),
  issue: z.enum(['member_without_access', 'left', 'role_without_access', 'role_missing', 'not_in_server']),
  action: z.enum(['removed', 'recorded', 'granted', 'none']),
});

export const communitySyncSchema = z.object({
  at: z.string(),
  members: z.number().int(),
  entitled: z.number().int(),
  differences: z.array(communityDifferenceSchema),
  error: z.string().nullable(),
});

const platformOverview = z.object({
  configured: z.boolean(),
  /** The paid chat's id, or the Discord role's id. */
  target: z.string().nullable(),
  /** Members (Telegram: in the chat as recorded; Discord: holding the role as recorded). */
  members: z.number().int(),
  /** Active subscribers (and administrators) linked on this platform. */
  linkedSubscribers: z.number().int(),
  lastSync: communitySyncSchema.nullable(),
  alerts: z.array(z.object({ kind: z.string(), message: z.string(), since: z.string() })),
});

export const communityOverviewSchema = z.object({
  activeSubscribers: z.number().int(),
  telegram: platformOverview,
  discord: platformOverview,
  /** Tasks pending or failed, and the latest done, newest first. */
  tasks: z.array(communityTaskSchema),
});
export type CommunityOverview = z.infer<typeof communityOverviewSchema>;

export const communitySyncResultSchema = z.object({
  telegram: communitySyncSchema.nullable(),
  discord: communitySyncSchema.nullable(),
});

export const communityUserInputSchema = z.object({
  userId: z.coerce
    .number({ message: 'userId must be a number' })
    .int('userId must be a whole number')
    .positive('userId must be positive'),
});
export const communityUserTasksSchema = z.object({ tasks: z.array(communityTaskSchema) });
