import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordInput, type ForgotPasswordInput } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { useT } from '../../lib/i18n/language';
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
  const { t } = useT();
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: email ?? '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: t('auth:forgot.sent'), description: t('auth:forgot.sentText') });
      form.reset();
      onClose();
    } catch (err) {
      toast({
        title: t('auth:forgot.failed'),
        // The server's reason as it wrote it; ours when it gave none.
        description: errorMessage(err, t('auth:forgot.failedText')),
        variant: 'destructive',
      });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('auth:forgot.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed" className="t0-prose">
            {t('auth:forgot.text')}
          </Text>
          <TextInput
            label={t('auth:field.email')}
            type="email"
            autoComplete="email"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} type="button">
              {t('auth:forgot.cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('auth:forgot.sending') : t('auth:forgot.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
