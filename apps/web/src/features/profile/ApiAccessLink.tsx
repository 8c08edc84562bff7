import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The security tab's API ACCESS line: tokens are managed under Developer Settings. */
export function ApiAccessLink() {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Stack gap={0}>
        <Text fz="sm">API ACCESS</Text>
        <Text fz="xs" c="dimmed">
          Personal API tokens for your scripts
        </Text>
      </Stack>
      <Button component={Link} to="/profile?section=developer" size="xs" variant="default">
        MANAGE API TOKENS
      </Button>
    </Group>
  );
}
