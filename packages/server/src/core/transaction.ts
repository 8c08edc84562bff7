import type { Database } from '@t0/db';
import type { Kysely, Transaction } from 'kysely';
import { currentMutation } from './mutation-scope';

/**
 * Runs `fn` in a database transaction: the one `db` already is, or a new one. Every procedure
 * writes through this, so what an administrator's mutation causes beyond its own rows (its audit
 * entry, the `content.changed` event) is written in the same transaction as the change, just
 * before it commits (see audit/scope.ts); outside a mutation it is a plain transaction.
 */
export async function transact<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  const scope = currentMutation();
  if (!scope) return db.transaction().execute(fn);
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const answer = await fn(trx);
      await scope.commitWith(trx, answer);
      return answer;
    });
  } catch (err) {
    scope.settle(false);
    throw err;
  }
  scope.settle(true);
  return result;
}
