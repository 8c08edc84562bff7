import { z } from 'zod';
import { SLUG_PATTERN } from '../../domain/plans/plans';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '../../domain/common/constants';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../../domain/notifications/notifications';
import { idParam } from '../common/common';

// The console's broadcast rules and messages; the per-user item of `GET /api/user/notifications`.

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(NOTIFICATION_TITLE_MAX, `Title must be less than ${NOTIFICATION_TITLE_MAX} characters`);
const message = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(NOTIFICATION_MESSAGE_MAX, `Message must be less than ${NOTIFICATION_MESSAGE_MAX} characters`);
const type = z.enum(NOTIFICATION_TYPES, { error: `Type must be one of ${NOTIFICATION_TYPES.join(', ')}` });
const priority = z.enum(NOTIFICATION_PRIORITIES, {
  error: `Priority must be one of ${NOTIFICATION_PRIORITIES.join(', ')}`,
});
const isGlobal = z.boolean({ error: 'isGlobal must be true or false' });

/** An ISO date-time; empty text or null means "now". */
const scheduledFor = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return undefined;
    const at = new Date(v);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Scheduled time must be a valid date and time' });
      return z.NEVER;
    }
    return at.toISOString();
  });

export const notificationCreateInput = z.object({
  title,
  message,
  type: type.default('info'),
  priority: priority.default('normal'),
  isGlobal: isGlobal.default(true),
  scheduledFor,
  /** For the holders of one room only (its slug); absent or null: for everyone it would reach. */
  room: z
    .string({ error: 'room must be the slug of a room' })
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, 'room must be the slug of a room')
    .nullish(),
});
export type NotificationCreateInput = z.input<typeof notificationCreateInput>;
export type NotificationCreate = z.output<typeof notificationCreateInput>;

export const notificationUpdateInput = idParam.extend({
  title: title.optional(),
  message: message.optional(),
  type: type.optional(),
  priority: priority.optional(),
  isGlobal: isGlobal.optional(),
  /** Reschedules a notification that has not been delivered yet. */
  scheduledFor,
});
export type NotificationUpdateInput = z.input<typeof notificationUpdateInput>;
export type NotificationUpdate = z.output<typeof notificationUpdateInput>;

/** A notification as the console sees it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  priority: z.string(),
  isGlobal: z.boolean(),
  /** When a scheduled notification is (or was) due; null when sent at once. */
  scheduledFor: z.string().nullable(),
  /** When it reached its recipients; null while it waits for its scheduled time. */
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const notificationStatsSchema = z.object({
  /** Every notification, delivered or scheduled. */
  total: z.number().int(),
  delivered: z.number().int(),
  scheduled: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
  byPriority: z.record(z.string(), z.number().int()),
  /** Per-user deliveries and how many of them are unread. */
  deliveries: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
  /** Users with an active subscription. */
  activeSubscribers: z.number().int(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** One notification as a user received it (an item of `GET /api/user/notifications`). */
export const userNotificationSchema = z.object({
  id: z.number().int(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  notification: z.object({
    id: z.number().int(),
    type: z.string(),
    priority: z.string(),
    title: z.string(),
    message: z.string(),
    createdAt: z.string(),
    /**
     * Present (true) when the notice is about an open signal of a room the viewer does not hold now:
     * its title and message are then a placeholder, shown in full once the signal finishes.
     */
    locked: z.boolean().optional(),
  }),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;
export const userNotificationListSchema = z.array(userNotificationSchema);

export const unreadCountSchema = z.object({ count: z.number().int() });
export const markAllReadSchema = z.object({ success: z.literal(true), count: z.number().int() });
