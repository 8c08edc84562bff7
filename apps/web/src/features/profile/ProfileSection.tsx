import { Button, Divider, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { profileInput, type ProfileInput, type User } from '@t0/contracts';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import classes from './profile.module.css';
import { Section } from '../../components/Section';
import { TimeZoneField } from './TimeZoneField';
import { LanguageField } from './LanguageField';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

/** Names are editable and saved (PATCH /api/auth/profile); the e-mail address is shown only. */
export function ProfileSection({ user }: { user: User }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const { t } = useProfileT();
  const save = useMutation(trpc.auth.updateProfile.mutationOptions());
  const form = useForm<ProfileInput>({
    initialValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    validate: schemaResolver(profileInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const updated = await save.mutateAsync(values);
      setCurrentUser(queryClient, updated);
      form.resetDirty({ firstName: updated.firstName ?? '', lastName: updated.lastName ?? '' });
      toast({ title: t('profile:user.saved'), description: t('profile:user.savedText') });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:user.failed'),
        description: errorMessage(err, t('profile:user.failedText')),
        variant: 'destructive',
      });
    }
  });

  return (
    <Section title={t('profile:user.title')} description={t('profile:user.description')} testId="profile-section">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('profile:user.email')}
            value={user.email}
            readOnly
            variant="filled"
            description={t('profile:user.emailHint')}
            rightSection={<IconLock size={14} aria-hidden="true" />}
            classNames={{ input: classes.readOnly }}
            data-testid="email-read-only"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('profile:user.firstName')}
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('profile:user.lastName')}
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('profile:user.updating') : t('profile:user.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider my="lg" />
      <TimeZoneField />
      <LanguageField />
    </Section>
  );
}
