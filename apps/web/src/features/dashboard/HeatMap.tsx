import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatPips,
  formatPrice,
  formatR,
  heatmapCells,
  type HeatmapCell,
  type HeatmapState,
  type Signal,
} from '@t0/contracts';
import { DirectionBadge } from '../../components/DirectionBadge';
import { EmptyState } from '../../components/EmptyState';

const look: Record<HeatmapState, { label: string; colour: string; bg: string }> = {
  'target-hit': { label: 'TARGET HIT', colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.16)' },
  winning: { label: 'WINNING', colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.08)' },
  breakeven: { label: 'BREAK-EVEN', colour: 'var(--t0-muted)', bg: 'transparent' },
  losing: { label: 'LOSING', colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.08)' },
  'stop-hit': { label: 'STOP HIT', colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.16)' },
  neutral: { label: 'NO PRICE', colour: 'var(--t0-muted)', bg: 'transparent' },
};

/** A closed signal that ended by hand or by withdrawal says so, with the sign of its result. */
function labelOf(cell: HeatmapCell<Signal>): string {
  if (cell.kind === 'open') return cell.state === 'neutral' ? 'NO PRICE' : `OPEN · ${look[cell.state].label}`;
  const reason = cell.signal.closeReason;
  if (reason === 'manual') return 'CLOSED BY HAND';
  if (reason === 'withdrawn') return 'WITHDRAWN';
  return look[cell.state].label;
}

function Row({ label, value, colour, bold }: { label: string; value: string; colour?: string; bold?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={bold ? 700 : undefined} className="t0-num" c={colour}>
        {value}
      </Text>
    </Group>
  );
}

export interface HeatMapProps {
  signals: Signal[];
  prices: Partial<Record<string, unknown>> | undefined;
}

/**
 * The live floating result of every open trade (from the live price), then the real outcomes of the
 * 3 most recent closed signals as the server recorded them.
 */
export function HeatMap({ signals, prices }: HeatMapProps) {
  const live: Record<string, number> = {};
  for (const [k, v] of Object.entries(prices ?? {})) if (typeof v === 'number') live[k] = v;
  const cells = heatmapCells(signals, live);
  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--t0-surface-1)"
      component="section"
      aria-labelledby="heatmap-title"
      data-testid="heatmap"
    >
      <Title order={2} id="heatmap-title" size="h4" lts="0.08em" mb="sm">
        PERFORMANCE HEAT MAP
      </Title>
      {cells.length === 0 ? (
        <EmptyState text="NO TRADES YET" hint="Open trades and the last three closed signals appear here." />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {cells.map((cell) => {
            const { signal, kind, state } = cell;
            const colour = look[state].colour;
            return (
              <Paper
                key={signal.id}
                p="sm"
                bg={look[state].bg}
                bd={`1px solid ${colour}`}
                data-heat-state={state}
                data-heat-kind={kind}
                data-testid="heat-cell"
              >
                <Group justify="space-between" wrap="nowrap" mb={6}>
                  <Text fw={800} className="t0-num">
                    {signal.instrument}
                  </Text>
                  <DirectionBadge direction={signal.direction} />
                </Group>
                <Stack gap={2}>
                  <Row label="ENTRY" value={formatPrice(signal.instrument, signal.entryPrice)} />
                  {kind === 'open' ? (
                    <Row label="LIVE" value={formatPrice(signal.instrument, cell.livePrice ?? signal.currentPrice)} />
                  ) : (
                    <Row label="EXIT" value={formatPrice(signal.instrument, signal.exitPrice)} />
                  )}
                  <Row
                    label={kind === 'open' ? 'FLOATING' : 'RESULT'}
                    value={formatPips(cell.pips, signal.instrument)}
                    colour={colour}
                  />
                  <Row label="R" value={formatR(cell.r)} colour={colour} bold />
                </Stack>
                <Badge
                  mt="xs"
                  fullWidth
                  variant="outline"
                  radius="xs"
                  styles={{ root: { color: colour, borderColor: colour } }}
                >
                  {labelOf(cell)}
                </Badge>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
