import { Pagination } from '@mantine/core';

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Page numbers under a list, its arrow buttons named for screen readers (Mantine's are icons alone). */
export function PageControls({
  value,
  onChange,
  total,
  label,
}: {
  value: number;
  onChange: (page: number) => void;
  total: number;
  label: string;
}) {
  return (
    <Pagination
      value={value}
      onChange={onChange}
      total={total}
      size="sm"
      aria-label={label}
      getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
    />
  );
}
