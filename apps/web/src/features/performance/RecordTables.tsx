import { Table, Text } from '@mantine/core';
import { formatPercent, formatR, type PerformanceGroup } from '@t0/contracts';
import { ScrollTable } from '../admin/ScrollTable';

const tone = (r: number | null) => (r === null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined);

/** Figures per instrument or per month. */
export function GroupTable({ label, keyHeader, groups }: { label: string; keyHeader: string; groups: PerformanceGroup[] }) {
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
