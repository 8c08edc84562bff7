import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPrice, heatmapCells, type HeatmapState, type Signal } from '@t0/contracts';
import { DirectionBadge } from '../../components/DirectionBadge';
import { EmptyState } from '../../components/EmptyState';

const look: Record<HeatmapState, { label: string; colour: string; bg: string }> = {
  'target-hit': { label: 'TARGET HIT', colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.16)' },
  winning: { label: 'WINNING', colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.08)' },
  losing: { label: 'LOSING', colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.08)' },
  'stop-hit': { label: 'STOP HIT', colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.16)' },
  neutral: { label: 'NEUTRAL', colour: 'var(--t0-muted)', bg: 'transparent' },
};

export interface HeatMapProps {
  signals: Signal[];
  prices: Partial<Record<string, unknown>> | undefined;
}

/** The 3 most recent closed signals, each coloured by where the live price stands against it. */
export function HeatMap({ signals, prices }: HeatMapProps) {
  const live: Record<string, number> = {};
  for (const [k, v] of Object.entries(prices ?? {})) if (typeof v === 'number') live[k] = v;
  const cells = heatmapCells(signals, live);
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="heatmap-title" data-testid="heatmap">
      <Title order={2} id="heatmap-title" size="h4" lts="0.08em" mb="sm">
        PERFORMANCE HEAT MAP
      </Title>
      {cells.length === 0 ? (
        <EmptyState text="NO CLOSED SIGNALS YET" hint="The last three closed signals appear here." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {cells.map(({ signal, livePrice, pips, state }) => (
            <Paper key={signal.id} p="sm" bg={look[state].bg} bd={`1px solid ${look[state].colour}`} data-heat-state={state}>
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Text fw={800} className="t0-num">
                  {signal.instrument}
                </Text>
                <DirectionBadge direction={signal.direction} />
              </Group>
              <Stack gap={2}>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    ENTRY
                  </Text>
                  <Text size="sm" className="t0-num">
                    {formatPrice(signal.instrument, signal.entryPrice)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    LIVE
                  </Text>
                  <Text size="sm" className="t0-num">
                    {formatPrice(signal.instrument, livePrice)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    FLOATING
                  </Text>
                  <Text size="sm" fw={700} className="t0-num" c={look[state].colour}>
                    {pips === null ? '--' : `${pips > 0 ? '+' : ''}${pips.toFixed(1)} pips`}
                  </Text>
                </Group>
              </Stack>
              <Badge mt="xs" fullWidth variant="outline" radius="xs" styles={{ root: { color: look[state].colour, borderColor: look[state].colour } }}>
                {look[state].label}
              </Badge>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
