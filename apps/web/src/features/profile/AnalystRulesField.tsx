import { Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ANALYST_RULE_CHANNELS,
  type AnalystRuleChannel,
  type AnalystRuleInput,
  type AnalystRuleKind,
} from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { CHANNEL_KEYS, useProfileT } from './words';

// Follow and mute analysts per channel (docs/features/delivery-channels.md), beside the instrument
// filter: on a channel, a muted analyst's signals are not delivered; with anyone followed there, only
// the followed analysts' are. The server enforces it in the delivery router.

export interface AnalystRulesFieldProps {
  value: AnalystRuleInput[];
  onChange: (rules: AnalystRuleInput[]) => void;
}

/** The rules of one kind on one channel: the analysts' slugs. */
const slugsOf = (rules: readonly AnalystRuleInput[], channel: AnalystRuleChannel, rule: AnalystRuleKind) =>
  rules.filter((r) => r.channel === channel && r.rule === rule).map((r) => r.analyst);

export function AnalystRulesField({ value, onChange }: AnalystRulesFieldProps) {
  const trpc = useTRPC();
  const directory = useQuery(trpc.analysts.directory.queryOptions());
  const { t } = useProfileT();
  const analysts = directory.data ?? [];
  // An analyst no longer active stays listed while a rule names them (so it can be removed).
  const named = new Set(value.map((r) => r.analyst));
  const options = analysts
    .filter((a) => a.active || named.has(a.slug))
    .map((a) => ({
      value: a.slug,
      label: a.active ? a.displayName : t('profile:analysts.departed', { name: a.displayName }),
    }));
  if (directory.isSuccess && options.length === 0) return null;

  const set = (channel: AnalystRuleChannel, rule: AnalystRuleKind, slugs: string[]) => {
    const other: AnalystRuleKind = rule === 'mute' ? 'follow' : 'mute';
    const kept = value.filter((r) => r.channel !== channel || (r.rule === other && !slugs.includes(r.analyst)));
    onChange([...kept, ...slugs.map((analyst) => ({ channel, analyst, rule }))]);
  };

  return (
    <Stack gap={6} data-testid="analyst-rules">
      <Text className="t0-label">{t('profile:analysts.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('profile:analysts.hint')}
      </Text>
      <Stack gap="xs">
        {ANALYST_RULE_CHANNELS.map((channel) => {
          const follow = slugsOf(value, channel, 'follow');
          const mute = slugsOf(value, channel, 'mute');
          return (
            <SimpleGrid
              key={channel}
              cols={{ base: 1, sm: 3 }}
              spacing="xs"
              verticalSpacing={4}
              data-testid={`analyst-rules-${channel}`}
            >
              <Group gap="xs" align="center">
                <Text size="sm" fw={700}>
                  {t(CHANNEL_KEYS[channel])}
                </Text>
              </Group>
              <MultiSelect
                aria-label={t('profile:analysts.followLabel', { channel: t(CHANNEL_KEYS[channel]) })}
                placeholder={follow.length ? undefined : t('profile:analysts.follow')}
                size="xs"
                data={options.filter((o) => !mute.includes(o.value))}
                value={follow}
                onChange={(slugs) => set(channel, 'follow', slugs)}
                clearable
              />
              <MultiSelect
                aria-label={t('profile:analysts.muteLabel', { channel: t(CHANNEL_KEYS[channel]) })}
                placeholder={mute.length ? undefined : t('profile:analysts.mute')}
                size="xs"
                data={options.filter((o) => !follow.includes(o.value))}
                value={mute}
                onChange={(slugs) => set(channel, 'mute', slugs)}
                clearable
              />
            </SimpleGrid>
          );
        })}
      </Stack>
    </Stack>
  );
}
