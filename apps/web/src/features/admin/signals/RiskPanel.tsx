import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPrice, unitName } from '@t0/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RiskFigures } from './risk-figures';

const r = (n: number | null) => (n === null ? '--' : `${n.toFixed(2)}R`);

function Figure({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text className="t0-label">{label}</Text>
      <Text className="t0-num" fw={700} c={tone} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Risk in the instrument's units (pips or points), T0 and T1 as R multiples, and where the live price stands against the entry. */
export function RiskPanel({ instrument, figures }: { instrument: string; figures: RiskFigures }) {
  const unit = unitName(instrument);
  const distance =
    figures.distancePips === null
      ? '--'
      : figures.distancePips === 0
        ? 'at the live price'
        : `${Math.abs(figures.distancePips).toFixed(1)} ${unit} ${figures.distancePips > 0 ? 'above' : 'below'} live`;
  return (
    <Stack gap="xs" aria-live="polite">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure
          label="RISK"
          value={figures.riskPips === null ? '--' : `${figures.riskPips.toFixed(1)} ${unit}`}
          tone="var(--t0-down)"
          testId="risk-pips"
        />
        <Figure label="T0" value={r(figures.t0R)} tone="var(--t0-up)" testId="t0-r" />
        <Figure label="T1" value={r(figures.t1R)} tone="var(--t0-up)" testId="t1-r" />
        <Figure label="ENTRY VS LIVE" value={distance} testId="entry-distance" />
      </SimpleGrid>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Live {instrument}: <span className="t0-num">{formatPrice(instrument, figures.livePrice)}</span>. R = reward ÷
          |entry − stop|.
        </Text>
      </Group>
      {figures.fillsAtOnce && (
        <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
          The price has already reached this limit&apos;s entry: it fills on the next price.
        </Alert>
      )}
    </Stack>
  );
}
