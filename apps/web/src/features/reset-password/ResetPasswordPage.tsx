import { Anchor, Box, Button, Center, Group, List, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCircleCheck, IconKey, IconPointFilled } from '@tabler/icons-react';
import { REDIRECT_AFTER_RESET_MS, newPasswordSchema } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LogoMark } from '../../components/shell/Brand';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const formSchema = z.object({ newPassword: newPasswordSchema });

const hints = [
  { text: 'Minimum 8 characters', ok: (p: string) => p.length >= 8 },
  { text: 'One uppercase letter', ok: (p: string) => /[A-Z]/.test(p) },
  { text: 'One special character', ok: (p: string) => /[!@#$%^&*(),.?":{}|<>]/.test(p) },
];

function Completed() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/auth', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack align="center" ta="center" gap="md" data-testid="reset-complete" role="status">
      <IconCircleCheck size={48} color="var(--t0-up)" aria-hidden />
      <Title order={2} fz="h3">
        ACCESS CODE UPDATED
      </Title>
      <Text c="dimmed" fz="sm" className="t0-prose">
        Your password has been changed. Redirecting to login in a few seconds...
      </Text>
      <Button component={Link} to="/auth" replace>
        CONTINUE TO LOGIN
      </Button>
    </Stack>
  );
}

/** /reset-password?token&email (also the welcome e-mail's set-password link). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const valid = token !== '' && email !== '';
  const warned = useRef(false);
  const [done, setDone] = useState(false);
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const form = useForm({ initialValues: { newPassword: '' }, validate: schemaResolver(formSchema, { sync: true }) });

  useEffect(() => {
    if (valid || warned.current) return;
    warned.current = true;
    toast({
      title: 'Invalid Reset Link',
      description: 'The password reset link is invalid or expired.',
      variant: 'destructive',
    });
    void navigate('/auth', { replace: true });
  }, [valid, navigate]);

  const submit = form.onSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, email, newPassword });
      toast({ title: 'Password Reset Successful', description: 'You can now log in with your new password.' });
      setDone(true);
    } catch (err) {
      toast({
        title: 'Reset Failed',
        description: errorMessage(err, 'Failed to reset password. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  if (!valid) return null;
  const password = form.getValues().newPassword;
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper w="100%" maw={440} p={{ base: 'lg', sm: 'xl' }} bg="var(--t0-surface-1)" data-testid="reset-password-page">
        <Stack gap="lg">
          <Group justify="center">
            <Anchor component={Link} to="/" aria-label="T0 Terminal home">
              <LogoMark size={40} />
            </Anchor>
          </Group>
          {done ? (
            <Completed />
          ) : (
            <form onSubmit={submit} noValidate aria-labelledby="reset-title">
              <Stack gap="md">
                <Stack gap={4} align="center" ta="center">
                  <IconKey size={28} color="var(--t0-accent)" aria-hidden />
                  <Title id="reset-title" order={1} fz="h3" lts="0.08em">
                    SET NEW ACCESS CODE
                  </Title>
                  <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {email}
                  </Text>
                </Stack>
                <PasswordInput
                  label="NEW PASSWORD"
                  autoComplete="new-password"
                  data-autofocus
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
                  {...form.getInputProps('newPassword')}
                />
                <List spacing={2} size="xs" aria-label="Password rules">
                  {hints.map((h) => {
                    const met = h.ok(password);
                    return (
                      <List.Item
                        key={h.text}
                        icon={
                          met ? (
                            <IconCheck size={14} color="var(--t0-up)" aria-hidden />
                          ) : (
                            <IconPointFilled size={14} color="var(--t0-muted)" aria-hidden />
                          )
                        }
                        c={met ? 'var(--t0-up)' : 'dimmed'}
                      >
                        {h.text}
                        <Box
                          component="span"
                          style={{
                            position: 'absolute',
                            width: 1,
                            height: 1,
                            overflow: 'hidden',
                            clipPath: 'inset(50%)',
                          }}
                        >
                          {met ? ' (met)' : ' (not met yet)'}
                        </Box>
                      </List.Item>
                    );
                  })}
                </List>
                <Group grow gap="sm">
                  <Button variant="default" component={Link} to="/auth">
                    CANCEL
                  </Button>
                  <Button type="submit" disabled={reset.isPending}>
                    {reset.isPending ? 'UPDATING...' : 'UPDATE PASSWORD'}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
