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
import { useTerminalT } from './words';

type Translate = ReturnType<typeof useTerminalT>['t'];

const look: Record<HeatmapState, { colour: string; bg: string }> = {
  'target-hit': { colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.16)' },
  winning: { colour: 'var(--t0-up)', bg: 'rgba(46, 227, 119, 0.08)' },
  breakeven: { colour: 'var(--t0-muted)', bg: 'transparent' },
  losing: { colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.08)' },
  'stop-hit': { colour: 'var(--t0-down)', bg: 'rgba(255, 107, 107, 0.16)' },
  neutral: { colour: 'var(--t0-muted)', bg: 'transparent' },
};

const stateLabel = (state: HeatmapState, t: Translate): string =>
  ({
    'target-hit': t('terminal:heat.targetHit'),
    winning: t('terminal:heat.winning'),
    breakeven: t('terminal:heat.breakeven'),
    losing: t('terminal:heat.losing'),
    'stop-hit': t('terminal:heat.stopHit'),
    neutral: t('terminal:heat.noPrice'),
  })[state];

/** A closed signal that ended by hand or by withdrawal says so, with the sign of its result. */
function labelOf(cell: HeatmapCell<Signal>, t: Translate): string {
  if (cell.kind === 'open')
    return cell.state === 'neutral'
      ? t('terminal:heat.noPrice')
      : t('terminal:heat.open', { state: stateLabel(cell.state, t) });
  const reason = cell.signal.closeReason;
  if (reason === 'manual') return t('terminal:heat.closedByHand');
  if (reason === 'withdrawn') return t('terminal:heat.withdrawn');
  return stateLabel(cell.state, t);
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
  const { t } = useTerminalT();
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
        {t('terminal:heat.title')}
      </Title>
      {cells.length === 0 ? (
        <EmptyState text={t('terminal:heat.empty')} hint={t('terminal:heat.emptyHint')} />
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
                  <DirectionBadge direction={signal.direction} t={t} />
                </Group>
                <Stack gap={2}>
                  <Row label={t('terminal:heat.entry')} value={formatPrice(signal.instrument, signal.entryPrice)} />
                  {kind === 'open' ? (
                    <Row
                      label={t('terminal:heat.live')}
                      value={formatPrice(signal.instrument, cell.livePrice ?? signal.currentPrice)}
                    />
                  ) : (
                    <Row label={t('terminal:heat.exit')} value={formatPrice(signal.instrument, signal.exitPrice)} />
                  )}
                  <Row
                    label={kind === 'open' ? t('terminal:heat.floating') : t('terminal:heat.result')}
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
                  {labelOf(cell, t)}
                </Badge>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
