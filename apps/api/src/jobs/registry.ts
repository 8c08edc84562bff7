import { deliverNotificationsJob } from './deliver-notifications';
import { priceWatchJob } from './price-watch';
import { pruneSessionsJob } from './prune-sessions';
import { signalEmailsJob } from './signal-emails';
import { welcomeEmailJob } from './welcome-email';
import type { JobDefinition } from './types';

/** Every background job the product runs. Add a line per job. */
export const jobDefinitions: JobDefinition[] = [
  pruneSessionsJob,
  deliverNotificationsJob,
  priceWatchJob,
  signalEmailsJob,
  welcomeEmailJob,
];
