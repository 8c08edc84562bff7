import { Text, VisuallyHidden, type TextProps } from '@mantine/core';
import { IconTriangleFilled, IconTriangleInvertedFilled } from '@tabler/icons-react';
import type { Trend } from '@t0/contracts';

export interface ChangeProps extends Omit<TextProps, 'children'> {
  /** Ready text such as "+17.1 pips" or "-0.42%" (give `trend` with it). */
  text?: string;
  /** Or a signed number shown with `unit` ("pips", "pts", "%") to `digits` places. */
  value?: number;
  unit?: string;
  digits?: number;
  /** Defaults to up for zero or more, down otherwise (the ticker's trend rule). */
  trend?: Trend;
}

/** The class that colours a trend (none for neutral). */
export function trendClass(t: Trend): string {
  return t === 'up' ? 't0-up' : t === 'down' ? 't0-down' : '';
}

/** The trend in words, for screen readers (colour and arrow are not read); none for neutral. */
export function trendWords(t: Trend): string | null {
  return t === 'up' ? ' (up)' : t === 'down' ? ' (down)' : null;
}

function signed(n: number, digits: number) {
  return `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(digits)}`;
}

/** A change in pips, points or percent: coloured by trend, with an arrow and a sign (colour is never the only signal). */
export function Change({ text, value, unit, digits = 1, trend, className, ...rest }: ChangeProps) {
  const t: Trend = trend ?? (value === undefined ? 'neutral' : value >= 0 ? 'up' : 'down');
  const suffix = !unit ? '' : unit === '%' ? '%' : ` ${unit}`;
  const label = text ?? `${signed(value ?? 0, digits)}${suffix}`;
  const Icon = t === 'up' ? IconTriangleFilled : t === 'down' ? IconTriangleInvertedFilled : null;
  const words = trendWords(t);
  return (
    <Text
      component="span"
      className={['t0-num', trendClass(t), className ?? ''].filter(Boolean).join(' ')}
      style={{ whiteSpace: 'nowrap' }}
      data-trend={t}
      {...rest}
    >
      {Icon && <Icon size="0.7em" aria-hidden style={{ marginRight: 4 }} />}
      {label}
      {words && <VisuallyHidden>{words}</VisuallyHidden>}
    </Text>
  );
}
