import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  displayBias,
  formatPrice,
  isUnlockedSignal,
  priceDecimals,
  type LivePrices,
  type MonthlyBias,
  type SignalView,
} from '@t0/contracts';
import { useDates } from '../../lib/time-zone';
import { ConfidenceGauge } from '../../components/ConfidenceGauge';
import { CopyButton } from '../../components/CopyButton';
import { DirectionBadge } from '../../components/DirectionBadge';
import { StatusBadge } from '../../components/StatusBadge';
import { PnlValue } from '../signals/PnlValue';
import { SignalLifecycle } from '../signals/SignalLifecycle';
import { LivePrice } from './LivePrice';
import { LockedSignalDetail } from './LockedLevels';
import { SignalLabels } from '../legal/SignalLabels';
import { RiskCalculator } from './RiskCalculator';
import { TookItPanel } from '../journal/TookItPanel';
import { SignalChart } from './SignalChart';
import { useSignalT } from '../signals/words';
import { useTerminalT } from './words';

export interface SignalDialogProps {
  signal: SignalView | null;
  onClose: () => void;
  prices: { isLoading: boolean; error: unknown; data?: Record<string, unknown> };
}

const copyValue = (instrument: string, value: number) => value.toFixed(priceDecimals(instrument));

/** The monthly bias's words: the catalogue's keys, written in full. */
const BIASES: Record<MonthlyBias, string> = {
  Bullish: 'signal:bias.bullish',
  Bearish: 'signal:bias.bearish',
  'Potentially Reversing': 'signal:bias.reversing',
};

function PriceRow({ id, label, instrument, value }: { id: string; label: string; instrument: string; value: number }) {
  const { t } = useTerminalT();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="sm"
      py={6}
      bg="var(--t0-surface-2)"
      style={{ borderRadius: 4 }}
    >
      <Stack gap={0}>
        <Text className="t0-label">{label}</Text>
        <Text className="t0-num" fw={700} data-testid={`dialog-${id}`}>
          {formatPrice(instrument, value)}
        </Text>
      </Stack>
      <CopyButton
        value={copyValue(instrument, value)}
        label={t('terminal:dialog.copy', { label: label.toLowerCase() })}
        words={{
          copied: t('terminal:copy.copied'),
          copiedLabel: (name) => t('terminal:copy.copiedLabel', { label: name }),
          copiedTitle: t('terminal:copy.copiedTitle'),
          copiedDescription: (copied) => t('terminal:copy.copiedDescription', { value: copied }),
          failedTitle: t('terminal:copy.failedTitle'),
          failedDescription: t('terminal:copy.failedDescription'),
        }}
      />
    </Group>
  );
}

/**
 * The signal's detail: copyable levels, current price, bias, confidence, creation time, its labels
 * (author line, disclosure, risk warning), CLOSE TERMINAL.
 * A locked signal (an open signal of a room the viewer's plan does not include) shows its room,
 * publication and status, its labels, one sentence and UPGRADE: no levels, chart or timeline.
 */
export function SignalDialog({ signal, onClose, prices }: SignalDialogProps) {
  const { t } = useTerminalT();
  const { t: signalT } = useSignalT();
  const { dateTime } = useDates();
  return (
    <Modal
      opened={signal !== null}
      onClose={onClose}
      size="lg"
      title={
        signal && (
          <Group gap="xs">
            <Text fw={800} lts="0.08em" className="t0-num">
              {signal.instrument}
            </Text>
            <DirectionBadge direction={signal.direction} locked={signal.locked} t={t} />
            <StatusBadge status={signal.status} t={t} />
          </Group>
        )
      }
      closeButtonProps={{ 'aria-label': t('terminal:dialog.closeLabel') }}
    >
      {signal && !isUnlockedSignal(signal) && (
        <Stack gap="md" data-testid="signal-dialog" data-locked="true">
          <LockedSignalDetail signal={signal} />
          <SignalLabels signalId={signal.id} />
          <Button fullWidth variant="outline" color="gray" onClick={onClose}>
            {t('terminal:dialog.close')}
          </Button>
        </Stack>
      )}
      {signal && isUnlockedSignal(signal) && (
        <Stack gap="md" data-testid="signal-dialog">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <PriceRow
              id="entry"
              label={t('terminal:dialog.entry')}
              instrument={signal.instrument}
              value={signal.entryPrice}
            />
            <PriceRow id="t0" label="T0" instrument={signal.instrument} value={signal.t0Price} />
            <PriceRow id="t1" label="T1" instrument={signal.instrument} value={signal.t1Price} />
            <PriceRow
              id="stop-loss"
              label={t('terminal:dialog.stopLoss')}
              instrument={signal.instrument}
              value={signal.slPrice}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            <Stack gap={2}>
              <Text className="t0-label">{t('terminal:dialog.currentPrice')}</Text>
              {prices.data?.[signal.instrument] === undefined && signal.currentPrice !== null ? (
                <Text className="t0-num" fw={700}>
                  {formatPrice(signal.instrument, signal.currentPrice)}
                </Text>
              ) : (
                <LivePrice symbol={signal.instrument} query={prices} />
              )}
            </Stack>
            <Stack gap={2}>
              <Text className="t0-label">{t('terminal:dialog.bias')}</Text>
              <Text fw={700}>{signalT(BIASES[displayBias(signal.monthlyBias)])}</Text>
            </Stack>
            <Stack gap={2}>
              <Text className="t0-label">{t('terminal:dialog.pnl')}</Text>
              <PnlValue
                translated
                signal={signal}
                livePrice={
                  typeof prices.data?.[signal.instrument] === 'number'
                    ? (prices.data[signal.instrument] as number)
                    : null
                }
              />
            </Stack>
          </SimpleGrid>
          <SignalChart signal={signal} closedAt={signal.closedAt} />
          <RiskCalculator signal={signal} prices={prices.data as Partial<LivePrices> | undefined} />
          <TookItPanel signal={signal} />
          <Divider />
          <Group justify="space-between" align="center" wrap="wrap" gap="md">
            <ConfidenceGauge value={signal.confidence} translated />
            <Stack gap={2}>
              <Text className="t0-label">{t('terminal:dialog.created')}</Text>
              <Text className="t0-date" fw={700} data-testid="dialog-created">
                {dateTime(signal.createdAt) ?? '--'}
              </Text>
            </Stack>
          </Group>
          <SignalLabels signalId={signal.id} />
          <SignalLifecycle signal={signal} prices={prices} />
          {signal.memo.trim() && (
            <Stack gap={2}>
              <Text className="t0-label">{t('terminal:dialog.memo')}</Text>
              <Text size="sm" className="t0-prose" style={{ whiteSpace: 'pre-wrap' }}>
                {signal.memo}
              </Text>
            </Stack>
          )}
          <Button fullWidth variant="outline" color="gray" onClick={onClose}>
            {t('terminal:dialog.close')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
