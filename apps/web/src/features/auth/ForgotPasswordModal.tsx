import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordInput, type ForgotPasswordInput } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

export function ForgotPasswordModal({
  opened,
  onClose,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  email?: string;
}) {
  const trpc = useTRPC();
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: email ?? '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Reset Link Sent', description: 'Check your email for password reset instructions' });
      form.reset();
      onClose();
    } catch (err) {
      toast({
        title: 'Reset Failed',
        description: errorMessage(err, 'Failed to send reset email'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="RESET ACCESS CODE">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed" className="t0-prose">
            Enter the e-mail address of your account. If it is registered, a reset link valid for one hour is on its
            way.
          </Text>
          <TextInput label="EMAIL" type="email" autoComplete="email" data-autofocus {...form.getInputProps('email')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} type="button">
              CANCEL
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'SENDING...' : 'SEND_RESET'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
