import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { secondFactorVerifyInput, type User } from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { setCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/**
 * The sign-in step after the password for an administrator with two-factor authentication: a
 * 6-digit code from the authenticator app or one of the recovery codes.
 */
export function CodeStep({ onPassed }: { onPassed: (user: User) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const verify = useMutation(trpc.secondFactor.verify.mutationOptions());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = secondFactorVerifyInput.safeParse({ code });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    try {
      const user = await verify.mutateAsync(checked.data);
      setCurrentUser(queryClient, user);
      // Everything read before the code was read without the role: read it again.
      await queryClient.invalidateQueries();
      onPassed(user);
    } catch (err) {
      const message = errorMessage(err, 'That code could not be checked. Please try again.');
      setError(message);
      toast({ title: 'Code not accepted', description: message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor code" data-testid="second-factor-step">
      <Stack gap="md">
        <Text size="sm">Enter your 6-digit code or a recovery code.</Text>
        <TextInput
          label="AUTHENTICATION CODE"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          placeholder="123456"
          value={code}
          error={error ?? undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
        />
        <Button
          type="submit"
          fullWidth
          disabled={verify.isPending}
          leftSection={<IconShieldLock size={18} aria-hidden />}
        >
          {verify.isPending ? 'VERIFYING...' : 'VERIFY CODE'}
        </Button>
      </Stack>
    </form>
  );
}
