import { Button, Divider, Group, PasswordInput, Stack, Switch } from '@mantine/core';
import { changePasswordForm } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PASSWORD_HINT } from '../auth/RegisterForm';
import { ApiAccessLink } from './ApiAccessLink';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change with the client rules of spec 1 §5; the server applies the registration rules. */
export function SecuritySection({ twoFactorBelow = false }: { twoFactorBelow?: boolean } = {}) {
  const trpc = useTRPC();
  const toAuth = useUnauthorizedRedirect();
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
      toast({ title: 'Validation Error', description: issue.message, variant: 'destructive' });
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(empty);
      toast({
        title: 'Security Updated',
        description: 'Your password has been changed. Other devices were signed out and your API tokens revoked.',
      });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Security Update Failed',
        description: errorMessage(err, 'Failed to update password. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  const toggle = { visibilityToggleButtonProps: { 'aria-label': 'Show or hide password' } };
  return (
    <Section
      title="SECURITY"
      description="Change your password. Other devices are signed out and all your API tokens are revoked when it changes."
      testId="security-section"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="CURRENT PASSWORD"
            autoComplete="current-password"
            {...toggle}
            {...bind('currentPassword')}
          />
          <PasswordInput
            label="NEW PASSWORD"
            autoComplete="new-password"
            description={PASSWORD_HINT}
            {...toggle}
            {...bind('newPassword')}
          />
          <PasswordInput
            label="CONFIRM NEW PASSWORD"
            autoComplete="new-password"
            {...toggle}
            {...bind('confirmPassword')}
          />
          <Divider />
          {!twoFactorBelow && (
            <Switch label="TWO-FACTOR AUTHENTICATION" description="For administrator accounts" disabled />
          )}
          <ApiAccessLink />
          <Group justify="flex-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'UPDATING...' : 'UPDATE SECURITY'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
