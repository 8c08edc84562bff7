import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { TerminalTable, type TerminalTableProps } from '../../components/TerminalTable';

export type { TerminalColumn as ConsoleColumn } from '../../components/TerminalTable';

export interface ConsoleTableProps<T> extends Omit<TerminalTableProps<T>, 'rows' | 'label'> {
  /** Names the table's scroll box for screen readers ("Users table"); the loading text reads it too. */
  label: string;
  /** Undefined while nothing has arrived yet. */
  rows: readonly T[] | undefined;
  /** The first load: skeleton rows in the table's place. */
  loading?: boolean;
  /** How many skeleton rows while loading. */
  loadingRows?: number;
  /** A failed load: the error text and a retry, in the table's place. */
  error?: { text: string; onRetry?: () => void; retrying?: boolean } | null;
  /** No rows: the empty state's text (and hint), or a node of the screen's own. */
  empty?: { text: string; hint?: ReactNode } | ReactNode;
}

const isEmptyText = (empty: ConsoleTableProps<unknown>['empty']): empty is { text: string; hint?: ReactNode } =>
  typeof empty === 'object' && empty !== null && 'text' in empty && typeof empty.text === 'string';

/**
 * The console's table, with the four states of DESIGN.md: loading (skeleton), error (text and
 * retry), empty, and the rows. Columns are data (`ConsoleColumn`); the table scrolls sideways inside
 * its own box on phones; rows may open something on click, Enter or Space.
 */
export function ConsoleTable<T>({
  rows,
  loading,
  loadingRows = 4,
  error,
  empty,
  label,
  ...table
}: ConsoleTableProps<T>) {
  if (loading && !rows) return <LoadingSkeleton count={loadingRows} label={`Loading ${label.toLowerCase()}`} />;
  if (error) return <ErrorPanel text={error.text} onRetry={error.onRetry} retrying={error.retrying} />;
  if (!rows) return null;
  if (rows.length === 0 && empty !== undefined)
    return isEmptyText(empty) ? <EmptyState text={empty.text} hint={empty.hint} /> : <>{empty}</>;
  return <TerminalTable {...table} rows={rows} label={label} />;
}
