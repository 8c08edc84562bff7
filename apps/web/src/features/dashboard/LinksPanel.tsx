import { Button, Group, Text } from '@mantine/core';
import { IconBell, IconChartLine, IconExternalLink, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site';
import { useTerminalT } from './words';

/** Notification Center, the public track record and the external Education Portal (its address is a server setting), as one row of links. */
export function LinksPanel() {
  const { config } = useSiteConfig();
  const { t } = useTerminalT();
  const education = config?.educationUrl?.trim();
  return (
    <Group component="nav" aria-label={t('terminal:links.aria')} gap="xs" wrap="wrap" data-testid="links-panel">
      <Text className="t0-label" id="links-title">
        {t('terminal:links.label')}
      </Text>
      <Button
        component={Link}
        to="/system-status"
        size="compact-sm"
        variant="default"
        leftSection={<IconBell size={14} aria-hidden="true" />}
      >
        {t('terminal:links.notifications')}
      </Button>
      <Button
        component={Link}
        to="/performance"
        size="compact-sm"
        variant="default"
        leftSection={<IconChartLine size={14} aria-hidden="true" />}
      >
        {t('terminal:links.record')}
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
          rightSection={<IconExternalLink size={12} aria-label={t('terminal:links.newTab')} />}
        >
          {t('terminal:links.education')}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="default"
          disabled
          leftSection={<IconSchool size={14} aria-hidden="true" />}
          title={t('terminal:links.educationMissingTitle')}
        >
          {t('terminal:links.education')}
        </Button>
      )}
      {!education && config && (
        <Text size="xs" c="dimmed">
          {t('terminal:links.educationMissing')}
        </Text>
      )}
    </Group>
  );
}
