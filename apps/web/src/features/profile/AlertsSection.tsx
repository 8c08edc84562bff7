import {
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DELIVERY_CHANNELS,
  DELIVERY_EVENTS,
  INSTRUMENTS,
  type DeliveryPreferences,
  type DeliveryPreferencesInput,
  type NotificationSettings,
  type User,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { accessOf, isSubscribed } from '../../lib/gates';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { CommunitySection } from './CommunitySection';
import { TelegramSection } from './TelegramSection';
import { WebhooksSection } from './WebhooksSection';
import { WebPushSection } from './WebPushSection';
import { AnalystRulesField } from './AnalystRulesField';
import { PriceAlertsSection } from '../price-alerts/PriceAlertsSection';
import { CHANNEL_KEYS, EVENT_KEYS, useProfileT } from './words';

const switches: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'profile:alerts.email', description: 'profile:alerts.emailHint' },
  { key: 'smsAlerts', label: 'profile:alerts.sms', description: 'profile:alerts.smsHint' },
  { key: 'tradingSignals', label: 'profile:alerts.signals', description: 'profile:alerts.signalsHint' },
  { key: 'priceAlerts', label: 'profile:alerts.prices', description: 'profile:alerts.pricesHint' },
];

type Form = Omit<DeliveryPreferencesInput, 'quietHours' | 'analysts'> & {
  analysts: NonNullable<DeliveryPreferencesInput['analysts']>;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  urgentStillComes: boolean;
};

function toForm(p: DeliveryPreferences): Form {
  return {
    channels: p.channels,
    instruments: p.instruments,
    analysts: p.analysts,
    discordWebhookUrl: p.discordWebhookUrl,
    quiet: p.quietHours !== null,
    quietStart: p.quietHours?.start ?? '22:00',
    quietEnd: p.quietHours?.end ?? '07:00',
    urgentStillComes: p.quietHours?.urgentStillComes ?? true,
  };
}

function toInput(f: Form): DeliveryPreferencesInput {
  return {
    channels: f.channels,
    instruments: f.instruments,
    analysts: f.analysts,
    discordWebhookUrl: f.discordWebhookUrl?.trim() ? f.discordWebhookUrl.trim() : null,
    quietHours: f.quiet ? { start: f.quietStart, end: f.quietEnd, urgentStillComes: f.urgentStillComes } : null,
  };
}

function AlertsForm({ saved, delivery }: { saved: NotificationSettings; delivery: DeliveryPreferences }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const [values, setValues] = useState(saved);
  const [form, setForm] = useState(() => toForm(delivery));
  useEffect(() => setValues(saved), [saved]);
  useEffect(() => setForm(toForm(delivery)), [delivery]);
  const save = useMutation(trpc.auth.saveNotificationSettings.mutationOptions());
  const saveDelivery = useMutation(trpc.delivery.savePreferences.mutationOptions());
  const pending = save.isPending || saveDelivery.isPending;
  const states = delivery.channelStates;
  const { t } = useProfileT();

  async function submit() {
    try {
      const stored = await save.mutateAsync(values);
      queryClient.setQueryData(trpc.auth.notificationSettings.queryKey(), stored);
      const storedDelivery = await saveDelivery.mutateAsync(toInput(form));
      queryClient.setQueryData(trpc.delivery.preferences.queryKey(), storedDelivery);
      toast({ title: t('profile:alerts.saved'), description: t('profile:alerts.savedText') });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:alerts.failed'),
        description: errorMessage(err, t('profile:alerts.failedText')),
        variant: 'destructive',
      });
    }
  }

  const setCell = (event: (typeof DELIVERY_EVENTS)[number], channel: (typeof DELIVERY_CHANNELS)[number], on: boolean) =>
    setForm((f) => ({ ...f, channels: { ...f.channels, [event]: { ...f.channels[event], [channel]: on } } }));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="alert-switches">
        {switches.map((s) => (
          <Switch
            key={s.key}
            label={t(s.label)}
            description={t(s.description)}
            checked={values[s.key]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setValues((v) => ({ ...v, [s.key]: checked }));
            }}
          />
        ))}
      </SimpleGrid>

      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t('profile:alerts.channels')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile:alerts.channelsHint')}
        </Text>
      </Stack>
      <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('profile:alerts.channelsLabel')}>
        <Table verticalSpacing={6} horizontalSpacing="xs" miw={640} data-testid="channel-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile:alerts.eventHeader')}</Table.Th>
              {DELIVERY_CHANNELS.map((c) => (
                <Table.Th key={c} ta="center">
                  <Stack gap={2} align="center">
                    <Text size="xs" fw={700} ff="monospace">
                      {t(CHANNEL_KEYS[c])}
                    </Text>
                    {states[c] === 'not_configured' && (
                      <Badge size="xs" color="gray" variant="outline" radius="xs">
                        {t('profile:alerts.notConfigured')}
                      </Badge>
                    )}
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DELIVERY_EVENTS.map((e) => (
              <Table.Tr key={e}>
                <Table.Td ff="monospace" fz="sm">
                  {t(EVENT_KEYS[e])}
                </Table.Td>
                {DELIVERY_CHANNELS.map((c) => (
                  <Table.Td key={c}>
                    <Group justify="center">
                      <Checkbox
                        aria-label={t('profile:alerts.cell', { event: t(EVENT_KEYS[e]), channel: t(CHANNEL_KEYS[c]) })}
                        disabled={states[c] === 'not_configured'}
                        checked={states[c] !== 'not_configured' && form.channels[e][c]}
                        onChange={(ev) => setCell(e, c, ev.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>

      <Stack gap={6}>
        <Text className="t0-label">{t('profile:alerts.instruments')}</Text>
        <Text size="sm" c="dimmed">
          {t('profile:alerts.instrumentsHint')}
        </Text>
        <Chip.Group
          multiple
          value={form.instruments}
          onChange={(v) => setForm((f) => ({ ...f, instruments: v as Form['instruments'] }))}
        >
          <Group gap="xs">
            {INSTRUMENTS.map((i) => (
              <Chip key={i} value={i} size="sm" radius="xs">
                {i}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>

      <AnalystRulesField value={form.analysts} onChange={(analysts) => setForm((f) => ({ ...f, analysts }))} />

      <Stack gap="xs">
        <Switch
          label={t('profile:alerts.quiet')}
          description={t('profile:alerts.quietHint')}
          checked={form.quiet}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setForm((f) => ({ ...f, quiet: checked }));
          }}
        />
        {form.quiet && (
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              type="time"
              label={t('profile:alerts.from')}
              w={130}
              value={form.quietStart}
              onChange={(e) => setForm((f) => ({ ...f, quietStart: e.currentTarget.value }))}
            />
            <TextInput
              type="time"
              label={t('profile:alerts.to')}
              w={130}
              value={form.quietEnd}
              onChange={(e) => setForm((f) => ({ ...f, quietEnd: e.currentTarget.value }))}
            />
            <Switch
              label={t('profile:alerts.urgent')}
              description={t('profile:alerts.urgentHint')}
              checked={form.urgentStillComes}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setForm((f) => ({ ...f, urgentStillComes: checked }));
              }}
            />
          </Group>
        )}
      </Stack>

      <TextInput
        label={t('profile:alerts.discord')}
        description={states.discord === 'ready' ? t('profile:alerts.discordHint') : t('profile:alerts.discordOff')}
        placeholder="https://discord.com/api/webhooks/…"
        dir="ltr"
        disabled={states.discord !== 'ready'}
        value={form.discordWebhookUrl ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setForm((f) => ({ ...f, discordWebhookUrl: v }));
        }}
      />

      <Group justify="flex-end">
        <Button onClick={submit} disabled={pending}>
          {pending ? t('profile:alerts.saving') : t('profile:alerts.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function AlertsSection({ user }: { user: User }) {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
  const query = useQuery(trpc.auth.notificationSettings.queryOptions());
  const delivery = useQuery(trpc.delivery.preferences.queryOptions());
  const { t } = useProfileT();
  const error = query.error ?? delivery.error;
  useEffect(() => {
    if (error) toAuth(error);
  }, [error, toAuth]);
  return (
    <Stack gap="lg">
      <Section title={t('profile:alerts.title')} description={t('profile:alerts.description')} testId="alerts-section">
        {query.isPending || delivery.isPending ? (
          <LoadingSkeleton variant="rows" count={4} label={t('profile:alerts.loading')} />
        ) : query.isError || delivery.isError ? (
          <ErrorPanel
            text={t('profile:alerts.loadFailed')}
            onRetry={() => {
              void query.refetch();
              void delivery.refetch();
            }}
            retrying={query.isFetching || delivery.isFetching}
          />
        ) : (
          <AlertsForm saved={query.data} delivery={delivery.data} />
        )}
      </Section>
      {isSubscribed(accessOf(user)) && <PriceAlertsSection />}
      <WebPushSection subscribed={isSubscribed(accessOf(user))} />
      <TelegramSection subscribed={isSubscribed(accessOf(user))} />
      <CommunitySection />
      <WebhooksSection subscribed={isSubscribed(accessOf(user))} />
    </Stack>
  );
}
