import { SimpleGrid } from '@mantine/core';
import { BroadcastForm } from './BroadcastForm';
import { SignalGenerator } from './SignalGenerator';

/** Broadcast a notification or publish a trading signal. */
export function CreateTab() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <BroadcastForm />
      <SignalGenerator />
    </SimpleGrid>
  );
}
