import { z } from 'zod';
import { INSTRUMENTS } from '../../domain/common/constants';
import {
  ANALYST_RULE_CHANNELS,
  ANALYST_RULES,
  DELIVERY_CHANNELS,
  DELIVERY_EVENTS,
  isTimeOfDay,
} from '../../domain/delivery/delivery';
import { isHttpUrl } from '../common/urls';

// Delivery preferences, webhook endpoints and delivery records.

const flag = (path: string) => z.boolean({ error: `${path} must be true or false` });

const channelRow = (event: string) =>
  z.object(
    Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, flag(`channels.${event}.${c}`)])) as Record<
      (typeof DELIVERY_CHANNELS)[number],
      z.ZodBoolean
    >,
  );

export const channelMatrixSchema = z.object(
  Object.fromEntries(DELIVERY_EVENTS.map((e) => [e, channelRow(e)])) as Record<
    (typeof DELIVERY_EVENTS)[number],
    ReturnType<typeof channelRow>
  >,
);

const timeOfDay = (name: string) =>
  z
    .string({ error: `${name} must be a time such as 22:00` })
    .refine(isTimeOfDay, { error: `${name} must be a time of day as HH:MM (00:00 to 23:59)` });

export const quietHoursSchema = z.object({
  start: timeOfDay('quietHours.start'),
  end: timeOfDay('quietHours.end'),
  urgentStillComes: flag('quietHours.urgentStillComes'),
});

const webhookUrl = (name: string) =>
  z
    .string({ error: `${name} must be an address` })
    .trim()
    .max(2000, `${name} must be at most 2000 characters`)
    .refine(isHttpUrl, { error: `${name} must be an https:// address` });

/** One analyst followed or muted on one channel (the analyst by slug). */
export const analystRuleSchema = z.object({
  channel: z.enum(ANALYST_RULE_CHANNELS, {
    error: `analysts.channel must be one of ${ANALYST_RULE_CHANNELS.join(', ')}`,
  }),
  analyst: z
    .string({ error: 'analysts.analyst must be an analyst slug' })
    .trim()
    .min(1, 'analysts.analyst is required'),
  rule: z.enum(ANALYST_RULES, { error: `analysts.rule must be ${ANALYST_RULES.join(' or ')}` }),
});
export type AnalystRuleInput = z.infer<typeof analystRuleSchema>;

export const ANALYST_RULES_MAX = 200;

export const deliveryPreferencesInput = z.object({
  channels: channelMatrixSchema,
  instruments: z
    .array(z.enum(INSTRUMENTS, { error: `instruments must be among ${INSTRUMENTS.join(', ')}` }))
    .max(INSTRUMENTS.length),
  quietHours: quietHoursSchema.nullable(),
  /** A Discord webhook address (https://discord.com/api/webhooks/…), or null for none. */
  discordWebhookUrl: webhookUrl('discordWebhookUrl').nullable(),
  /**
   * Analysts followed or muted per channel; absent: unchanged. On a channel, a muted analyst's
   * signals are not delivered; with any analyst followed there, only the followed analysts' are.
   */
  analysts: z
    .array(analystRuleSchema, { error: 'analysts must be a list of rules' })
    .max(ANALYST_RULES_MAX, `analysts must be at most ${ANALYST_RULES_MAX} rules`)
    .optional(),
});
export type DeliveryPreferencesInput = z.infer<typeof deliveryPreferencesInput>;

export const CHANNEL_STATES = ['ready', 'not_configured'] as const;
export const deliveryPreferencesOutput = deliveryPreferencesInput.extend({
  analysts: z.array(analystRuleSchema),
  /** Per channel: `ready`, or `not_configured` on this server (shown, never sent to). */
  channelStates: z.object(
    Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, z.enum(CHANNEL_STATES)])) as Record<
      (typeof DELIVERY_CHANNELS)[number],
      z.ZodEnum<{ ready: 'ready'; not_configured: 'not_configured' }>
    >,
  ),
});
export type DeliveryPreferences = z.infer<typeof deliveryPreferencesOutput>;

export const WEBHOOK_ENDPOINTS_MAX = 5;

export const webhookEndpointCreate = z.object({
  url: webhookUrl('url'),
  description: z.string().trim().max(100, 'description must be at most 100 characters').optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Answered once, at creation: the signing secret is never shown again. */
export const webhookEndpointCreated = webhookEndpointSchema.extend({ secret: z.string() });

export const DELIVERY_STATUSES = ['queued', 'held', 'sent', 'failed', 'skipped'] as const;

export const deliverySchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  endpointId: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const channelStatsSchema = z.object({
  channel: z.string(),
  configured: z.boolean(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Age of the oldest delivery not yet sent nor given up (queued, held, sending), ms; null when none. */
  oldestPendingMs: z.number().nullable(),
  medianLatencyMs: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** The desk's own destination on this channel (settings), shown without its secret part; null when none. */
  desk: z.string().nullable(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;
