import { Button, Divider, Group, PasswordInput, Stack, Switch } from '@mantine/core';
import { changePasswordForm } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ApiAccessLink } from './ApiAccessLink';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password change with the client's own rules (all three fields required, new and confirm the same, the new
 * one at least 6 characters); the server applies the registration rules.
 */
export function SecuritySection({ twoFactorBelow = false }: { twoFactorBelow?: boolean } = {}) {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
  const { t } = useProfileT();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [values, setValues] = useState(empty);
  const [fieldError, setFieldError] = useState<{ field: keyof typeof empty; message: string } | null>(null);

  const bind = (field: keyof typeof empty) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (fieldError?.field === field) setFieldError(null);
    },
    error: fieldError?.field === field ? fieldError.message : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = changePasswordForm.safeParse(values);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setFieldError({ field: issue.path[0] as keyof typeof empty, message: issue.message });
      toast({ title: t('profile:security.invalid'), description: issue.message, variant: 'destructive' });
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(empty);
      toast({
        title: t('profile:security.saved'),
        description: t('profile:security.savedText'),
      });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:security.failed'),
        description: errorMessage(err, t('profile:security.failedText')),
        variant: 'destructive',
      });
    }
  }

  const toggle = { visibilityToggleButtonProps: { 'aria-label': t('profile:security.toggle') } };
  return (
    <Section
      title={t('profile:security.title')}
      description={t('profile:security.description')}
      testId="security-section"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('profile:security.current')}
            autoComplete="current-password"
            {...toggle}
            {...bind('currentPassword')}
          />
          <PasswordInput
            label={t('profile:security.new')}
            autoComplete="new-password"
            description={t('auth:field.passwordHint')}
            {...toggle}
            {...bind('newPassword')}
          />
          <PasswordInput
            label={t('profile:security.confirm')}
            autoComplete="new-password"
            {...toggle}
            {...bind('confirmPassword')}
          />
          <Divider />
          {!twoFactorBelow && (
            <Switch
              label={t('profile:security.twoFactor')}
              description={t('profile:security.twoFactorHint')}
              disabled
            />
          )}
          <ApiAccessLink />
          <Group justify="flex-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('profile:security.updating') : t('profile:security.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
