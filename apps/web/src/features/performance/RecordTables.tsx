import { Group, Stack, Table, Text } from '@mantine/core';
import {
  formatDateTime,
  formatPercent,
  formatPrice,
  formatR,
  type ExitKind,
  type PerformanceGroup,
  type PerformanceTrade,
} from '@t0/contracts';
import { useState } from 'react';
import { PageControls } from '../../components/PageControls';
import { ScrollTable } from '../../components/ScrollTable';
import { tradePage } from './trade-pages';
import { useRecordT } from './words';

type Translate = ReturnType<typeof useRecordT>['t'];

/** How a trade ended (EXIT_KIND_LABELS' words, in the language shown). */
const EXIT_KIND_KEYS: Record<ExitKind, string> = {
  target: 'record:exit.target',
  stop: 'record:exit.stop',
  stop_at_entry: 'record:exit.stopAtEntry',
  manual: 'record:exit.manual',
  withdrawn: 'record:exit.withdrawn',
  expired: 'record:exit.expired',
};

const tone = (r: number | null) =>
  r === null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

/** Figures per instrument or per month. */
export function GroupTable({
  label,
  keyHeader,
  testId,
  groups,
}: {
  label: string;
  keyHeader: string;
  testId: string;
  groups: PerformanceGroup[];
}) {
  const { t } = useRecordT();
  return (
    <ScrollTable label={label} minWidth={460}>
      <Table verticalSpacing={4} fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{keyHeader}</Table.Th>
            <Table.Th className="t0-end">{t('record:table.signals')}</Table.Th>
            <Table.Th className="t0-end">{t('record:table.winsLossesBreakevens')}</Table.Th>
            <Table.Th className="t0-end">{t('record:table.winRate')}</Table.Th>
            <Table.Th className="t0-end">{t('record:table.totalR')}</Table.Th>
            <Table.Th className="t0-end">{t('record:table.averageR')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key}>
              <Table.Td fw={700} className="t0-num">
                {g.key}
              </Table.Td>
              <Table.Td className="t0-end t0-num">{g.trades}</Table.Td>
              <Table.Td className="t0-end t0-num">
                {g.wins} / {g.losses} / {g.breakevens}
              </Table.Td>
              <Table.Td className="t0-end t0-num">{formatPercent(g.winRate)}</Table.Td>
              <Table.Td className="t0-end t0-num">
                <Text span fw={700} c={tone(g.totalR)} inherit>
                  {formatR(g.totalR)}
                </Text>
              </Table.Td>
              <Table.Td className="t0-end t0-num">{formatR(g.averageR)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

const partLabel = (t: Translate, instrument: string, p: PerformanceTrade['parts'][number]) =>
  `${p.share}% ${p.kind === 't0' ? 'T0' : p.kind === 'manual' ? t('record:trades.partManual') : t('record:trades.partExit')} @ ${formatPrice(instrument, p.price)}`;

/** Every closed trade, newest first, a page at a time: how it ended, the feed's prices, the parts it was closed in, its R. */
export function TradesTable({ trades }: { trades: PerformanceTrade[] }) {
  const { t } = useRecordT();
  const [page, setPage] = useState(1);
  // The CSV download holds every trade at once.
  const { rows, pages, current, first } = tradePage(trades, page);
  return (
    <Stack gap="sm">
      <ScrollTable label={t('record:trades.label')} minWidth={760}>
        <Table verticalSpacing={4} fz="sm" data-testid="table-trades">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('record:trades.closed')}</Table.Th>
              <Table.Th>{t('record:trades.signal')}</Table.Th>
              <Table.Th>{t('record:trades.exit')}</Table.Th>
              <Table.Th className="t0-end">{t('record:trades.fillFeed')}</Table.Th>
              <Table.Th className="t0-end">{t('record:trades.exitFeed')}</Table.Th>
              <Table.Th ps="md">{t('record:trades.parts')}</Table.Th>
              <Table.Th className="t0-end">R</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.signalId} data-signal-id={row.signalId} data-exit-kind={row.exitKind ?? ''}>
                <Table.Td className="t0-num">{formatDateTime(row.closedAt) ?? row.closedAt}</Table.Td>
                <Table.Td fw={700} className="t0-num">
                  {row.instrument} {row.direction.toUpperCase()}
                </Table.Td>
                <Table.Td data-testid="trade-exit-kind">
                  {row.exitKind ? t(EXIT_KIND_KEYS[row.exitKind]) : (row.reason ?? '--')}
                </Table.Td>
                <Table.Td className="t0-end t0-num">
                  {formatPrice(row.instrument, row.fillPrice)}
                  {row.fillFeedPrice !== null && row.fillFeedPrice !== row.fillPrice
                    ? ` · ${formatPrice(row.instrument, row.fillFeedPrice)}`
                    : ''}
                </Table.Td>
                <Table.Td className="t0-end t0-num">
                  {formatPrice(row.instrument, row.exitPrice)}
                  {row.exitFeedPrice !== null && row.exitFeedPrice !== row.exitPrice
                    ? ` · ${formatPrice(row.instrument, row.exitFeedPrice)}`
                    : ''}
                </Table.Td>
                <Table.Td ps="md" className="t0-num" data-testid="trade-parts">
                  {row.parts.map((p) => partLabel(t, row.instrument, p)).join(' · ')}
                </Table.Td>
                <Table.Td className="t0-end t0-num">
                  <Text span fw={700} c={tone(row.r)} inherit>
                    {formatR(row.r)}
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
            {t('record:trades.range', { from: first + 1, to: first + rows.length, total: trades.length })}
          </Text>
          <PageControls value={current} onChange={setPage} total={pages} label={t('record:trades.pagesLabel')} />
        </Group>
      )}
    </Stack>
  );
}
