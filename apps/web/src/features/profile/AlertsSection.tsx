import { Button, Group, Stack, Switch } from '@mantine/core';
import type { NotificationSettings } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from './Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const switches: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'EMAIL NOTIFICATIONS', description: 'Signal and announcement e-mails' },
  { key: 'smsAlerts', label: 'SMS ALERTS', description: 'Text messages for urgent alerts' },
  { key: 'tradingSignals', label: 'TRADING SIGNALS', description: 'New and updated signals' },
  { key: 'priceAlerts', label: 'PRICE ALERTS', description: 'Entry, stop and target hits' },
];

function AlertsForm({ saved }: { saved: NotificationSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);
  const save = useMutation(trpc.auth.saveNotificationSettings.mutationOptions());

  async function submit() {
    try {
      const stored = await save.mutateAsync(values);
      queryClient.setQueryData(trpc.auth.notificationSettings.queryKey(), stored);
      toast({ title: 'Alert Settings Updated', description: 'Your notification preferences have been saved.' });
    } catch (err) {
      if (toAuth(err)) return;
      toast({ title: 'Settings Update Failed', description: errorMessage(err, 'Failed to update notification settings. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Stack gap="md">
      {switches.map((s) => (
        <Switch
          key={s.key}
          label={s.label}
          description={s.description}
          checked={values[s.key]}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setValues((v) => ({ ...v, [s.key]: checked }));
          }}
        />
      ))}
      <Group justify="flex-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'SAVING...' : 'SAVE ALERT SETTINGS'}
        </Button>
      </Group>
    </Stack>
  );
}

export function AlertsSection() {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
  const query = useQuery(trpc.auth.notificationSettings.queryOptions());
  useEffect(() => {
    if (query.error) toAuth(query.error);
  }, [query.error, toAuth]);
  return (
    <Section title="ALERTS" description="Choose which alerts reach you." testId="alerts-section">
      {query.isPending ? (
        <LoadingSkeleton variant="rows" count={4} label="Loading alert settings" />
      ) : query.isError ? (
        <ErrorPanel text="Failed to load alert settings." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <AlertsForm saved={query.data} />
      )}
    </Section>
  );
}
