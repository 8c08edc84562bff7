import { Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  notificationCreateInput,
  type Notification,
  type NotificationPriority,
  type NotificationType,
} from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';

interface EditValues {
  title: string;
  message: string;
  type: string;
  priority: string;
  isGlobal: boolean;
}

const asValues = (n: Notification): EditValues => ({
  title: n.title,
  message: n.message,
  type: n.type,
  priority: n.priority,
  isGlobal: n.isGlobal,
});

// Types and priorities stored by older records are offered too, so editing never drops them.
const options = (known: readonly string[], current: string) =>
  (known.includes(current) ? known : [...known, current]).map((v) => ({ value: v, label: v.toUpperCase() }));

/** The Edit Notification modal: title, message, type, priority, global switch. */
export function EditNotificationModal({
  notification,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={notification !== null} onClose={onClose} title="EDIT NOTIFICATION" size="lg">
      {notification && <EditNotificationForm key={notification.id} notification={notification} onClose={onClose} />}
    </Modal>
  );
}

function EditNotificationForm({ notification, onClose }: { notification: Notification; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const form = useForm<EditValues>({
    initialValues: asValues(notification),
    validate: schemaResolver(notificationCreateInput.omit({ scheduledFor: true }), { sync: true }),
  });
  const update = useMutation(
    trpc.notifications.update.mutationOptions({
      onSuccess: () => {
        feedback.ok('NOTIFICATION UPDATED');
        void queryClient.invalidateQueries(trpc.notifications.pathFilter());
        void queryClient.invalidateQueries(trpc.userNotifications.pathFilter());
        onClose();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error),
    }),
  );

  const submit = form.onSubmit((values) => {
    update.mutate({
      id: notification.id,
      title: values.title,
      message: values.message,
      type: values.type as NotificationType,
      priority: values.priority as NotificationPriority,
      isGlobal: values.isGlobal,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Message" withAsterisk autosize minRows={3} {...form.getInputProps('message')} />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Type"
            data={options(NOTIFICATION_TYPES, form.values.type)}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Select
            label="Priority"
            data={options(NOTIFICATION_PRIORITIES, form.values.priority)}
            allowDeselect={false}
            {...form.getInputProps('priority')}
          />
        </Group>
        <Switch label="Global broadcast" {...form.getInputProps('isGlobal', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            CANCEL
          </Button>
          <Button type="submit" loading={update.isPending}>
            UPDATE NOTIFICATION
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
