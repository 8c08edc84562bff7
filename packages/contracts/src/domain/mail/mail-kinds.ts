// What each e-mail the product sends is: every send names its kind, and the e-mail log counts by it.

export const MAIL_KINDS = [
  'welcome',
  'password_reset',
  'signal',
  'signal_update',
  'new_device',
  'endpoint_disabled',
  'tokens_revoked',
  'second_factor_locked',
  'trial_ending',
  'admin_email',
  'price_alert',
  'desk_message',
  'payment_failed',
  'payment_reminder',
  'win_back',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** On-screen names (the console's EMAILS tab). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  welcome: 'WELCOME',
  password_reset: 'PASSWORD RESET',
  signal: 'NEW SIGNAL',
  signal_update: 'SIGNAL UPDATE',
  new_device: 'ADMIN NEW DEVICE',
  endpoint_disabled: 'WEBHOOK DISABLED',
  tokens_revoked: 'API TOKENS REVOKED',
  second_factor_locked: 'ADMIN 2FA LOCKED',
  trial_ending: 'TRIAL ENDING',
  admin_email: 'ADMIN ADDRESS PROOF',
  price_alert: 'PRICE ALERT',
  desk_message: 'DESK REPLY',
  payment_failed: 'PAYMENT FAILED',
  payment_reminder: 'PAYMENT REMINDER',
  win_back: 'WIN-BACK OFFER',
};

/** What each kind is, in one line (the tab's hint). */
export const MAIL_KIND_HINTS: Record<MailKind, string> = {
  welcome: 'after a first activation (set-password link or welcome back)',
  password_reset: 'forgot-password links',
  signal: 'a published signal, to each subscriber with e-mail on',
  signal_update: 'a signal activated, hit a target, moved its stop or closed',
  new_device: 'an administrator signed in from a new device',
  endpoint_disabled: "a subscriber's webhook endpoint was switched off",
  tokens_revoked: "a password reset or change, or sign-out-everywhere, revoked the owner's API tokens",
  second_factor_locked: "an administrator's code step was locked after ten wrong codes",
  trial_ending: 'three days before a free trial ends (once per trial)',
  admin_email: 'the link that proves an ADMIN_EMAILS address before it grants administrator rights',
  price_alert: "a subscriber's own price alert fired (MY PRICE ALERTS, e-mail column)",
  desk_message: 'a notice that the desk replied in a subscriber’s thread (MESSAGES FROM THE DESK)',
  payment_failed: 'a renewal payment failed: the link that fixes it (when the product sends dunning e-mails)',
  payment_reminder: 'a failed payment still due, 3 days and 1 day before access ends',
  win_back: 'a discount code some days after a subscription ended (when win-back is on)',
};

/** The statuses an e-mail log row can have. */
export const MAIL_LOG_STATUSES = ['sent', 'failed'] as const;
export type MailLogStatus = (typeof MAIL_LOG_STATUSES)[number];

/** How many of the newest failures the EMAILS tab lists. */
export const MAIL_FAILURES_SHOWN = 10;
