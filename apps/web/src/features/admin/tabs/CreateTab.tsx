import { SimpleGrid } from '@mantine/core';
import { BroadcastForm } from './BroadcastForm';
import { SignalGenerator } from './SignalGenerator';
import { useDesk } from '../desk';

/** Broadcast a notification or publish a trading signal (an analyst: publish only). */
export function CreateTab() {
  if (useDesk().kind === 'analyst')
    return (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SignalGenerator />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <BroadcastForm />
      <SignalGenerator />
    </SimpleGrid>
  );
}
