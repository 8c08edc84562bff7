import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';

/**
 * The foot of a console list's filter form: its error, FILTER (the form's submit), CLEAR, then the
 * list's own buttons and, at the far end, how many entries match (`total`, once known).
 */
export function FilterActions({
  error,
  onClear,
  total,
  totalTestId,
  children,
}: {
  error: string | null;
  onClear: () => void;
  total: number | undefined;
  totalTestId: string;
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
      <Group mt="sm" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          FILTER
        </Button>
        <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
          CLEAR
        </Button>
        {children}
        {total !== undefined && (
          <Text size="sm" c="dimmed" ml="auto" data-testid={totalTestId}>
            {total} {total === 1 ? 'entry' : 'entries'}
          </Text>
        )}
      </Group>
    </>
  );
}
