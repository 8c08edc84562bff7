/** A job to queue: its queue's name, its data and when it may start. */
export interface JobToSend {
  name: string;
  data: object;
  startAfter?: Date;
  singletonKey?: string;
}

/** Background jobs on the same database (pg-boss). */
export interface Jobs {
  send(name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
  /**
   * Queues many jobs in one statement (the outbox relay's batches). Optional: a port without it is
   * sent one job at a time.
   */
  sendMany?(jobs: readonly JobToSend[]): Promise<void>;
}
