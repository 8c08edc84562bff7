import { createInnerContext } from '@t0/server';
import { appSettings } from '../deps';
import type { JobDeps } from './types';

/** The server's context for a job's work: the job's database, ports and log, the app's settings. */
export const jobContext = (deps: JobDeps) =>
  createInnerContext({ db: deps.db.db, ports: deps.ports, settings: appSettings(deps.config), log: deps.log });
