import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { registerInput, type PlanOffer, type RegisterInput } from '@t0/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { STORAGE_KEYS, storeValues } from '../../lib/local-store';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useGetPlan } from '../checkout/useGetPlan';
import { checkRegisterSubmit, REGISTER_PROBLEM_KEYS, REGISTER_PROBLEM_TITLE } from './register-rules';
import { useT } from '../../lib/i18n/language';
import { keptReferral } from '../../lib/referral';

/**
 * Creates the account (which signs it in), then gets the chosen plan (the monthly one if none):
 * its checkout, left for at the returned address, or for a free plan joining it and the terminal.
 */
export function RegisterForm({ initial, plan }: { initial?: Partial<RegisterInput>; plan?: PlanOffer | undefined }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const register = useMutation(trpc.auth.register.mutationOptions());
  const { t } = useT();
  const { get } = useGetPlan();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<RegisterInput>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', ...initial },
    validate: schemaResolver(registerInput, { sync: true }),
    validateInputOnChange: true,
  });

  const submit = form.onSubmit(async (values) => {
    const problem = checkRegisterSubmit(values);
    if (problem)
      return toast({
        title: t(REGISTER_PROBLEM_TITLE),
        description: t(REGISTER_PROBLEM_KEYS[problem]),
        variant: 'destructive',
      });
    let created;
    try {
      created = await register.mutateAsync({ ...values, ...keptReferral() });
    } catch (err) {
      toast({
        title: t('auth:toast.registrationFailed'),
        // The server's reason as it wrote it; ours when it gave none.
        description: errorMessage(err, t('auth:toast.registrationFailed')),
        variant: 'destructive',
      });
      return;
    }
    const free = plan?.terms === 'free';
    toast({
      title: t('auth:toast.accountCreated'),
      // The plan's name is the desk's, as written.
      description: free ? t('auth:toast.joining', { plan: plan.name }) : t('auth:toast.redirecting'),
    });
    try {
      storeValues({
        [STORAGE_KEYS.traderEmail]: created.email,
        [STORAGE_KEYS.traderName]: `${created.firstName} ${created.lastName}`.trim(),
        [STORAGE_KEYS.pendingPlan]: plan?.key ?? 'monthly',
      });
    } catch {
      /* the checkout does not depend on it */
    }
    setLeaving(true);
    try {
      await get(created.email, plan);
    } catch {
      setLeaving(false);
      toast({
        title: free ? t('auth:toast.joinFailed') : t('auth:toast.redirectFailed'),
        description: free ? t('auth:toast.joinFailedText') : t('auth:toast.redirectFailedText'),
        variant: 'destructive',
      });
      // The account exists and is signed in: show it, with the way to activate.
      setCurrentUser(queryClient, await client.auth.user.query().catch(() => null));
    }
  });

  const pending = register.isPending || leaving;
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth:register.label')} data-testid="register-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('auth:field.firstName')} autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label={t('auth:field.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t('auth:field.email')}
          type="email"
          autoComplete="email"
          placeholder="trader@example.com"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth:field.password')}
          autoComplete="new-password"
          description={t('auth:field.passwordHint')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth:field.showPassword') }}
          {...form.getInputProps('password')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={pending}
          leftSection={<IconUserPlus size={18} aria-hidden />}
        >
          {pending ? t('auth:register.pending') : t('auth:register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
