import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { secondFactorDisableInput } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_USER_KEY } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { Enrolment } from './Enrolment';
import { RecoveryCodes } from './RecoveryCodes';

/** The profile's two-factor section, for administrators: set up, new recovery codes, turn off. */
export function TwoFactorSection({ account }: { account: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  const disable = useMutation(trpc.secondFactor.disable.mutationOptions());
  const renew = useMutation(trpc.secondFactor.renewRecoveryCodes.mutationOptions());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
    void queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
  };

  async function act(event: FormEvent, kind: 'disable' | 'renew') {
    event.preventDefault();
    const checked = secondFactorDisableInput.safeParse({ code });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    try {
      if (kind === 'disable') {
        await disable.mutateAsync(checked.data);
        toast({ title: 'Two-factor authentication off', description: 'Sign-in needs only your password now' });
      } else {
        setCodes((await renew.mutateAsync(checked.data)).recoveryCodes);
      }
      setCode('');
      refresh();
    } catch (err) {
      const message = errorMessage(err, 'That code could not be checked. Please try again.');
      setError(message);
      toast({ title: 'Code not accepted', description: message, variant: 'destructive' });
    }
  }

  const s = status.data;
  return (
    <Section
      title="TWO-FACTOR AUTHENTICATION"
      description="Administrators and analysts sign in with a code from an authenticator app after the password."
      testId="two-factor-section"
    >
      {status.isLoading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : !s ? (
        <Text size="sm" c="red">
          {errorMessage(status.error, 'Two-factor status could not be read.')}
        </Text>
      ) : codes ? (
        <RecoveryCodes codes={codes} account={account} onDone={() => setCodes(null)} />
      ) : !s.enabled ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="amber" variant="outline" radius="xs">
              OFF
            </Badge>
            {s.required && (
              <Text size="sm" c="dimmed">
                Required for administrators on this server.
              </Text>
            )}
          </Group>
          <Enrolment account={account} onDone={refresh} />
        </Stack>
      ) : (
        <form onSubmit={(e) => void act(e, 'disable')} noValidate>
          <Stack gap="md">
            <Group gap="xs">
              <Badge color="terminal" variant="outline" radius="xs">
                ON
              </Badge>
              <Text size="sm" c="dimmed" data-testid="recovery-codes-left">
                {s.recoveryCodesLeft} recovery codes left
              </Text>
            </Group>
            <TextInput
              label="CURRENT CODE"
              description="A 6-digit code or a recovery code, to turn it off or get new recovery codes"
              autoComplete="one-time-code"
              maw={320}
              value={code}
              error={error ?? undefined}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(null);
              }}
            />
            <Group gap="sm">
              <Button variant="default" disabled={renew.isPending} onClick={(e) => void act(e, 'renew')}>
                {renew.isPending ? 'RENEWING...' : 'NEW RECOVERY CODES'}
              </Button>
              <Button type="submit" color="red" variant="outline" disabled={disable.isPending || s.required}>
                {disable.isPending ? 'TURNING OFF...' : 'TURN OFF'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
