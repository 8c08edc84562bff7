import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { humanFileSize, type Resource } from '@t0/contracts';
import { IconDownload, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { useResources } from '../../lib/queries';

function ResourceRow({ resource }: { resource: Resource }) {
  const pdf = /pdf/i.test(resource.fileType) || resource.fileName.toLowerCase().endsWith('.pdf');
  const Icon = pdf ? IconFileTypePdf : IconFileText;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      p="sm"
      bg="var(--t0-surface-2)"
      style={{ borderRadius: 4 }}
      data-testid="resource-item"
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color="gray" size="lg" radius="xs" aria-hidden="true">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" truncate="end">
            {resource.title}
          </Text>
          {resource.description && (
            <Text size="xs" c="dimmed" lineClamp={2} className="t0-prose">
              {resource.description}
            </Text>
          )}
          <Group gap={6}>
            <Badge size="xs" variant="outline" color="gray" radius="xs">
              {resource.category.toUpperCase()}
            </Badge>
            <Text size="xs" c="dimmed" className="t0-num">
              {humanFileSize(resource.fileSize)}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Button
        component="a"
        href={resource.fileUrl}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden="true" />}
        aria-label={`DOWNLOAD: ${resource.title}`}
        style={{ flexShrink: 0 }}
      >
        DOWNLOAD
      </Button>
    </Group>
  );
}

/** Downloadable files; a download opens the file in a new tab. */
export function ResourcesSection({ enabled }: { enabled: boolean }) {
  const resources = useResources(enabled);
  let body;
  if (resources.isLoading) body = <LoadingSkeleton variant="rows" count={3} label="Loading resources" />;
  else if (resources.isError)
    body = (
      <ErrorPanel
        text={errorMessage(resources.error, 'Failed to load resources')}
        onRetry={() => void resources.refetch()}
        retrying={resources.isRefetching}
      />
    );
  else if (!resources.data?.length) body = <EmptyState text="No trading resources available yet" />;
  else
    body = (
      <Stack gap="xs">
        {resources.data.map((r) => (
          <ResourceRow key={r.id} resource={r} />
        ))}
      </Stack>
    );
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="resources-title">
      <Title order={2} id="resources-title" size="h4" lts="0.08em" mb="sm">
        TRADING RESOURCES
      </Title>
      {body}
    </Paper>
  );
}
