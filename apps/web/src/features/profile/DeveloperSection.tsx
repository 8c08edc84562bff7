import { Badge, Button, Code, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import type { User } from '@t0/contracts';
import { ApiTokensPanel } from './ApiTokensPanel';
import { Section } from '../../components/Section';

/** API tokens (docs/features/api.md) are live; the rest of the developer settings is shown disabled and greyed. */
export function DeveloperSection({ user }: { user: User }) {
  const webhook = `${window.location.origin}/api/webhooks/user/${user.id}`;
  return (
    <Section
      title="DEVELOPER SETTINGS"
      description="Programmatic access for your own tools."
      testId="developer-section"
    >
      <ApiTokensPanel />
      <Divider my="lg" />
      <Stack gap="md" style={{ opacity: 0.6 }} aria-disabled="true">
        <Badge color="gray" variant="outline" radius="xs" w="fit-content">
          NOT AVAILABLE
        </Badge>
        <Switch label="DEBUG MODE" disabled />
        <Switch label="API LOGGING" disabled />
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
