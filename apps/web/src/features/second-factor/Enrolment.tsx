import { Button, Code, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { secondFactorConfirmInput, type SecondFactorEnrolment } from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_USER_KEY } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Two-factor set-up: a new secret as a QR code and as text, confirmed with a first code; then the
 * ten recovery codes, shown once.
 */
export function Enrolment({ account, onDone }: { account: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const start = useMutation(trpc.secondFactor.enrol.mutationOptions());
  const confirm = useMutation(trpc.secondFactor.confirm.mutationOptions());
  const [setup, setSetup] = useState<SecondFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function begin() {
    try {
      setSetup(await start.mutateAsync());
    } catch (err) {
      toast({
        title: 'Set-up failed',
        description: errorMessage(err, 'Two-factor set-up could not start. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = secondFactorConfirmInput.safeParse({ code });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    try {
      const result = await confirm.mutateAsync(checked.data);
      setCodes(result.recoveryCodes);
      toast({ title: 'Two-factor authentication on', description: 'Save your recovery codes now' });
    } catch (err) {
      const message = errorMessage(err, 'That code could not be checked. Please try again.');
      setError(message);
      toast({ title: 'Code not accepted', description: message, variant: 'destructive' });
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        account={account}
        onDone={() => {
          void queryClient.invalidateQueries();
          void queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
          onDone();
        }}
      />
    );
  }

  if (!setup) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Use an authenticator app (Google Authenticator, 1Password, Authy…) to sign in with a 6-digit code after your
          password.
        </Text>
        <Button
          leftSection={<IconQrcode size={18} aria-hidden />}
          onClick={() => void begin()}
          disabled={start.isPending}
        >
          {start.isPending ? 'STARTING...' : 'SET UP TWO-FACTOR AUTHENTICATION'}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm two-factor set-up" data-testid="second-factor-enrolment">
      <Stack gap="md">
        <Text size="sm">1. Scan this QR code with your authenticator app, or type the key by hand.</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Paper p={6} bg="white" radius="xs" style={{ lineHeight: 0 }}>
            <Image src={setup.qrCode} alt="QR code of the two-factor secret" w={176} h={176} />
          </Paper>
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text className="t0-label">KEY</Text>
            <Code block data-testid="second-factor-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {setup.secret}
            </Code>
            <Text size="xs" c="dimmed">
              Time-based, 6 digits, 30 seconds.
            </Text>
          </Stack>
        </Group>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <TextInput
          label="CODE"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          maw={240}
          value={code}
          error={error ?? undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
        />
        <Group>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'CONFIRMING...' : 'CONFIRM AND TURN ON'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
