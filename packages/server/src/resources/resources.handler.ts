import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { deleteResource, isFileReferenced } from './resources.queries';
import { transact } from '../core/transaction';

const OBJECT_PREFIX = '/objects/';

/**
 * Deletes the record; its uploaded file goes too once no other record points at it. A storage
 * failure is logged, never undoes the deletion.
 */
export async function deleteResourceHandler(ctx: Pick<Context, 'db' | 'ports' | 'log'>, id: number): Promise<true> {
  // Refused inside the transaction: nothing deleted, nothing committed (no audit entry either).
  const row = await transact(
    ctx.db,
    async (trx) => (await deleteResource(trx, id)) ?? Promise.reject(notFound('Resource')),
  );
  if (row.fileUrl.startsWith(OBJECT_PREFIX) && !(await isFileReferenced(ctx.db, row.fileUrl))) {
    try {
      await ctx.ports.storage.delete(row.fileUrl.slice(OBJECT_PREFIX.length));
    } catch (err) {
      ctx.log.warn({ err, fileUrl: row.fileUrl }, 'resource file not removed');
    }
  }
  return true;
}
