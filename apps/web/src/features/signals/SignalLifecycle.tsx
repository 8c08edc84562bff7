import { Divider, Stack } from '@mantine/core';
import type { SignalView } from '@t0/contracts';
import { useSignalEvents } from './queries';
import { SignalOutcome } from './SignalOutcome';
import { SignalTimeline } from './SignalTimeline';

export interface SignalLifecycleProps {
  signal: SignalView;
  prices: { data?: Record<string, unknown> };
}

/** The signal dialog's outcome (or floating result) and timeline. */
export function SignalLifecycle({ signal, prices }: SignalLifecycleProps) {
  const events = useSignalEvents(signal.id, `${signal.status}:${signal.slPrice}:${signal.t0Hit}`);
  const live = prices.data?.[signal.instrument];
  return (
    <Stack gap="md">
      <SignalOutcome signal={signal} livePrice={typeof live === 'number' ? live : null} events={events.data} />
      <Divider />
      <SignalTimeline instrument={signal.instrument} query={events} />
    </Stack>
  );
}
