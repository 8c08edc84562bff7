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
import { useProfileT } from '../profile/words';

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
  const { t } = useProfileT();

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
        toast({ title: t('profile:twoFactor.turnedOff'), description: t('profile:twoFactor.turnedOffText') });
      } else {
        setCodes((await renew.mutateAsync(checked.data)).recoveryCodes);
      }
      setCode('');
      refresh();
    } catch (err) {
      const message = errorMessage(err, t('profile:twoFactor.codeUnchecked'));
      setError(message);
      toast({ title: t('profile:twoFactor.codeRefused'), description: message, variant: 'destructive' });
    }
  }

  const s = status.data;
  return (
    <Section
      title={t('profile:twoFactor.title')}
      description={t('profile:twoFactor.description')}
      testId="two-factor-section"
    >
      {status.isLoading ? (
        <Text size="sm" c="dimmed">
          {t('profile:twoFactor.loading')}
        </Text>
      ) : !s ? (
        <Text size="sm" c="red">
          {errorMessage(status.error, t('profile:twoFactor.loadFailed'))}
        </Text>
      ) : codes ? (
        <RecoveryCodes codes={codes} account={account} onDone={() => setCodes(null)} t={t} />
      ) : !s.enabled ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="amber" variant="outline" radius="xs">
              {t('profile:twoFactor.off')}
            </Badge>
            {s.required && (
              <Text size="sm" c="dimmed">
                {t('profile:twoFactor.required')}
              </Text>
            )}
          </Group>
          <Enrolment account={account} onDone={refresh} t={t} />
        </Stack>
      ) : (
        <form onSubmit={(e) => void act(e, 'disable')} noValidate>
          <Stack gap="md">
            <Group gap="xs">
              <Badge color="terminal" variant="outline" radius="xs">
                {t('profile:twoFactor.on')}
              </Badge>
              <Text size="sm" c="dimmed" data-testid="recovery-codes-left">
                {t('profile:twoFactor.codesLeft', { count: s.recoveryCodesLeft })}
              </Text>
            </Group>
            <TextInput
              label={t('profile:twoFactor.current')}
              description={t('profile:twoFactor.currentHint')}
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
                {renew.isPending ? t('profile:twoFactor.renewing') : t('profile:twoFactor.renew')}
              </Button>
              <Button type="submit" color="red" variant="outline" disabled={disable.isPending || s.required}>
                {disable.isPending ? t('profile:twoFactor.turningOff') : t('profile:twoFactor.turnOff')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
