import { Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

export interface LoadingSkeletonProps {
  /** rows: a list or table; cards: a grid of cards; text: paragraphs; block: one area of `height`. */
  variant?: 'rows' | 'cards' | 'text' | 'block';
  count?: number;
  height?: number;
  /** Read by screen readers while loading. */
  label?: string;
}

/** The loading state where the layout is known: grey shapes instead of a spinner. */
export function LoadingSkeleton({
  variant = 'rows',
  count = 3,
  height = 160,
  label = 'Loading',
}: LoadingSkeletonProps) {
  const items = Array.from({ length: count }, (_, i) => i);
  let body;
  if (variant === 'cards') {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((i) => (
          <Paper key={i} p="md" bg="var(--t0-surface-1)" bd="1px solid var(--t0-border)">
            <Skeleton height={height * 0.5} mb="sm" />
            <Skeleton height={12} width="70%" mb={8} />
            <Skeleton height={10} width="90%" mb={6} />
            <Skeleton height={10} width="50%" />
          </Paper>
        ))}
      </SimpleGrid>
    );
  } else if (variant === 'text') {
    body = (
      <Stack gap={8}>
        {items.map((i) => (
          <Skeleton key={i} height={10} width={`${90 - ((i * 17) % 35)}%`} />
        ))}
      </Stack>
    );
  } else if (variant === 'block') {
    body = <Skeleton height={height} />;
  } else {
    body = (
      <Stack gap={10}>
        {items.map((i) => (
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton height={14} width="18%" />
            <Skeleton height={14} width="12%" />
            <Skeleton height={14} style={{ flex: 1 }} />
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid="loading-skeleton">
      {body}
    </div>
  );
}
