import type { ReactNode } from 'react';

export interface ScrollTableProps {
  /** Names the scrollable area for screen readers ("Signals table"). */
  label: string;
  /** Below this width the table scrolls sideways inside its box, never the page. */
  minWidth: number;
  children: ReactNode;
}

/** A wide table that scrolls inside its own box (visually hidden labels included), reachable and scrollable with the keyboard. */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
