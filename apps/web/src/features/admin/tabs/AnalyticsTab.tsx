import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ANALYTICS_PLACEHOLDERS } from '@t0/contracts';
import { StatCard } from '../../../components/StatCard';

// Spec 3 §9: the analytics tab shows fixed placeholder figures only.
const FIGURES = [
  { label: 'SENT TODAY', value: ANALYTICS_PLACEHOLDERS.sentToday },
  { label: 'AVG RESPONSE', value: ANALYTICS_PLACEHOLDERS.responseTime },
  { label: 'DELIVERY RATE', value: ANALYTICS_PLACEHOLDERS.deliveryRate },
  { label: 'CONNECTIONS', value: ANALYTICS_PLACEHOLDERS.connections },
] as const;

export function AnalyticsTab() {
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        NOTIFICATION ANALYTICS
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="analytics-figures">
        {FIGURES.map((f) => (
          <StatCard key={f.label} label={f.label} value={f.value} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Illustrative figures; live delivery numbers are on the emails tab.
      </Text>
    </Stack>
  );
}
