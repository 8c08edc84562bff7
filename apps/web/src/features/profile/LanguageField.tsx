import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { chooseLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@t0/contracts';
import { IconLanguage } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { browserLanguages } from '../../lib/i18n/language';
import { useSiteConfig } from '../../lib/site';
import { usePreferences } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

/** The select's value for "the browser's languages" (saved as null). */
const BROWSER = '';

/** The app's language: the browser's (then the desk's default) unless the user picks one. */
export function LanguageField() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const prefs = usePreferences();
  const { config } = useSiteConfig();
  const { t } = useProfileT();
  const [value, setValue] = useState<string>(BROWSER);
  useEffect(() => setValue(prefs.data?.language ?? BROWSER), [prefs.data?.language]);
  const save = useMutation(trpc.preferences.save.mutationOptions());
  const fromBrowser = chooseLanguage({ browser: browserLanguages(), siteDefault: config?.defaultLanguage ?? null });
  const options = useMemo(
    () => [
      { value: BROWSER, label: t('profile:language.browser', { name: LANGUAGE_NAMES[fromBrowser] }) },
      ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
    ],
    [t, fromBrowser],
  );

  async function submit() {
    const language: Language | null = isLanguage(value) ? value : null;
    try {
      const stored = await save.mutateAsync({ language });
      // LanguageSync reads the saved preference and shows the app in it.
      queryClient.setQueryData(trpc.preferences.get.queryKey(), stored);
      toast({
        title: t('profile:language.saved'),
        description: LANGUAGE_NAMES[stored.language ?? fromBrowser],
      });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:language.failed'),
        description: errorMessage(err, t('profile:language.failed')),
        variant: 'destructive',
      });
    }
  }

  return (
    <Stack gap="xs" data-testid="language">
      <Select
        label={t('profile:language.label')}
        description={t('profile:language.description', { count: LANGUAGES.length })}
        data={options}
        value={value}
        onChange={(v) => setValue(v ?? BROWSER)}
        allowDeselect={false}
        leftSection={<IconLanguage size={16} aria-hidden="true" />}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end" align="center" gap="sm">
        <Text size="xs" c="dimmed" data-testid="language-shown" style={{ marginInlineEnd: 'auto' }}>
          {t('profile:language.shown', { name: LANGUAGE_NAMES[isLanguage(value) ? value : fromBrowser] })}
        </Text>
        <Button variant="light" onClick={submit} disabled={save.isPending || prefs.isPending}>
          {save.isPending ? t('profile:language.saving') : t('profile:language.save')}
        </Button>
      </Group>
    </Stack>
  );
}
