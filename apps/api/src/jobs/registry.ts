import { billingNoticeJob } from './billing-notice.job';
import { billingSweepJob } from './billing-sweep.job';
import { communitySyncJob, communityTasksJob } from './community.job';
import { deliverJob } from './deliver.job';
import { deliverNotificationsJob } from './deliver-notifications.job';
import { deliveryFanoutJob } from './delivery-fanout.job';
import { deliveryRecoveryJob } from './delivery-recovery.job';
import { outboxRelayJob } from './outbox-relay.job';
import { passwordResetMailJob } from './password-reset-mail.job';
import { priceWatchJob } from './price-watch.job';
import { pruneAuthAttemptsJob } from './prune-auth-attempts.job';
import { pruneEventsJob } from './prune-events.job';
import { pruneRecordsJob } from './prune-records.job';
import { pruneSessionsJob } from './prune-sessions.job';
import { recordCheckpointJob } from './record-checkpoint.job';
import { recordCheckpointCopiesJob } from './record-checkpoint-copies.job';
import { scheduledBackupJob } from './scheduled-backup.job';
import { signalEmailsJob } from './signal-emails.job';
import { tokensRevokedEmailJob } from './tokens-revoked-email.job';
import { welcomeEmailJob } from './welcome-email.job';
import { winBackOfferJob } from './win-back-offer.job';
import type { JobDefinition } from './types';

/** Every background job the product runs. Add a line per job. */
export const jobDefinitions: JobDefinition[] = [
  pruneSessionsJob,
  pruneAuthAttemptsJob,
  pruneEventsJob,
  pruneRecordsJob,
  deliverNotificationsJob,
  priceWatchJob,
  signalEmailsJob,
  welcomeEmailJob,
  tokensRevokedEmailJob,
  passwordResetMailJob,
  billingSweepJob,
  billingNoticeJob,
  winBackOfferJob,
  deliveryFanoutJob,
  deliverJob,
  deliveryRecoveryJob,
  outboxRelayJob,
  recordCheckpointJob,
  recordCheckpointCopiesJob,
  communityTasksJob,
  communitySyncJob,
  scheduledBackupJob,
];
