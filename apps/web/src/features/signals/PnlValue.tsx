import { Text } from '@mantine/core';
import { floatingResult, formatPips, formatR, isUnlockedSignal, type SignalView } from '@t0/contracts';

/**
 * The P&L of a signal: its outcome once closed, the floating result from the live price while open
 * (the server's last price when no live price is known), `--` before a fill.
 */
export function PnlValue({
  signal,
  livePrice,
  size = 'sm',
}: {
  signal: SignalView;
  livePrice: number | null;
  size?: string;
}) {
  const result =
    isUnlockedSignal(signal) && signal.status === 'active' ? floatingResult(signal, livePrice) : signal.result;
  if (!result) {
    return (
      <Text size={size} c="dimmed" className="t0-num" component="span" aria-label="No result yet">
        --
      </Text>
    );
  }
  const colour = result.pips > 0 ? 'var(--t0-up)' : result.pips < 0 ? 'var(--t0-down)' : undefined;
  return (
    <Text
      size={size}
      fw={700}
      className="t0-num"
      component="span"
      c={colour}
      data-testid="pnl"
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatPips(result.pips, signal.instrument)} · {formatR(result.r)}
    </Text>
  );
}
