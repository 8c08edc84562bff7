/** Background jobs on the same database (pg-boss). */
export interface Jobs {
  send(name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
}
