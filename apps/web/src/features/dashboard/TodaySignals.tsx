import { Text, type TextProps } from '@mantine/core';
import { dailyTradesState, signalsToday } from '@t0/contracts';
import { useTimeZone } from '../../lib/time-zone';
import { useTerminalT } from './words';

const tone = { open: 'var(--t0-muted)', reached: 'var(--t0-warn)', over: 'var(--t0-down)' } as const;

export interface TodaySignalsProps extends TextProps {
  signals: readonly { createdAt: string }[];
  /** The trading config's max daily trades. */
  max: string | number;
}

/** "TODAY: 2 OF 10 SIGNALS": today's signals (the reader's day) against the max daily trades. */
export function TodaySignals({ signals, max, ...props }: TodaySignalsProps) {
  const zone = useTimeZone();
  const { t } = useTerminalT();
  const count = signalsToday(signals, zone);
  const state = dailyTradesState(count, max);
  const limit = Number(max);
  return (
    <Text
      size="xs"
      fw={700}
      className="t0-num"
      c={tone[state]}
      data-testid="today-signals"
      data-state={state}
      {...props}
    >
      {Number.isFinite(limit) && limit > 0
        ? t('terminal:today.countOf', { count, limit })
        : t('terminal:today.count', { count })}
      {state === 'reached'
        ? ` · ${t('terminal:today.reached')}`
        : state === 'over'
          ? ` · ${t('terminal:today.over')}`
          : ''}
    </Text>
  );
}
