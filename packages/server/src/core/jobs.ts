// Names of the background jobs that procedures queue through the Jobs port (handlers live in apps/api/src/jobs).

export const JOB_NAMES = {
  /** E-mails a new signal to subscribers: `{ signalId }`. */
  signalEmails: 'signal-emails',
  /** Delivers scheduled notifications that are due: `{ notificationId? }`. */
  deliverNotifications: 'deliver-notifications',
  /** Records live prices on open signals and marks T0 hits. */
  priceWatch: 'price-watch',
  /** Deletes expired sessions. */
  pruneSessions: 'prune-sessions',
  /** Forgets sign-in attempts older than the limits' window. */
  pruneAuthAttempts: 'prune-auth-attempts',
  /** Deletes live events older than the resume window. */
  pruneEvents: 'prune-events',
  /** Deletes e-mail log entries and finished deliveries past their retention window. */
  pruneRecords: 'prune-records',
  /** Ends access after the past-due grace period, and local test-mode subscriptions cancelled at their period's end. */
  billingSweep: 'billing-sweep',
  /** Makes a win-back offer's coupon and promotion code in Stripe, then records the code and queues its message: `WinBackOfferData`. */
  winBackOffer: 'win-back-offer',
  /** Tells one subscriber of a failed payment, a reminder before access ends, or a win-back offer: `BillingNoticeData`. */
  billingNotice: 'billing-notice',
  /** Routes signal events or a broadcast to each subscriber's channels: `{ signalId, eventIds } | { notificationId }`. */
  deliveryFanout: 'delivery-fanout',
  /** Sends one delivery to its channel: `{ deliveryId }`. */
  deliver: 'deliver',
  /** Queues the jobs committed changes wrote into the outbox and not yet relayed (every few seconds). */
  outboxRelay: 'outbox-relay',
  /** Queues again deliveries left `sending` by a process that stopped mid-send. */
  deliveryRecovery: 'delivery-recovery',
  /** Signs a checkpoint of the signal event chain (hourly; closes sign their own). */
  recordCheckpoint: 'record-checkpoint',
  /** Sends the day's signed checkpoint to the desk's Telegram channel and Discord webhook. */
  recordCheckpointCopies: 'record-checkpoint-copies',
  /** E-mails a reset link when the address has an account (queued for every forgotten-password request): `{ email }`. */
  passwordResetMail: 'password-reset-mail',
  /** Runs the queued paid-community actions (Telegram chat members and invite links, the Discord role). */
  communityTasks: 'community-tasks',
  /** Reconciles the paid chat's members and the Discord role against subscriptions (daily). */
  communitySync: 'community-sync',
  /** Puts an encrypted backup in the S3 storage when the newest is BACKUP_EVERY_HOURS old (hourly look). */
  scheduledBackup: 'scheduled-backup',
} as const;
