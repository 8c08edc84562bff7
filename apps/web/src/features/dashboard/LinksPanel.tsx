import { Button, Group, Text } from '@mantine/core';
import { IconBell, IconChartLine, IconExternalLink, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site';

/** Notification Center, the public track record and the external Education Portal (its address is a server setting), as one row of links. */
export function LinksPanel() {
  const { config } = useSiteConfig();
  const education = config?.educationUrl?.trim();
  return (
    <Group component="nav" aria-label="Quick access" gap="xs" wrap="wrap" data-testid="links-panel">
      <Text className="t0-label" id="links-title">
        QUICK ACCESS
      </Text>
      <Button
        component={Link}
        to="/system-status"
        size="compact-sm"
        variant="default"
        leftSection={<IconBell size={14} aria-hidden="true" />}
      >
        NOTIFICATION CENTER
      </Button>
      <Button
        component={Link}
        to="/performance"
        size="compact-sm"
        variant="default"
        leftSection={<IconChartLine size={14} aria-hidden="true" />}
      >
        TRACK RECORD
      </Button>
      {education ? (
        <Button
          component="a"
          href={education}
          target="_blank"
          rel="noopener noreferrer"
          size="compact-sm"
          variant="default"
          leftSection={<IconSchool size={14} aria-hidden="true" />}
          rightSection={<IconExternalLink size={12} aria-label="opens in a new tab" />}
        >
          EDUCATION PORTAL
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="default"
          disabled
          leftSection={<IconSchool size={14} aria-hidden="true" />}
          title="The education portal address is not configured"
        >
          EDUCATION PORTAL
        </Button>
      )}
      {!education && config && (
        <Text size="xs" c="dimmed">
          The education portal is not configured yet.
        </Text>
      )}
    </Group>
  );
}
