import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} bg="var(--t0-surface-1)" data-testid={testId}>
      <Stack gap={2} mb="lg">
        <Title order={2} fz="h4" lts="0.06em">
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Paper>
  );
}
