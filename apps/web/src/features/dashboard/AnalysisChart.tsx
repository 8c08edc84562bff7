import { Anchor, Group, Stack, Text } from '@mantine/core';
import { priceDecimals, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { LazyPriceChart } from '../../components/chart/LazyPriceChart';
import { useCandles } from '../../components/chart/use-candles';
import { chartZone } from '../../components/chart/chart-time';
import { useTimeZone } from '../../lib/time-zone';
import { chartPageUrl } from './analysis';
import { useTerminalT } from './words';

export interface AnalysisChartProps {
  instrument: string;
  timeframe: Timeframe;
  /** MONTHLY, WEEKLY or 4H, in the reader's words. */
  timeframeLabel: string;
  /** The vendor's interval for the "open on TradingView" link (1M, 1W, 240). */
  interval: string;
}

/** An instrument's chart for one analysis timeframe, from our own candles; the vendor's chart is a link. */
export function AnalysisChart({ instrument, timeframe, timeframeLabel, interval }: AnalysisChartProps) {
  const symbol = instrument as PriceSymbol;
  const zone = useTimeZone();
  const { t } = useTerminalT();
  const { candles, query, source } = useCandles({ symbol, timeframe });
  return (
    <Stack gap={4} data-testid="analysis-chart">
      {query.isError ? (
        <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="chart-unavailable">
          {t('terminal:analysis.chartFailed', { instrument, timeframe: timeframeLabel })}
        </Text>
      ) : candles && candles.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t('terminal:analysis.chartEmpty', { instrument, timeframe: timeframeLabel })}
        </Text>
      ) : (
        <LazyPriceChart
          candles={candles ?? []}
          timeframe={timeframe}
          decimals={priceDecimals(symbol)}
          label={t('terminal:analysis.chartLabel', { instrument, timeframe: timeframeLabel })}
          testId="analysis-price-chart"
        />
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {source === 'simulated' ? `${t('terminal:header.simulated')} · ` : ''}
          {t('terminal:analysis.times', { zone: chartZone(timeframe, zone) })}
        </Text>
        <Anchor href={chartPageUrl(instrument, interval)} target="_blank" rel="noopener noreferrer" size="xs" fw={700}>
          {t('terminal:analysis.tradingView')}{' '}
          <IconExternalLink size={12} aria-label={t('terminal:links.newTab')} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Group>
    </Stack>
  );
}
