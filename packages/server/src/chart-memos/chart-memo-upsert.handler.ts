import type { ChartMemoUpsert } from '@t0/contracts/schemas/chart-memos/chart-memos';
import type { Context } from '../core/context';
import { findChartMemo, isImageReferenced, upsertChartMemo } from './chart-memos.queries';
import { transact } from '../core/transaction';

const IMAGE_PREFIX = '/objects/images/';

/**
 * Saves the memo; uploaded images the update removed from it are deleted from storage once no memo
 * refers to them any more. A storage failure is logged and never undoes the save.
 */
export async function upsertChartMemoHandler(
  ctx: Pick<Context, 'db' | 'ports' | 'log'>,
  input: ChartMemoUpsert,
  userId: number,
) {
  const before = input.memoImageUrls === undefined ? undefined : await findChartMemo(ctx.db, input.instrument);
  const row = await transact(ctx.db, (trx) => upsertChartMemo(trx, input, userId));
  const removed = (before?.memoImageUrls ?? []).filter(
    (url) => url.startsWith(IMAGE_PREFIX) && !row.memoImageUrls.includes(url),
  );
  for (const url of removed) {
    if (await isImageReferenced(ctx.db, url)) continue;
    try {
      await ctx.ports.storage.delete(url.slice('/objects/'.length));
    } catch (err) {
      ctx.log.warn({ err, url }, 'memo image not removed');
    }
  }
  return row;
}
