import { billingSweepJob } from './billing-sweep';
import { communitySyncJob, communityTasksJob } from './community';
import { deliverJob } from './deliver';
import { deliverNotificationsJob } from './deliver-notifications';
import { deliveryFanoutJob } from './delivery-fanout';
import { deliveryRecoveryJob } from './delivery-recovery';
import { outboxRelayJob } from './outbox-relay';
import { priceWatchJob } from './price-watch';
import { pruneAuthAttemptsJob } from './prune-auth-attempts';
import { pruneEventsJob } from './prune-events';
import { pruneRecordsJob } from './prune-records';
import { pruneSessionsJob } from './prune-sessions';
import { recordCheckpointJob } from './record-checkpoint';
import { recordCheckpointCopiesJob } from './record-checkpoint-copies';
import { signalEmailsJob } from './signal-emails';
import { tokensRevokedEmailJob } from './tokens-revoked-email';
import { welcomeEmailJob } from './welcome-email';
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
  billingSweepJob,
  deliveryFanoutJob,
  deliverJob,
  deliveryRecoveryJob,
  outboxRelayJob,
  recordCheckpointJob,
  recordCheckpointCopiesJob,
  communityTasksJob,
  communitySyncJob,
];
