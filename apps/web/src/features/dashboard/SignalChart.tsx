import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { priceDecimals, TIMEFRAME_LABELS, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { useMemo, useState } from 'react';
import { LazyPriceChart } from '../../components/chart/LazyPriceChart';
import { useCandles } from '../../components/chart/use-candles';
import { chartZone } from '../../components/chart/chart-time';
import { useTimeZone } from '../../lib/time-zone';
import { useSignalT } from '../signals/words';
import { signalChartFrom, signalLevelLines, signalMarkers, type ChartSignal, type ChartWords } from './signal-chart';

const CHOICES: Timeframe[] = ['1min', '15min', '4h', 'daily'];

export interface SignalChartProps {
  signal: ChartSignal & { instrument: string };
  /** When the signal closed, where known (its close is marked on the chart). */
  closedAt?: string | null;
}

/**
 * The signal's instrument with entry, stop, T0 and T1 as labelled lines and its open and close marked.
 * Its words are the reader's; the timeframes keep their codes (1M, 15M, 4H, D), as trading platforms
 * write them in every language.
 */
export function SignalChart({ signal, closedAt }: SignalChartProps) {
  const { t } = useSignalT();
  const [timeframe, setTimeframe] = useState<Timeframe>('15min');
  const zone = useTimeZone();
  const symbol = signal.instrument as PriceSymbol;
  const from = useMemo(
    () => signalChartFrom(signal.createdAt, timeframe, Date.now() / 1000),
    [signal.createdAt, timeframe],
  );
  const { candles, query } = useCandles({ symbol, timeframe, from });
  const words = useMemo<ChartWords>(
    () => ({
      entry: t('signal:chart.entry'),
      stop: t('signal:chart.stop'),
      open: t('signal:chart.open'),
      close: t('signal:chart.close'),
    }),
    [t],
  );
  const lines = useMemo(() => signalLevelLines(signal, words), [signal, words]);
  const markers = useMemo(() => signalMarkers(signal, closedAt, words), [signal, closedAt, words]);
  const opened = Date.parse(signal.createdAt) / 1000;

  return (
    <Stack gap={6} data-testid="signal-chart">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text className="t0-label">{t('signal:chart.heading', { zone: chartZone(timeframe, zone) })}</Text>
        <SegmentedControl
          size="xs"
          value={timeframe}
          onChange={(v) => setTimeframe(v as Timeframe)}
          data={CHOICES.map((tf) => ({ value: tf, label: TIMEFRAME_LABELS[tf] }))}
          aria-label={t('signal:chart.timeframe')}
        />
      </Group>
      {query.isError ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t('signal:chart.unavailable')}
        </Text>
      ) : candles && candles.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t('signal:chart.empty', { symbol })}
        </Text>
      ) : (
        <LazyPriceChart
          candles={candles ?? []}
          timeframe={timeframe}
          decimals={priceDecimals(symbol)}
          lines={lines}
          markers={markers}
          showFrom={Number.isFinite(opened) ? opened : undefined}
          height={{ base: 240, sm: 320 }}
          label={t('signal:chart.label', { symbol, timeframe: TIMEFRAME_LABELS[timeframe] })}
          testId="signal-price-chart"
        />
      )}
    </Stack>
  );
}
