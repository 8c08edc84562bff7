import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { listTimeZones, utcOffsetLabel } from '@t0/contracts';
import { IconWorld } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { detectedTimeZone, formatDateTime, setSavedTimeZone, usePreferences, useTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** The select's value for "the browser's own zone" (saved as null). */
const BROWSER = '';

/** The zone every time is shown in: the browser's own (detected) unless the user picks one. */
export function TimeZoneField() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const prefs = usePreferences();
  const shown = useTimeZone();
  const [value, setValue] = useState<string>(BROWSER);
  useEffect(() => setValue(prefs.data?.timeZone ?? BROWSER), [prefs.data?.timeZone]);
  const save = useMutation(trpc.preferences.save.mutationOptions());
  const options = useMemo(
    () => [
      { value: BROWSER, label: `THIS BROWSER'S ZONE (${detectedTimeZone()}, ${utcOffsetLabel(detectedTimeZone())})` },
      ...listTimeZones().map((z) => ({ value: z, label: `${z} (${utcOffsetLabel(z)})` })),
    ],
    [],
  );

  async function submit() {
    try {
      const stored = await save.mutateAsync({ timeZone: value === BROWSER ? null : value });
      queryClient.setQueryData(trpc.preferences.get.queryKey(), stored);
      setSavedTimeZone(stored.timeZone);
      toast({ title: 'Time Zone Updated', description: `Times now show in ${stored.timeZone ?? detectedTimeZone()}.` });
    } catch (err) {
      if (toAuth(err)) return;
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to save the time zone. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Stack gap="xs" data-testid="time-zone">
      <Select
        label="TIME ZONE"
        description="Signals, notifications and every other time are shown in this zone, with the zone named."
        data={options}
        value={value}
        onChange={(v) => setValue(v ?? BROWSER)}
        searchable
        nothingFoundMessage="No such zone"
        allowDeselect={false}
        leftSection={<IconWorld size={16} aria-hidden="true" />}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={280}
      />
      <Group justify="space-between" align="center" gap="sm">
        <Text size="xs" c="dimmed" className="t0-num" data-testid="time-zone-sample">
          NOW: {formatDateTime(new Date()) ?? '--'} ({shown})
        </Text>
        <Button variant="light" onClick={submit} disabled={save.isPending || prefs.isPending}>
          {save.isPending ? 'SAVING...' : 'SAVE TIME ZONE'}
        </Button>
      </Group>
    </Stack>
  );
}
