import { Badge, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  PRICE_ALERT_CONDITIONS,
  PRICE_ALERT_INSTRUMENTS,
  PRICE_ALERT_PRIORITIES,
  priceAlertSchema,
  type PriceAlert,
} from '@t0/contracts';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { ConsolePanel, FormAndList } from '../FormAndList';

interface AlertValues {
  title: string;
  condition: string;
  threshold: string;
  instrument: PriceAlert['instrument'];
  priority: PriceAlert['priority'];
  isActive: boolean;
}

const initialValues: AlertValues = {
  title: '',
  condition: '',
  threshold: '',
  instrument: 'AUDUSD',
  priority: 'normal',
  isActive: true,
};

const CONDITION_LABELS: Record<(typeof PRICE_ALERT_CONDITIONS)[number], string> = {
  above: 'Price above',
  below: 'Price below',
  equals: 'Price equals',
  change_percent: 'Change by percent',
  volume_spike: 'Volume spike',
};

type ConfiguredAlert = PriceAlert & { at: Date };

const columns: ConsoleColumn<ConfiguredAlert>[] = [
  { key: 'title', header: 'TITLE', wrap: true, render: (a) => a.title },
  { key: 'rule', header: 'RULE', render: (a) => `${a.instrument} · ${CONDITION_LABELS[a.condition]} ${a.threshold}` },
  { key: 'priority', header: 'PRIORITY', render: (a) => a.priority.toUpperCase() },
  {
    key: 'state',
    header: 'STATE',
    render: (a) => (
      <Badge variant="outline" color={a.isActive ? 'terminal' : 'gray'}>
        {a.isActive ? 'ACTIVE' : 'OFF'}
      </Badge>
    ),
  },
];

/** The price alert form of the console's alerts tab: kept in this browser tab only, no server call. */
export function AlertsTab() {
  const [configured, setConfigured] = useState<ConfiguredAlert[]>([]);
  const form = useForm<AlertValues>({ initialValues, validate: schemaResolver(priceAlertSchema, { sync: true }) });

  const submit = form.onSubmit((values) => {
    const alert = priceAlertSchema.parse(values);
    console.info('Price alert configured (local only)', alert);
    setConfigured((prev) => [{ ...alert, at: new Date() }, ...prev]);
    toast({ title: 'ALERT CONFIGURED', description: `${alert.title} is set for ${alert.instrument} in this browser` });
    form.reset();
  });

  return (
    <FormAndList
      formSpan={6}
      form={
        <ConsolePanel title="PRICE ALERT CONFIGURATION">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                Alerts set here stay in this browser tab; they are not saved on the server.
              </Text>
              <TextInput label="Alert title" withAsterisk {...form.getInputProps('title')} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Select
                  label="Condition"
                  withAsterisk
                  placeholder="Choose a condition"
                  data={PRICE_ALERT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
                  {...form.getInputProps('condition')}
                />
                <TextInput
                  label="Threshold"
                  withAsterisk
                  placeholder="e.g. 197.000 or 2%"
                  {...form.getInputProps('threshold')}
                />
                <Select
                  label="Instrument"
                  data={[...PRICE_ALERT_INSTRUMENTS]}
                  allowDeselect={false}
                  {...form.getInputProps('instrument')}
                />
                <Select
                  label="Priority"
                  data={PRICE_ALERT_PRIORITIES.map((p) => ({ value: p, label: p.toUpperCase() }))}
                  allowDeselect={false}
                  {...form.getInputProps('priority')}
                />
              </SimpleGrid>
              <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
              <Group justify="flex-end">
                <Button type="submit">CREATE ALERT</Button>
              </Group>
            </Stack>
          </form>
        </ConsolePanel>
      }
      list={
        <ConsolePanel title={`ALERTS THIS SESSION (${configured.length})`}>
          <ConsoleTable
            label="Alerts this session"
            columns={columns}
            rows={configured}
            rowKey={(a) => `${a.at.getTime()}-${a.title}`}
            minWidth={420}
            empty={
              <Text size="sm" c="dimmed">
                No alerts configured yet.
              </Text>
            }
          />
        </ConsolePanel>
      }
    />
  );
}
