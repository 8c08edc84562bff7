import { Button, Group, Modal, MultiSelect, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RoomView } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { serverFieldErrors } from './serverFieldErrors';

interface RoomValues {
  slug: string;
  name: string;
  description: string;
  chatLanguage: string;
  position: number | string;
  instruments: string[];
  telegramChatId: string;
  discordRoleId: string;
}

const valuesOf = (room: RoomView | null): RoomValues => ({
  slug: room?.slug ?? '',
  name: room?.name ?? '',
  description: room?.description ?? '',
  chatLanguage: room?.chatLanguage ?? 'en',
  position: room?.position ?? '',
  instruments: room?.instruments ?? [],
  telegramChatId: room?.telegramChatId ?? '',
  discordRoleId: room?.discordRoleId ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The NEW ROOM / EDIT ROOM dialog: `room` null for a new one, undefined when closed. */
export function RoomFormModal({ room, onClose }: { room: RoomView | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={room !== undefined} onClose={onClose} title={room ? `EDIT ROOM ${room.slug}` : 'NEW ROOM'} size="lg">
      {room !== undefined && <RoomForm key={room?.slug ?? 'new'} room={room} onClose={onClose} />}
    </Modal>
  );
}

function RoomForm({ room, onClose }: { room: RoomView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const instruments = useQuery(trpc.instruments.list.queryOptions());
  const form = useForm<RoomValues>({ initialValues: valuesOf(room) });
  const onSuccess = (title: string) => () => {
    feedback.ok(title);
    void queryClient.invalidateQueries(trpc.rooms.pathFilter());
    void queryClient.invalidateQueries(trpc.plans.pathFilter());
    onClose();
  };
  const onError = (error: unknown) => {
    form.setErrors(serverFieldErrors(error));
    feedback.fail('Error', error, 'Failed to save the room');
  };
  const create = useMutation(trpc.rooms.create.mutationOptions({ onSuccess: onSuccess('ROOM ADDED'), onError }));
  const update = useMutation(trpc.rooms.update.mutationOptions({ onSuccess: onSuccess('ROOM SAVED'), onError }));
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((v) => {
    form.clearErrors();
    const fields = {
      name: v.name,
      description: v.description,
      chatLanguage: v.chatLanguage,
      position: v.position === '' ? undefined : Number(v.position),
      instruments: v.instruments,
      telegramChatId: orNull(v.telegramChatId),
      discordRoleId: orNull(v.discordRoleId),
    };
    if (room) update.mutate({ slug: room.slug, ...fields });
    else create.mutate({ slug: v.slug.trim(), ...fields });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="room-form">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Slug"
            withAsterisk
            disabled={room !== null}
            description={room ? 'Fixed once created' : 'Lowercase letters, digits and dashes'}
            placeholder="gold"
            {...form.getInputProps('slug')}
          />
          <TextInput label="Name" withAsterisk placeholder="Gold room" {...form.getInputProps('name')} />
        </Group>
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <MultiSelect
          label="Instruments"
          description={
            room?.isDefault
              ? 'Every instrument listed in no room is in this room too'
              : 'An instrument listed in another room moves here'
          }
          searchable
          data={(instruments.data ?? []).map((i) => i.symbol)}
          {...form.getInputProps('instruments')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Chat language" {...form.getInputProps('chatLanguage')} />
          <NumberInput label="Position" min={0} allowDecimal={false} {...form.getInputProps('position')} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Telegram chat id" placeholder="-100…" {...form.getInputProps('telegramChatId')} />
          <TextInput label="Discord role id" placeholder="Digits" {...form.getInputProps('discordRoleId')} />
        </Group>
        {room?.isDefault && (
          <Text size="xs" c="dimmed">
            The default room cannot be archived.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            CANCEL
          </Button>
          <Button type="submit" loading={pending} data-testid="room-save">
            {room ? 'SAVE ROOM' : 'ADD ROOM'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
