import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { listTimeZones, utcOffsetLabel } from '@t0/contracts';
import { IconWorld } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { detectedTimeZone, setSavedTimeZone, useDates, usePreferences, useTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

/** The select's value for "the browser's own zone" (saved as null). */
const BROWSER = '';

/** The zone every time is shown in: the browser's own (detected) unless the user picks one. */
export function TimeZoneField() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const prefs = usePreferences();
  const shown = useTimeZone();
  const { t } = useProfileT();
  const dates = useDates();
  const [value, setValue] = useState<string>(BROWSER);
  useEffect(() => setValue(prefs.data?.timeZone ?? BROWSER), [prefs.data?.timeZone]);
  const save = useMutation(trpc.preferences.save.mutationOptions());
  const options = useMemo(
    () => [
      {
        value: BROWSER,
        label: t('profile:zone.browser', { zone: detectedTimeZone(), offset: utcOffsetLabel(detectedTimeZone()) }),
      },
      ...listTimeZones().map((z) => ({ value: z, label: `${z} (${utcOffsetLabel(z)})` })),
    ],
    [t],
  );

  async function submit() {
    try {
      const stored = await save.mutateAsync({ timeZone: value === BROWSER ? null : value });
      queryClient.setQueryData(trpc.preferences.get.queryKey(), stored);
      setSavedTimeZone(stored.timeZone);
      toast({
        title: t('profile:zone.saved'),
        description: t('profile:zone.savedText', { zone: stored.timeZone ?? detectedTimeZone() }),
      });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: t('profile:zone.failed'),
        description: errorMessage(err, t('profile:zone.failedText')),
        variant: 'destructive',
      });
    }
  }

  return (
    <Stack gap="xs" data-testid="time-zone">
      <Select
        label={t('profile:zone.label')}
        description={t('profile:zone.description')}
        data={options}
        value={value}
        onChange={(v) => setValue(v ?? BROWSER)}
        searchable
        nothingFoundMessage={t('profile:zone.none')}
        allowDeselect={false}
        leftSection={<IconWorld size={16} aria-hidden="true" />}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={280}
      />
      <Group justify="space-between" align="center" gap="sm">
        <Text size="xs" c="dimmed" ff="monospace" data-testid="time-zone-sample">
          {t('profile:zone.now', { time: dates.dateTime(new Date()) ?? '--', zone: shown })}
        </Text>
        <Button variant="light" onClick={submit} disabled={save.isPending || prefs.isPending}>
          {save.isPending ? t('profile:zone.saving') : t('profile:zone.save')}
        </Button>
      </Group>
    </Stack>
  );
}
