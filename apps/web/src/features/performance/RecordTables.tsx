import { Group, Stack, Table, Text } from '@mantine/core';
import {
  EXIT_KIND_LABELS,
  formatDateTime,
  formatPercent,
  formatPrice,
  formatR,
  type PerformanceGroup,
  type PerformanceTrade,
} from '@t0/contracts';
import { useState } from 'react';
import { PageControls } from '../../components/PageControls';
import { ScrollTable } from '../../components/ScrollTable';
import { tradePage } from './trade-pages';

const tone = (r: number | null) =>
  r === null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

/** Figures per instrument or per month. */
export function GroupTable({
  label,
  keyHeader,
  groups,
}: {
  label: string;
  keyHeader: string;
  groups: PerformanceGroup[];
}) {
  return (
    <ScrollTable label={label} minWidth={460}>
      <Table verticalSpacing={4} fz="sm" data-testid={`table-${keyHeader.toLowerCase()}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{keyHeader}</Table.Th>
            <Table.Th ta="right">SIGNALS</Table.Th>
            <Table.Th ta="right">W / L / BE</Table.Th>
            <Table.Th ta="right">WIN RATE</Table.Th>
            <Table.Th ta="right">TOTAL R</Table.Th>
            <Table.Th ta="right">AVG R</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key}>
              <Table.Td fw={700} className="t0-num">
                {g.key}
              </Table.Td>
              <Table.Td ta="right" className="t0-num">
                {g.trades}
              </Table.Td>
              <Table.Td ta="right" className="t0-num">
                {g.wins} / {g.losses} / {g.breakevens}
              </Table.Td>
              <Table.Td ta="right" className="t0-num">
                {formatPercent(g.winRate)}
              </Table.Td>
              <Table.Td ta="right" className="t0-num">
                <Text span fw={700} c={tone(g.totalR)} inherit>
                  {formatR(g.totalR)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className="t0-num">
                {formatR(g.averageR)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

const partLabel = (instrument: string, p: PerformanceTrade['parts'][number]) =>
  `${p.share}% ${p.kind === 't0' ? 'T0' : p.kind === 'manual' ? 'at market' : 'exit'} @ ${formatPrice(instrument, p.price)}`;

/** Every closed trade, newest first, a page at a time: how it ended, the feed's prices, the parts it was closed in, its R. */
export function TradesTable({ trades }: { trades: PerformanceTrade[] }) {
  const [page, setPage] = useState(1);
  // The CSV download holds every trade at once.
  const { rows, pages, current, first } = tradePage(trades, page);
  return (
    <Stack gap="sm">
      <ScrollTable label="Closed trades" minWidth={760}>
        <Table verticalSpacing={4} fz="sm" data-testid="table-trades">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>CLOSED</Table.Th>
              <Table.Th>SIGNAL</Table.Th>
              <Table.Th>EXIT</Table.Th>
              <Table.Th ta="right">FILL · FEED</Table.Th>
              <Table.Th ta="right">EXIT · FEED</Table.Th>
              <Table.Th pl="md">PARTS</Table.Th>
              <Table.Th ta="right">R</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t.signalId} data-signal-id={t.signalId} data-exit-kind={t.exitKind ?? ''}>
                <Table.Td className="t0-num">{formatDateTime(t.closedAt) ?? t.closedAt}</Table.Td>
                <Table.Td fw={700} className="t0-num">
                  {t.instrument} {t.direction.toUpperCase()}
                </Table.Td>
                <Table.Td data-testid="trade-exit-kind">
                  {t.exitKind ? EXIT_KIND_LABELS[t.exitKind] : (t.reason ?? '--')}
                </Table.Td>
                <Table.Td ta="right" className="t0-num">
                  {formatPrice(t.instrument, t.fillPrice)}
                  {t.fillFeedPrice !== null && t.fillFeedPrice !== t.fillPrice
                    ? ` · ${formatPrice(t.instrument, t.fillFeedPrice)}`
                    : ''}
                </Table.Td>
                <Table.Td ta="right" className="t0-num">
                  {formatPrice(t.instrument, t.exitPrice)}
                  {t.exitFeedPrice !== null && t.exitFeedPrice !== t.exitPrice
                    ? ` · ${formatPrice(t.instrument, t.exitFeedPrice)}`
                    : ''}
                </Table.Td>
                <Table.Td pl="md" className="t0-num" data-testid="trade-parts">
                  {t.parts.map((p) => partLabel(t.instrument, p)).join(' · ')}
                </Table.Td>
                <Table.Td ta="right" className="t0-num">
                  <Text span fw={700} c={tone(t.r)} inherit>
                    {formatR(t.r)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed" data-testid="trades-range">
            {first + 1}–{first + rows.length} of {trades.length}, newest first
          </Text>
          <PageControls value={current} onChange={setPage} total={pages} label="Closed trades pages" />
        </Group>
      )}
    </Stack>
  );
}
