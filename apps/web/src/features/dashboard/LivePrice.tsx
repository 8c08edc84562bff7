import { Group, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconSettingsExclamation } from '@tabler/icons-react';
import { Price } from '../../components/Price';
import { livePriceState, type PriceQuery } from './live-price-state';
import { useTerminalT } from './words';

export interface LivePriceProps {
  symbol: string;
  query: PriceQuery;
  size?: string;
}

/** A live price: loading, API Setup Required, Price Unavailable, -- when absent, or the price flashing on change. */
export function LivePrice({ symbol, query, size = 'sm' }: LivePriceProps) {
  const state = livePriceState(query, symbol);
  const { t } = useTerminalT();
  switch (state) {
    case 'loading':
      return <Skeleton height={14} width={72} aria-label={t('terminal:price.loading', { symbol })} role="status" />;
    case 'setup':
      return (
        <Group gap={4} wrap="nowrap" c="var(--t0-warn)" data-price-state="setup">
          <IconSettingsExclamation size={14} aria-hidden="true" />
          <Text span size="xs" fw={700}>
            {t('terminal:price.setup')}
          </Text>
        </Group>
      );
    case 'unavailable':
      return (
        <Group gap={4} wrap="nowrap" c="var(--t0-down)" data-price-state="unavailable">
          <IconAlertTriangle size={14} aria-hidden="true" />
          <Text span size="xs" fw={700}>
            {t('terminal:price.unavailable')}
          </Text>
        </Group>
      );
    case 'missing':
      return (
        <Text span className="t0-num" size={size} c="dimmed" data-price-state="missing">
          --
        </Text>
      );
    case 'live':
      return (
        <Price symbol={symbol} value={query.data?.[symbol] as number} size={size} fw={700} data-price-state="live" />
      );
  }
}
