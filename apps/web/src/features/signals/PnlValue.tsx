import { Text } from '@mantine/core';
import { floatingResult, formatPips, formatR, isUnlockedSignal, type SignalView } from '@t0/contracts';
import { englishT } from '../../lib/i18n/english';
import { useSignalT } from './words';

/**
 * The P&L of a signal: its outcome once closed, the floating result from the live price while open
 * (the server's last price when no live price is known), `--` before a fill. The figures are the
 * same in every language; `translated` names the `--` in the reader's language (the console's
 * stays English).
 */
export function PnlValue({
  signal,
  livePrice,
  size = 'sm',
  translated = false,
}: {
  signal: SignalView;
  livePrice: number | null;
  size?: string;
  translated?: boolean;
}) {
  const { t: readerT } = useSignalT();
  const t = translated ? readerT : englishT;
  const result =
    isUnlockedSignal(signal) && signal.status === 'active' ? floatingResult(signal, livePrice) : signal.result;
  if (!result) {
    return (
      <Text size={size} c="dimmed" className="t0-num" component="span" aria-label={t('signal:pnl.none')}>
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
