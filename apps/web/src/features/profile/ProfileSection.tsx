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

/** Names are editable and saved (PATCH /api/auth/profile); the e-mail address is shown only. */
export function ProfileSection({ user }: { user: User }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
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
      toast({ title: 'Profile Updated', description: 'Your name has been saved.' });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update profile. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Section
      title="USER PROFILE"
      description="Your name as it appears in the terminal and in e-mails."
      testId="profile-section"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="EMAIL"
            value={user.email}
            readOnly
            variant="filled"
            description="The address you sign in with; it cannot be changed here"
            rightSection={<IconLock size={14} aria-hidden="true" />}
            classNames={{ input: classes.readOnly }}
            data-testid="email-read-only"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="FIRST NAME" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="LAST NAME" autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'UPDATING...' : 'UPDATE PROFILE'}
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
