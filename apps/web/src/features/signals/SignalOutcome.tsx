import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  floatingResult,
  isUnlockedSignal,
  formatDuration,
  formatPips,
  formatPrice,
  formatR,
  signalOutcome,
  unitName,
  type SignalEvent,
  type SignalView,
} from '@t0/contracts';
import { useSignalT } from './words';

/** Why a trade ended, by the signal's close reason: the catalogue's keys, written in full. */
const REASONS: Record<string, string> = {
  target: 'signal:outcome.reason.target',
  stop: 'signal:outcome.reason.stop',
  breakeven: 'signal:outcome.reason.breakeven',
  manual: 'signal:outcome.reason.manual',
  withdrawn: 'signal:outcome.reason.withdrawn',
};

const tone = (r: number | null | undefined) =>
  r == null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

function Figure({
  label,
  value,
  colour,
  testId,
  word = false,
}: {
  label: string;
  value: string;
  colour?: string | undefined;
  testId?: string;
  /** A word (why the trade ended), read in the page's direction, not a figure. */
  word?: boolean;
}) {
  return (
    <Stack gap={2}>
      <Text className="t0-label">{label}</Text>
      <Text className={word ? undefined : 't0-num'} fw={700} c={colour} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export interface SignalOutcomeProps {
  signal: SignalView;
  livePrice: number | null;
  events: SignalEvent[] | undefined;
}

/**
 * How the trade stands: while open, the floating result from the live price; once closed, the
 * outcome computed from the event log (exit, pips, R, duration, best and worst excursion in R).
 */
export function SignalOutcome({ signal, livePrice, events }: SignalOutcomeProps) {
  const { t } = useSignalT();
  if (isUnlockedSignal(signal) && signal.status === 'active') {
    const floating = floatingResult(signal, livePrice);
    return (
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="signal-outcome">
        <Figure
          label={t('signal:outcome.floating')}
          value={formatPips(floating?.pips, signal.instrument)}
          colour={tone(floating?.pips)}
          testId="outcome-pips"
        />
        <Figure
          label={t('signal:outcome.floatingR')}
          value={formatR(floating?.r)}
          colour={tone(floating?.r)}
          testId="outcome-r"
        />
        <Figure
          label={t('signal:outcome.risk')}
          value={signal.riskPips === null ? '--' : `${signal.riskPips.toFixed(1)} ${unitName(signal.instrument)}`}
        />
      </SimpleGrid>
    );
  }
  if (signal.status !== 'closed' && signal.status !== 'withdrawn') return null;
  const reasonOf = (reason: string | null | undefined) => {
    const key = REASONS[reason ?? ''];
    return key ? t(key) : '--';
  };
  const o = events?.length ? signalOutcome(events) : null;
  const r = o?.r ?? signal.result?.r ?? null;
  const pips = o?.pips ?? signal.result?.pips ?? null;
  if (pips === null && r === null) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="signal-outcome">
      <Figure
        label={t('signal:outcome.result')}
        value={formatPips(pips, signal.instrument)}
        colour={tone(pips)}
        testId="outcome-pips"
      />
      <Figure label="R" value={formatR(r)} colour={tone(r)} testId="outcome-r" />
      <Figure
        label={t('signal:outcome.exit')}
        value={formatPrice(signal.instrument, o?.exitPrice ?? signal.exitPrice)}
      />
      <Figure label={t('signal:outcome.endedBy')} value={reasonOf(o?.reason ?? signal.closeReason)} word />
      <Figure label={t('signal:outcome.duration')} value={formatDuration(o?.durationMs)} />
      <Figure label={t('signal:outcome.best')} value={formatR(o?.mfeR)} colour="var(--t0-up)" />
      <Figure label={t('signal:outcome.worst')} value={formatR(o?.maeR)} colour="var(--t0-down)" />
      <Figure
        label={t('signal:outcome.risk')}
        value={signal.riskPips === null ? '--' : `${signal.riskPips.toFixed(1)} ${unitName(signal.instrument)}`}
      />
    </SimpleGrid>
  );
}
