import { SimpleGrid } from '@mantine/core';
import { formatR, realisedRSince, type SignalView } from '@t0/contracts';
import { IconActivity, IconCoin, IconListNumbers } from '@tabler/icons-react';
import { StatCard } from '../../components/StatCard';
import { useTerminalT } from './words';

const localMidnight = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** ACTIVE SIGNALS, TODAY'S PROFIT (the R realised by signals closed today) and TOTAL SIGNALS. */
export function StatCards({ signals, loading }: { signals: readonly SignalView[]; loading: boolean }) {
  const { t } = useTerminalT();
  const active = signals.filter((s) => s.status.toLowerCase() === 'active').length;
  const today = realisedRSince(signals, localMidnight());
  const figure = (n: number) => (loading ? '…' : n);
  const profitTone = !today || today.r === 0 ? 'accent' : today.r > 0 ? 'up' : 'down';
  return (
    <SimpleGrid cols={{ base: 3 }} spacing="sm" data-testid="stat-cards">
      <StatCard label={t('terminal:stats.active')} value={figure(active)} tone="up" icon={<IconActivity size={18} />} />
      <StatCard
        label={t('terminal:stats.profit')}
        value={loading ? '…' : formatR(today?.r ?? 0)}
        hint={
          loading
            ? undefined
            : today
              ? t('terminal:stats.closedToday', { count: today.trades })
              : t('terminal:stats.noneClosed')
        }
        tone={profitTone}
        icon={<IconCoin size={18} />}
        data-testid="todays-profit"
      />
      <StatCard
        label={t('terminal:stats.total')}
        value={figure(signals.length)}
        tone="info"
        icon={<IconListNumbers size={18} />}
      />
    </SimpleGrid>
  );
}
