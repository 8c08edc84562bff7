import { Badge, Button, Code, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { User } from '@t0/contracts';
import { Section } from './Section';

/** Shown entirely disabled and greyed (spec 1 §2): nothing here is available yet. */
export function DeveloperSection({ user }: { user: User }) {
  const webhook = `${window.location.origin}/api/webhooks/user/${user.id}`;
  return (
    <Section title="DEVELOPER SETTINGS" description="Programmatic access for your own tools." testId="developer-section">
      <Stack gap="md" style={{ opacity: 0.6 }} aria-disabled="true">
        <Badge color="gray" variant="outline" radius="xs" w="fit-content">
          NOT AVAILABLE
        </Badge>
        <Switch label="DEBUG MODE" disabled />
        <Switch label="API LOGGING" disabled />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput label="API KEY" value="t0_••••••••••••••••••••" readOnly disabled style={{ flex: 1 }} />
          <Button variant="default" disabled>
            REGENERATE
          </Button>
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            WEBHOOK ENDPOINT
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {webhook}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <Button disabled>SAVE DEVELOPER SETTINGS</Button>
        </Group>
      </Stack>
    </Section>
  );
}
