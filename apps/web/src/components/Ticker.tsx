import { Badge, Group, Text } from '@mantine/core';
import type { TickerItem } from '@t0/contracts';
import { useTickerItems } from '../lib/live-prices';
import { Change } from './Change';
import classes from './Ticker.module.css';

export interface TickerProps {
  items: TickerItem[];
  /** Live values (true) or the static default list (false). */
  live: boolean;
  /** `simulated` when no market-data vendor is configured. */
  source?: 'simulated' | 'live';
}

function Items({ items, hidden = false }: { items: TickerItem[]; hidden?: boolean }) {
  return (
    <ul className={classes.items} aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.symbol} className={classes.item} data-symbol={item.symbol}>
          <Text component="span" fw={700} fz="xs" lts="0.06em">
            {item.symbol}
          </Text>
          <Text component="span" className="t0-num" fz="xs">
            {item.price}
          </Text>
          <Change text={item.change} trend={item.trend} fz="xs" />
          <Change text={item.percent} trend={item.trend} fz="xs" />
        </li>
      ))}
    </ul>
  );
}

/** The price strip: symbol, price, change and percent, scrolling slowly (still with reduced motion). */
export function Ticker({ items, live, source }: TickerProps) {
  const status = !live ? 'STATIC' : source === 'simulated' ? 'SIMULATED' : 'LIVE';
  return (
    <section className={classes.bar} aria-label="Market prices" data-testid="ticker" data-live={live}>
      <Group gap={6} className={classes.status} wrap="nowrap">
        <span className={live ? classes.dotLive : classes.dot} aria-hidden />
        <Badge size="xs" variant="light" color={live ? 'terminal' : 'gray'} radius="xs" title={status === 'SIMULATED' ? 'Simulated prices: no market-data vendor is configured' : undefined}>
          {status}
        </Badge>
      </Group>
      <div className={classes.viewport}>
        <div className={classes.track}>
          <Items items={items} />
          <Items items={items} hidden />
        </div>
      </div>
    </section>
  );
}

/** The ticker fed by GET /api/live-prices, falling back silently to the static list. */
export function LiveTicker() {
  const { items, live, source } = useTickerItems();
  return <Ticker items={items} live={live} source={source} />;
}
