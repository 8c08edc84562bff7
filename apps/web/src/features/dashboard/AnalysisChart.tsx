import { Anchor, Group, Stack, Text } from '@mantine/core';
import { priceDecimals, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { LazyPriceChart } from '../../components/chart/LazyPriceChart';
import { useCandles } from '../../components/chart/use-candles';
import { chartZone } from '../../components/chart/chart-time';
import { useTimeZone } from '../../lib/time-zone';
import { chartPageUrl } from './analysis';

export interface AnalysisChartProps {
  instrument: string;
  timeframe: Timeframe;
  /** MONTHLY, WEEKLY or 4H. */
  timeframeLabel: string;
  /** The vendor's interval for the "open on TradingView" link (1M, 1W, 240). */
  interval: string;
}

/** An instrument's chart for one analysis timeframe, from our own candles; the vendor's chart is a link. */
export function AnalysisChart({ instrument, timeframe, timeframeLabel, interval }: AnalysisChartProps) {
  const symbol = instrument as PriceSymbol;
  const zone = useTimeZone();
  const { candles, query, source } = useCandles({ symbol, timeframe });
  return (
    <Stack gap={4} data-testid="analysis-chart">
      {query.isError ? (
        <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="chart-unavailable">
          The {instrument} {timeframeLabel} chart could not be loaded. The analysis below is unaffected.
        </Text>
      ) : candles && candles.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          No {timeframeLabel} prices recorded for {instrument} yet.
        </Text>
      ) : (
        <LazyPriceChart
          candles={candles ?? []}
          timeframe={timeframe}
          decimals={priceDecimals(symbol)}
          label={`${instrument} ${timeframeLabel} candlestick chart`}
          testId="analysis-price-chart"
        />
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {source === 'simulated' ? 'SIMULATED FEED · ' : ''}TIMES IN {chartZone(timeframe, zone)}
        </Text>
        <Anchor href={chartPageUrl(instrument, interval)} target="_blank" rel="noopener noreferrer" size="xs" fw={700}>
          OPEN ON TRADINGVIEW{' '}
          <IconExternalLink size={12} aria-label="opens in a new tab" style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Group>
    </Stack>
  );
}
