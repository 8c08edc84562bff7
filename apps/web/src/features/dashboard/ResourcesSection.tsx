import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { humanFileSize, type Resource } from '@t0/contracts';
import { IconDownload, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { useResources } from '../../lib/queries';
import { useTerminalT } from './words';

type Translate = ReturnType<typeof useTerminalT>['t'];

/** Each resource category's name on screen; a category this list lacks shows as stored, in capitals. */
const CATEGORY_KEYS: Record<string, string> = {
  general: 'terminal:resources.category.general',
  'trading-guides': 'terminal:resources.category.tradingGuides',
  'market-analysis': 'terminal:resources.category.marketAnalysis',
  'risk-management': 'terminal:resources.category.riskManagement',
  educational: 'terminal:resources.category.educational',
};

function ResourceRow({ resource, t }: { resource: Resource; t: Translate }) {
  const categoryKey = CATEGORY_KEYS[resource.category];
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
              {categoryKey ? t(categoryKey) : resource.category.toUpperCase()}
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
        aria-label={t('terminal:resources.downloadLabel', { title: resource.title })}
        style={{ flexShrink: 0 }}
      >
        {t('terminal:resources.download')}
      </Button>
    </Group>
  );
}

/** Downloadable files; a download opens the file in a new tab. */
export function ResourcesSection({ enabled }: { enabled: boolean }) {
  const resources = useResources(enabled);
  const { t } = useTerminalT();
  let body;
  if (resources.isLoading) body = <LoadingSkeleton variant="rows" count={3} label={t('terminal:resources.loading')} />;
  else if (resources.isError)
    body = (
      <ErrorPanel
        title={t('terminal:error')}
        text={errorMessage(resources.error, t('terminal:resources.failed'))}
        onRetry={() => void resources.refetch()}
        retrying={resources.isRefetching}
      />
    );
  else if (!resources.data?.length) body = <EmptyState text={t('terminal:resources.empty')} />;
  else
    body = (
      <Stack gap="xs">
        {resources.data.map((r) => (
          <ResourceRow key={r.id} resource={r} t={t} />
        ))}
      </Stack>
    );
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="resources-title">
      <Title order={2} id="resources-title" size="h4" lts="0.08em" mb="sm">
        {t('terminal:resources.title')}
      </Title>
      {body}
    </Paper>
  );
}
