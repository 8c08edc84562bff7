import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '@t0/db';
import type { Kysely, Transaction } from 'kysely';

/** Written in a mutation's transaction, before it commits; `result` is what the transaction answered. */
export type InTransactionWrite = (trx: Transaction<Database>, result: unknown) => Promise<void>;

/**
 * One administrator mutation in progress: the writes that must commit with its change (its audit
 * entry, a content event). The first transaction the mutation opens through `transact` carries
 * them; a mutation that opens none has them written in one transaction of their own when it ends
 * (it changed no rows of ours, e.g. a job queued or an e-mail sent).
 */
export class MutationScope {
  private readonly writes: InTransactionWrite[] = [];
  /** The writes are in a transaction not yet committed. */
  private carried = false;
  private done = false;

  /** Adds a write to the mutation's transaction (in the order added). */
  add(write: InTransactionWrite): void {
    this.writes.push(write);
  }

  /**
   * Writes them in this transaction, unless another carries them or they are committed (a second
   * transaction of the same mutation carries none).
   */
  async commitWith(trx: Transaction<Database>, result: unknown): Promise<void> {
    if (this.done || this.carried) return;
    this.carried = true;
    for (const write of this.writes) await write(trx, result);
  }

  /** The transaction that carried the writes ended: committed, or rolled back (a retry carries them again). */
  settle(committed: boolean): void {
    if (!this.carried) return;
    this.carried = false;
    if (committed) this.done = true;
  }

  /** The mutation is over: a transaction opened later (work it left running) carries nothing. */
  close(): void {
    this.done = true;
  }

  /** The mutation ended without a transaction of its own: the writes, in one transaction. */
  async commitAlone(db: Kysely<Database>): Promise<void> {
    if (this.done) return;
    await transactWrites(db, this);
  }
}

async function transactWrites(db: Kysely<Database>, scope: MutationScope): Promise<void> {
  try {
    await db.transaction().execute((trx) => scope.commitWith(trx, undefined));
  } catch (err) {
    scope.settle(false);
    throw err;
  }
  scope.settle(true);
}

const storage = new AsyncLocalStorage<MutationScope>();

/** Runs one mutation with its scope (what runs inside sees it through `currentMutation`). */
export const runInMutation = <T>(scope: MutationScope, run: () => Promise<T>): Promise<T> => storage.run(scope, run);

/** The administrator mutation this code runs in, if any. */
export const currentMutation = (): MutationScope | undefined => storage.getStore();
