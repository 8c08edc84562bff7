import { Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBell, IconExternalLink, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site';

/** Notification Center and the external Education Portal (its address is a server setting). */
export function LinksPanel() {
  const { config } = useSiteConfig();
  const education = config?.educationUrl?.trim();
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="links-title">
      <Title order={2} id="links-title" size="h4" lts="0.08em" mb="sm">
        QUICK ACCESS
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button component={Link} to="/system-status" variant="light" leftSection={<IconBell size={16} aria-hidden="true" />}>
          NOTIFICATION CENTER
        </Button>
        {education ? (
          <Button
            component="a"
            href={education}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="blue"
            leftSection={<IconSchool size={16} aria-hidden="true" />}
            rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
          >
            EDUCATION PORTAL
          </Button>
        ) : (
          <Button variant="light" color="gray" disabled leftSection={<IconSchool size={16} aria-hidden="true" />} title="The education portal address is not configured">
            EDUCATION PORTAL
          </Button>
        )}
      </SimpleGrid>
      {!education && config && (
        <Text size="xs" c="dimmed" mt={6}>
          The education portal is not configured yet.
        </Text>
      )}
    </Paper>
  );
}
