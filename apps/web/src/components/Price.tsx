import { PRICE_FLASH_MS, formatPrice } from '@t0/contracts';
import { Text, type TextProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface PriceProps extends Omit<TextProps, 'children'> {
  symbol: string;
  value: number | null | undefined;
  /** Flash green or red for 500 ms when the value moves (default true). */
  flash?: boolean;
}

/**
 * A price with the instrument's decimals (contracts' price rules), flashing on change. Never localised:
 * Latin digits and a `.` decimal point in every language, written left to right.
 */
export function Price({ symbol, value, flash = true, className, ...rest }: PriceProps) {
  const previous = useRef(value);
  const [direction, setDirection] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (!flash || before == null || value == null || before === value) return;
    setDirection(value > before ? 'up' : 'down');
    const timer = setTimeout(() => setDirection(null), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [value, flash]);
  const classes = ['t0-num', direction ? `t0-flash-${direction}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Text component="span" dir="ltr" className={classes} data-flash={direction ?? undefined} {...rest}>
      {formatPrice(symbol, value)}
    </Text>
  );
}
