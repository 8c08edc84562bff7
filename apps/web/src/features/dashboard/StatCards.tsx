import { SimpleGrid } from '@mantine/core';
import { PNL_MASK, type Signal } from '@t0/contracts';
import { IconActivity, IconCoin, IconListNumbers } from '@tabler/icons-react';
import { StatCard } from '../../components/StatCard';

/** ACTIVE SIGNALS, TODAY'S PROFIT (always masked) and TOTAL SIGNALS. */
export function StatCards({ signals, loading }: { signals: readonly Signal[]; loading: boolean }) {
  const active = signals.filter((s) => s.status.toLowerCase() === 'active').length;
  const figure = (n: number) => (loading ? '…' : n);
  return (
    <SimpleGrid cols={{ base: 3 }} spacing="sm" data-testid="stat-cards">
      <StatCard label="ACTIVE SIGNALS" value={figure(active)} tone="up" icon={<IconActivity size={18} />} />
      <StatCard label="TODAY'S PROFIT" value={PNL_MASK} tone="accent" icon={<IconCoin size={18} />} />
      <StatCard label="TOTAL SIGNALS" value={figure(signals.length)} tone="info" icon={<IconListNumbers size={18} />} />
    </SimpleGrid>
  );
}
