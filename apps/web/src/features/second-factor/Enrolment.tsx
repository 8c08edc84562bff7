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
import { englishT, type Translate } from './words';

/**
 * Two-factor set-up: a new secret as a QR code and as text, confirmed with a first code; then the
 * ten recovery codes, shown once. In the reader's words in the profile (`t`); English in the console.
 */
export function Enrolment({ account, onDone, t = englishT }: { account: string; onDone: () => void; t?: Translate }) {
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
        title: t('profile:twoFactor.setupFailed'),
        description: errorMessage(err, t('profile:twoFactor.setupFailedText')),
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
      toast({ title: t('profile:twoFactor.turnedOn'), description: t('profile:twoFactor.turnedOnText') });
    } catch (err) {
      const message = errorMessage(err, t('profile:twoFactor.codeUnchecked'));
      setError(message);
      toast({ title: t('profile:twoFactor.codeRefused'), description: message, variant: 'destructive' });
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        account={account}
        t={t}
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
        <Text size="sm">{t('profile:twoFactor.intro')}</Text>
        <Button
          leftSection={<IconQrcode size={18} aria-hidden />}
          onClick={() => void begin()}
          disabled={start.isPending}
        >
          {start.isPending ? t('profile:twoFactor.starting') : t('profile:twoFactor.setUp')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('profile:twoFactor.confirmLabel')}
      data-testid="second-factor-enrolment"
    >
      <Stack gap="md">
        <Text size="sm">{t('profile:twoFactor.scan')}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Paper p={6} bg="white" radius="xs" style={{ lineHeight: 0 }}>
            <Image src={setup.qrCode} alt={t('profile:twoFactor.qr')} w={176} h={176} />
          </Paper>
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text className="t0-label">{t('profile:twoFactor.key')}</Text>
            <Code
              block
              dir="ltr"
              data-testid="second-factor-secret"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {setup.secret}
            </Code>
            <Text size="xs" c="dimmed">
              {t('profile:twoFactor.keyHint')}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">{t('profile:twoFactor.enter')}</Text>
        <TextInput
          label={t('profile:twoFactor.code')}
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
            {confirm.isPending ? t('profile:twoFactor.confirming') : t('profile:twoFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
