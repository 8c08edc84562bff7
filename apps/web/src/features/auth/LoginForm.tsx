import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLogin2 } from '@tabler/icons-react';
import { loginInput, type LoginInput } from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n/language';
import { useNavigate } from 'react-router';
import { CodeStep } from '../second-factor/CodeStep';
import { setCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

export function LoginForm({
  onForgot,
  initialEmail = '',
  stayWithoutAccess = false,
}: {
  onForgot: (email: string) => void;
  initialEmail?: string;
  /**
   * A plan was chosen: an account without access stays here after signing in, where the chosen plan
   * waits with its button, rather than going on to /dashboard (which shows it the landing page).
   */
  stayWithoutAccess?: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const { t } = useT();
  // An administrator with two-factor authentication gives a code after the password.
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validate: schemaResolver(loginInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      setCurrentUser(queryClient, user);
      if (user.secondFactor === 'code_required') {
        setNeedsCode(true);
        return;
      }
      toast({ title: t('auth:toast.welcome'), description: t('auth:toast.loggedInAs', { email: user.email }) });
      if (stayWithoutAccess && !user.hasActiveSubscription) return;
      void navigate('/dashboard');
    } catch (err) {
      // The server's reason as it wrote it; ours when it gave none.
      toast({
        title: t('auth:toast.loginFailed'),
        description: errorMessage(err, t('auth:toast.loginFailed')),
        variant: 'destructive',
      });
    }
  });

  if (needsCode) {
    return (
      <CodeStep
        onPassed={(user) => {
          toast({ title: t('auth:toast.welcome'), description: t('auth:toast.loggedInAs', { email: user.email }) });
          void navigate('/dashboard');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth:login.label')} data-testid="login-form">
      <Stack gap="md">
        <TextInput
          label={t('auth:field.email')}
          type="email"
          autoComplete="username"
          placeholder="trader@example.com"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth:field.password')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth:field.showPassword') }}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" fz="xs" onClick={() => onForgot(form.getValues().email)}>
            {t('auth:login.forgot')}
          </Anchor>
        </Group>
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={login.isPending}
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          {login.isPending ? t('auth:login.pending') : t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
