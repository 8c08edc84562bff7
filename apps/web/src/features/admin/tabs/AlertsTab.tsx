import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
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
import { ScrollTable } from '../ScrollTable';

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

/** The price alert form (spec 3 §2): kept in this browser tab only, no server call. */
export function AlertsTab() {
  const [configured, setConfigured] = useState<(PriceAlert & { at: Date })[]>([]);
  const form = useForm<AlertValues>({ initialValues, validate: schemaResolver(priceAlertSchema, { sync: true }) });

  const submit = form.onSubmit((values) => {
    const alert = priceAlertSchema.parse(values);
    console.info('Price alert configured (local only)', alert);
    setConfigured((prev) => [{ ...alert, at: new Date() }, ...prev]);
    toast({ title: 'ALERT CONFIGURED', description: `${alert.title} is set for ${alert.instrument} in this browser` });
    form.reset();
  });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Paper p="lg" className="t0-surface" component="section" aria-labelledby="alerts-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} fz="h4" id="alerts-title">
              PRICE ALERT CONFIGURATION
            </Title>
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
              <TextInput label="Threshold" withAsterisk placeholder="e.g. 197.000 or 2%" {...form.getInputProps('threshold')} />
              <Select label="Instrument" data={[...PRICE_ALERT_INSTRUMENTS]} allowDeselect={false} {...form.getInputProps('instrument')} />
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
      </Paper>

      <Paper p="lg" className="t0-surface" component="section" aria-labelledby="alerts-list-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="alerts-list-title">
            ALERTS THIS SESSION ({configured.length})
          </Title>
          {configured.length === 0 ? (
            <Text size="sm" c="dimmed">
              No alerts configured yet.
            </Text>
          ) : (
            <ScrollTable label="Alerts this session" minWidth={420}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Rule</Table.Th>
                    <Table.Th>Priority</Table.Th>
                    <Table.Th>State</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {configured.map((a) => (
                    <Table.Tr key={`${a.at.getTime()}-${a.title}`}>
                      <Table.Td>{a.title}</Table.Td>
                      <Table.Td>
                        {a.instrument} · {CONDITION_LABELS[a.condition]} {a.threshold}
                      </Table.Td>
                      <Table.Td>{a.priority.toUpperCase()}</Table.Td>
                      <Table.Td>
                        <Badge variant="outline" color={a.isActive ? 'terminal' : 'gray'}>
                          {a.isActive ? 'ACTIVE' : 'OFF'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
