/** Closed trades shown a page at a time: the record grows with every signal, the page does not. */
export const TRADES_PER_PAGE = 20;

/**
 * One page of the closed trades, newest first (the record lists them oldest first). A page past
 * the last (the record shrank under a deleted signal) shows the last.
 */
export function tradePage<T>(trades: readonly T[], page: number, perPage = TRADES_PER_PAGE) {
  const pages = Math.max(1, Math.ceil(trades.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const first = (current - 1) * perPage;
  const rows = [...trades].reverse().slice(first, first + perPage);
  return { rows, pages, current, first };
}
