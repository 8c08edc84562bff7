import { Button, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NOTIFICATION_FORM_DEFAULTS,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
  notificationCreateInput,
} from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentTimeZone, fromDateTimeLocal } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';

interface BroadcastValues {
  title: string;
  message: string;
  type: string;
  priority: string;
  isGlobal: boolean;
  /** `datetime-local` text; empty sends at once. */
  scheduledFor: string;
}

const initialValues: BroadcastValues = {
  title: '',
  message: '',
  type: NOTIFICATION_FORM_DEFAULTS.type,
  priority: NOTIFICATION_FORM_DEFAULTS.priority,
  isGlobal: NOTIFICATION_FORM_DEFAULTS.isGlobal,
  scheduledFor: '',
};

/** The broadcast notification form of the console's create tab. */
export function BroadcastForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const form = useForm<BroadcastValues>({
    initialValues,
    validate: schemaResolver(notificationCreateInput, { sync: true }),
  });
  const broadcast = useMutation(
    trpc.notifications.create.mutationOptions({
      onSuccess: () => {
        feedback.ok('NOTIFICATION BROADCAST', 'Message successfully transmitted to all users');
        form.reset();
        void queryClient.invalidateQueries(trpc.notifications.pathFilter());
        void queryClient.invalidateQueries(trpc.userNotifications.pathFilter());
      },
      onError: (error) => feedback.fail('TRANSMISSION FAILED', error),
    }),
  );

  const submit = form.onSubmit((values) => {
    broadcast.mutate({
      title: values.title,
      message: values.message,
      type: values.type as (typeof NOTIFICATION_TYPES)[number],
      priority: values.priority as (typeof NOTIFICATION_PRIORITIES)[number],
      isGlobal: values.isGlobal,
      // The local date-time the admin picked, sent as an absolute instant.
      scheduledFor: values.scheduledFor ? fromDateTimeLocal(values.scheduledFor) : undefined,
    });
  });

  return (
    <Paper p="lg" className="t0-surface" component="section" aria-labelledby="broadcast-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="broadcast-title">
            BROADCAST NOTIFICATION
          </Title>
          <TextInput
            label="Title"
            withAsterisk
            description={`${form.values.title.length}/${NOTIFICATION_TITLE_MAX}`}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Message"
            withAsterisk
            autosize
            minRows={3}
            description={`${form.values.message.length}/${NOTIFICATION_MESSAGE_MAX}`}
            {...form.getInputProps('message')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Type"
              data={NOTIFICATION_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
              allowDeselect={false}
              {...form.getInputProps('type')}
            />
            <Select
              label="Priority"
              data={NOTIFICATION_PRIORITIES.map((p) => ({ value: p, label: p.toUpperCase() }))}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
          </Group>
          <TextInput
            type="datetime-local"
            label="Schedule for (optional)"
            description={`Leave empty to send now. Time in ${currentTimeZone()}.`}
            {...form.getInputProps('scheduledFor')}
          />
          <Switch
            label="Global broadcast (all subscribers)"
            {...form.getInputProps('isGlobal', { type: 'checkbox' })}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {form.values.scheduledFor ? 'Will be delivered at the scheduled time.' : 'Delivered immediately.'}
            </Text>
            <Button type="submit" loading={broadcast.isPending}>
              {broadcast.isPending ? 'TRANSMITTING...' : 'BROADCAST'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
