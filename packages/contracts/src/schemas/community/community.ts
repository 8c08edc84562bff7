import { z } from 'zod';
import { COMMUNITY_PLATFORMS } from '../../domain/community/community';

// Paid community access, per room (docs/features/community.md): the profile's community block and the
// console's COMMUNITY section.

/**
 * Why a signed-in user has no community access here, or null when they have it: `not_configured`
 * (no room has a chat or role on this server), `no_subscription` (no room the user holds has one),
 * `not_linked`.
 */
export const communityBlockedSchema = z.enum(['not_configured', 'no_subscription', 'not_linked']).nullable();

const inviteSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** The rooms a chat or role serves (a chat may serve several), and how to name it: their names. */
const servedRooms = {
  /** The slugs of the rooms it serves, in the desk's order. */
  rooms: z.array(z.string()),
  /** Their names, joined with " · ". */
  name: z.string(),
};

export const communityStatusSchema = z.object({
  telegram: z.object({
    /** The paid chat is configured here (TELEGRAM_PAID_CHAT_ID and the bot). */
    configured: z.boolean(),
    /** Why no invite link can be had, or null. */
    blocked: communityBlockedSchema,
    /** In the chat of every room held that has one, as the bot last saw it. */
    member: z.boolean(),
    /** The newest unused personal link to the first of those chats the user is not in, when one is open. */
    invite: inviteSchema.nullable(),
    /** The chat of each room held (one per chat), with whether the user is in it and their open link. */
    chats: z.array(z.object({ ...servedRooms, member: z.boolean(), invite: inviteSchema.nullable() })),
  }),
  discord: z.object({
    configured: z.boolean(),
    blocked: communityBlockedSchema,
    /** The linked Discord account, or null. */
    account: z.object({ username: z.string(), linkedAt: z.string() }).nullable(),
    /** Holds the role of every room held that has one, as the product last granted or saw it. */
    roleGranted: z.boolean(),
    /** The role of each room held (one per role), with whether the linked account holds it. */
    roles: z.array(z.object({ ...servedRooms, granted: z.boolean() })),
  }),
});
export type CommunityStatus = z.infer<typeof communityStatusSchema>;

export const telegramInviteSchema = z.object({
  /** `https://t.me/+…`: works once, until `expiresAt` (the first of `invites`). */
  url: z.string(),
  expiresAt: z.string(),
  /** One personal link per chat of the rooms held, named by its rooms. */
  invites: z.array(z.object({ ...servedRooms, url: z.string(), expiresAt: z.string() })),
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
  /** The chat or role it acts on. */
  target: z.string(),
  /** The names of the rooms that chat or role serves now, or null when it serves none. */
  room: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'done', 'failed', 'skipped']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type CommunityTask = z.infer<typeof communityTaskSchema>;

export const communityDifferenceSchema = z.object({
  /** The chat or role it was found in (absent in reconciliations from before rooms had their own). */
  target: z.string().optional(),
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

const alertSchema = z.object({
  /** The chat or role it is about. */
  target: z.string(),
  kind: z.string(),
  message: z.string(),
  since: z.string(),
});

const targetOverview = z.object({
  /** The chat's id, or the role's id. */
  target: z.string(),
  ...servedRooms,
  /** In the chat, or holding the role, as recorded. */
  members: z.number().int(),
  /** Users holding one of its rooms now, and administrators. */
  entitled: z.number().int(),
  /** Of those, the accounts linked on this platform. */
  linkedSubscribers: z.number().int(),
  alerts: z.array(alertSchema),
});

const platformOverview = z.object({
  /** The bot is set up and at least one room has a chat (a role). */
  configured: z.boolean(),
  /** The default room's chat or role (its own, or the setting's), or null. */
  target: z.string().nullable(),
  /** Members over every chat (role), as recorded. */
  members: z.number().int(),
  /** Accounts linked on this platform entitled to at least one chat (role). */
  linkedSubscribers: z.number().int(),
  lastSync: communitySyncSchema.nullable(),
  /** Every alert, of every chat (role). */
  alerts: z.array(alertSchema),
  /** Each chat (role) with the rooms it serves, in the desk's order of rooms. */
  targets: z.array(targetOverview),
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
