import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export interface ErrorPanelProps {
  /** The spec's error text for this view. */
  text: string;
  title?: string;
  /** Shows a RETRY button. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** The designed error state of a data view: the spec's text and a retry. */
export function ErrorPanel({ text, title = 'ERROR', onRetry, retrying = false }: ErrorPanelProps) {
  return (
    <Paper
      p="md"
      role="alert"
      bg="var(--t0-surface-1)"
      bd="1px solid var(--mantine-color-red-outline)"
      data-testid="error-panel"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <IconAlertTriangle size={20} color="var(--t0-down)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} c="var(--t0-down)" fz="sm" lts="0.06em">
            {title}
          </Text>
          <Text fz="sm">{text}</Text>
          {onRetry && (
            <Group>
              <Button
                size="xs"
                variant="light"
                color="gray"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
                loading={retrying}
              >
                RETRY
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
