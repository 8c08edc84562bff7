// Notification enumerations (types, priorities) and the console's form defaults, shared by the server and
// the web app.

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error', 'signal', 'alert', 'announcement'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'medium', 'high', 'critical'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The console's broadcast create-form defaults. */
export const NOTIFICATION_FORM_DEFAULTS = {
  type: 'info' as NotificationType,
  priority: 'normal' as NotificationPriority,
  isGlobal: true,
};
