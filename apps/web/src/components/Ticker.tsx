import { Badge, Group } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { TickerItem, Trend } from '@t0/contracts';
import { useTickerItems } from '../lib/live-prices';
import { trendClass, trendWords } from './Change';
import classes from './Ticker.module.css';

export interface TickerProps {
  items: TickerItem[];
  /** Live values (true) or the static default list (false). */
  live: boolean;
  /** `simulated` when no market-data vendor is configured. */
  source?: 'simulated' | 'live';
}

/** The arrow of a change (the same drawings as the tabler triangles). */
const ARROWS = {
  up: 'M12 1.67a2.914 2.914 0 0 0 -2.492 1.403l-8.11 13.537a2.914 2.914 0 0 0 2.484 4.385h16.225a2.914 2.914 0 0 0 2.503 -4.371l-8.116 -13.546a2.917 2.917 0 0 0 -2.494 -1.408z',
  down: 'M20.118 3h-16.225a2.914 2.914 0 0 0 -2.503 4.371l8.116 13.549a2.917 2.917 0 0 0 4.987 .005l8.11 -13.539a2.914 2.914 0 0 0 -2.486 -4.386z',
} as const;

/** A change in the strip, as <Change> draws it (colour, arrow, sign, the trend in words for screen readers). */
function TickerChange({ text, trend }: { text: string; trend: Trend }) {
  const words = trendWords(trend);
  return (
    <span className={`${classes.figure} t0-num ${trendClass(trend)}`} data-trend={trend}>
      {trend !== 'neutral' && (
        <svg
          className={classes.arrow}
          width="0.7em"
          height="0.7em"
          viewBox="0 0 24 24"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d={ARROWS[trend]} />
        </svg>
      )}
      {text}
      {words && <span className="t0-visually-hidden">{words}</span>}
    </span>
  );
}

/**
 * The strip's items as plain elements: twenty of them (the list is drawn twice for the loop) in
 * every landing page and terminal, where Mantine's text components cost the phone's main thread
 * more than anything else in the strip as the page starts.
 */
function Items({ items, hidden = false }: { items: TickerItem[]; hidden?: boolean }) {
  return (
    <ul className={classes.items} aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.symbol} className={classes.item} data-symbol={item.symbol}>
          <span className={classes.symbol}>{item.symbol}</span>
          <span className={`${classes.figure} t0-num`}>{item.price}</span>
          <TickerChange text={item.change} trend={item.trend} />
          <TickerChange text={item.percent} trend={item.trend} />
        </li>
      ))}
    </ul>
  );
}

/** The price strip: symbol, price, change and percent, scrolling slowly (still with reduced motion). */
export function Ticker({ items, live, source }: TickerProps) {
  const status = !live ? 'STATIC' : source === 'simulated' ? 'SIMULATED' : 'LIVE';
  // With reduced motion the strip stands still and scrolls sideways instead: a region that scrolls
  // is reachable from the keyboard (a tab stop the arrow keys scroll), or keyboard users never see
  // its end.
  const still = useReducedMotion() ?? false;
  return (
    <section className={classes.bar} aria-label="Market prices" data-testid="ticker" data-live={live}>
      <Group gap={6} className={classes.status} wrap="nowrap">
        <span className={live ? classes.dotLive : classes.dot} aria-hidden />
        <Badge
          size="xs"
          variant="light"
          color={live ? 'terminal' : 'gray'}
          radius="xs"
          title={status === 'SIMULATED' ? 'Simulated prices: no market-data vendor is configured' : undefined}
        >
          {status}
        </Badge>
      </Group>
      <div className={classes.viewport} data-testid="ticker-viewport" tabIndex={still ? 0 : undefined}>
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
