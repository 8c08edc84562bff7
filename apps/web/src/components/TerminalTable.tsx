import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './TerminalTable.module.css';

export interface TerminalColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  align?: 'left' | 'right' | 'center';
  /** Hides the column below this breakpoint (phones keep the essential columns). */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
  /** Lets the cell's text wrap (long text, code); cells stay on one line otherwise. */
  wrap?: boolean;
  /** The header is read by screen readers only (a column of buttons). */
  hideHeader?: boolean;
  /** Stays at the table's right edge while a wide table scrolls sideways (a row's actions). */
  stickyRight?: boolean;
}

/** A column kept at the right edge, over the scrolled cells (the row's own background shows under it). */
const STICKY_RIGHT = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
} as const;

/** Attributes of a row's `<tr>`: its test id, a `data-` fact about it, a tooltip (`title`). */
export type RowAttributes = { [key: `data-${string}`]: string | undefined; title?: string };

type SortState = { key: string; dir: 'asc' | 'desc' } | null;

/**
 * A column's alignment. The table runs in the page's direction (its first column on the right in
 * Arabic); a figures column (`right`) ends on the line's far side in that direction (`t0-end`), and
 * its cells are written left to right (`t0-num`), as a price is everywhere.
 */
function alignOf<T>(c: TerminalColumn<T>, cell: boolean): { className?: string; ta?: 'left' | 'center' } {
  if (c.align === 'right') return { className: cell ? 't0-num t0-end' : 't0-end' };
  return c.align ? { ta: c.align } : {};
}

export interface TerminalTableProps<T> {
  columns: TerminalColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Opens a row (click, Enter or Space). */
  onRowActivate?: (row: T) => void;
  /** Accessible name of a row ("AUDUSD LONG signal"). */
  rowLabel?: (row: T) => string;
  caption?: string;
  /** Narrowest width before the table scrolls inside its own container. */
  minWidth?: number;
  testId?: string;
  /** Rows to draw highlighted (a signal that just arrived). */
  isHighlighted?: (row: T) => boolean;
  /** Attributes for a row (`data-testid`, `data-kind` …). */
  rowAttributes?: (row: T) => RowAttributes;
  /** Names the scroll container, which then takes focus so the keyboard can scroll it. */
  label?: string;
  striped?: boolean;
  /** Cells align to the top (rows of different heights). */
  alignTop?: boolean;
}

/**
 * A dense terminal table: the rows arrive in their default order; a header click sorts by that column
 * (ascending, descending, back to default). Rows take focus: Up/Down/Home/End move, Enter/Space open.
 */
export function TerminalTable<T>({
  columns,
  rows,
  rowKey,
  onRowActivate,
  rowLabel,
  caption,
  minWidth = 560,
  testId,
  isHighlighted,
  rowAttributes,
  label,
  striped,
  alignTop,
}: TerminalTableProps<T>) {
  const [sort, setSort] = useState<SortState>(null);
  const body = useRef<HTMLTableSectionElement>(null);

  const sorted = useMemo(() => {
    const col = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !col?.sortValue) return rows;
    const value = col.sortValue;
    const factor = sort.dir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (typeof va === 'number' && typeof vb === 'number') return (va - vb) * factor;
      return String(va).localeCompare(String(vb)) * factor;
    });
  }, [rows, columns, sort]);

  const cycle = (key: string) =>
    setSort((s) => (s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null));

  const focusRow = (index: number) => {
    const list = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
    if (!list?.length) return;
    list[Math.max(0, Math.min(list.length - 1, index))]?.focus();
  };

  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T, index: number) => {
    // Keys typed in a field or pressed on a button inside the row (an inline edit) are theirs.
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        event.preventDefault();
        focusRow(sorted.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (onRowActivate) {
          event.preventDefault();
          onRowActivate(row);
        }
        break;
    }
  };

  return (
    // Positioned, so a visually hidden header stays inside the scroll box instead of widening the page.
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      style={{ position: 'relative' }}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <Table
        highlightOnHover={Boolean(onRowActivate)}
        striped={striped}
        verticalSpacing="xs"
        horizontalSpacing="sm"
        fz="sm"
        className={classes.table}
        data-testid={testId}
        styles={alignTop ? { td: { verticalAlign: 'top' } } : undefined}
      >
        {caption && (
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Text span className="t0-label">
              {caption}
            </Text>
          </Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const active = sort?.key === c.key ? sort.dir : null;
              const ariaSort = active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined;
              const Icon =
                active === 'asc' ? IconSortAscending : active === 'desc' ? IconSortDescending : IconArrowsSort;
              return (
                <Table.Th
                  key={c.key}
                  {...alignOf(c, false)}
                  visibleFrom={c.visibleFrom}
                  aria-sort={ariaSort}
                  style={{ whiteSpace: 'nowrap', ...(c.stickyRight ? STICKY_RIGHT : {}) }}
                >
                  {c.hideHeader ? (
                    <VisuallyHidden>{c.header}</VisuallyHidden>
                  ) : c.sortValue ? (
                    <UnstyledButton
                      onClick={() => cycle(c.key)}
                      className="t0-label"
                      style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
                    >
                      {c.header}
                      <Icon
                        size={12}
                        aria-hidden="true"
                        style={{ opacity: active ? 1 : 0.5 }}
                        data-sort-idle={active ? undefined : ''}
                      />
                    </UnstyledButton>
                  ) : (
                    <Text span className="t0-label">
                      {c.header}
                    </Text>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={body}>
          {sorted.map((row, index) => (
            <Table.Tr
              {...rowAttributes?.(row)}
              key={rowKey(row)}
              data-row
              data-highlighted={isHighlighted?.(row) ? 'true' : undefined}
              className={classes.row}
              tabIndex={onRowActivate ? 0 : -1}
              aria-label={rowLabel?.(row)}
              onClick={onRowActivate ? () => onRowActivate(row) : undefined}
              onKeyDown={(e) => onKey(e, row, index)}
              style={{ cursor: onRowActivate ? 'pointer' : undefined }}
            >
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  {...alignOf(c, true)}
                  visibleFrom={c.visibleFrom}
                  style={{ ...(c.wrap ? {} : { whiteSpace: 'nowrap' }), ...(c.stickyRight ? STICKY_RIGHT : {}) }}
                >
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
