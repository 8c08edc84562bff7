import { Box, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { bucketStart, type LivePrices, type PriceSymbol } from '@t0/contracts';
import { useState } from 'react';
import { Change } from '../../components/Change';
import { useCandles } from '../../components/chart/use-candles';
import { Sparkline } from '../../components/Sparkline';
import { LivePrice } from './LivePrice';
import { WATCH_WINDOW_SECONDS, WATCHLIST, watchChange } from './watchlist';
import { useTerminalT } from './words';

type PricesQuery = { isLoading: boolean; error: unknown; data?: LivePrices };

function WatchItem({ symbol, prices, from }: { symbol: PriceSymbol; prices: PricesQuery; from: number }) {
  const { candles } = useCandles({ symbol, timeframe: '15min', from });
  const change = watchChange(symbol, candles);
  return (
    <Stack
      gap={2}
      p="xs"
      bg="var(--t0-surface-2)"
      style={{ borderRadius: 4, minWidth: 0 }}
      data-testid={`watch-${symbol}`}
      data-symbol={symbol}
    >
      <Text className="t0-label">{symbol}</Text>
      <LivePrice symbol={symbol} query={prices} size="md" />
      {change ? (
        <Text
          size="xs"
          className="t0-num"
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          <Change
            value={change.pips}
            unit={change.pipName === 'points' ? 'pts' : 'pips'}
            trend={change.trend}
            fz="xs"
          />{' '}
          <Change value={change.percent} unit="%" digits={2} trend={change.trend} fz="xs" />
        </Text>
      ) : (
        <Skeleton h={12} my={3} w="70%" />
      )}
      <Box h={24} aria-hidden="true">
        {candles && <Sparkline values={candles.map((c) => c.close)} trend={change?.trend ?? 'neutral'} height={24} />}
      </Box>
    </Stack>
  );
}

/** Each instrument's live price, its change over 24 hours and a sparkline of those hours. */
export function WatchlistStrip({ prices }: { prices: PricesQuery }) {
  // One window per visit (a stable query key); the live prices move its last bar.
  const { t } = useTerminalT();
  const [from] = useState(() => bucketStart(Date.now() / 1000 - WATCH_WINDOW_SECONDS, '15min'));
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="xs"
      data-testid="market-watch"
      aria-label={t('terminal:watch.label')}
    >
      {WATCHLIST.map((symbol) => (
        <WatchItem key={symbol} symbol={symbol} prices={prices} from={from} />
      ))}
    </SimpleGrid>
  );
}
