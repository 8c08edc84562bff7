import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileUpload, IconTrash } from '@tabler/icons-react';
import {
  humanFileSize,
  RESOURCE_CATEGORIES,
  resourceMissing,
  type Resource,
  type ResourceCategory,
} from '@t0/contracts';
import { formatLongDate } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { UploadDialog, type UploadedFile } from '../../../components/UploadDialog';
import { FormAndList } from '../FormAndList';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';

const categoryLabel = (c: string) => c.replace(/-/g, ' ').toUpperCase();

/** T0 RESOURCES: upload documents for subscribers, list and delete them. */
export function ResourcesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const resources = useQuery(trpc.resources.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.resources.pathFilter());

  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<string>('');
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const uploadUrl = useMutation(trpc.resources.upload.mutationOptions());

  const create = useMutation(
    trpc.resources.create.mutationOptions({
      onSuccess: () => {
        feedback.ok('Success', 'Resource uploaded successfully');
        setTitle('');
        setDescription('');
        setCategory('');
        setFile(null);
        refresh();
      },
      onError: (error) => feedback.fail('Error', error, 'Failed to upload resource'),
    }),
  );
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const remove = useMutation(
    trpc.resources.delete.mutationOptions({
      onSuccess: () => {
        feedback.ok('Success', 'Resource deleted successfully');
        setDeleting(null);
        refresh();
      },
      onError: (error) => {
        setDeleting(null);
        feedback.fail('Error', error, 'Failed to delete resource');
      },
    }),
  );

  const missing = resourceMissing({ title, category, hasFile: file !== null });
  const save = () => {
    if (!file || missing.length > 0) return;
    create.mutate({
      title,
      description: description || null,
      category: category as ResourceCategory,
      fileUrl: file.objectPath,
      fileName: file.fileName,
      fileSize: file.fileSize,
      fileType: file.fileType,
    });
  };
  const list = resources.data ?? [];

  return (
    <FormAndList
      formSpan={5}
      form={
        <Paper p="lg" className="t0-surface" component="section" aria-labelledby="resource-form-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="resource-form-title">
              UPLOAD RESOURCE
            </Title>
            <TextInput label="Title" withAsterisk value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <Textarea
              label="Description (optional)"
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Select
              label="Category"
              withAsterisk
              placeholder="Select a category"
              data={RESOURCE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
              value={category || null}
              onChange={(v) => setCategory(v ?? '')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                File
              </Text>
              {file ? (
                <Group gap="xs" wrap="nowrap" data-testid="resource-file">
                  <Badge color="terminal" variant="light">
                    UPLOADED
                  </Badge>
                  <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                    {file.fileName} ({humanFileSize(file.fileSize)})
                  </Text>
                  <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setFile(null)}>
                    REMOVE
                  </Button>
                </Group>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconFileUpload size={16} aria-hidden />}
                  onClick={() => setUploading(true)}
                >
                  UPLOAD FILE
                </Button>
              )}
            </Stack>

            {missing.length > 0 ? (
              <Stack gap={2} data-testid="resource-missing">
                <Text size="xs" c="dimmed">
                  To save this resource:
                </Text>
                <List size="xs" c="dimmed">
                  {missing.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </Stack>
            ) : (
              <Group justify="flex-end">
                <Button onClick={save} loading={create.isPending}>
                  {create.isPending ? 'SAVING...' : 'SAVE RESOURCE'}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      }
      list={
        <Stack gap="sm">
          <Title order={2} fz="h4">
            T0 RESOURCES ({list.length})
          </Title>
          {resources.isLoading && <LoadingSkeleton label="Loading resources" />}
          {resources.isError && (
            <ErrorPanel
              text="Failed to load resources."
              onRetry={() => void resources.refetch()}
              retrying={resources.isFetching}
            />
          )}
          {resources.data && list.length === 0 && (
            <Paper className="t0-surface">
              <EmptyState text="NO RESOURCES YET" hint="Upload a guide or report for subscribers." />
            </Paper>
          )}
          {list.map((r) => (
            <Paper key={r.id} p="md" className="t0-surface" data-testid="resource-item">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={700} style={{ wordBreak: 'break-word' }}>
                      {r.title}
                    </Text>
                    <Badge variant="outline" color="gray">
                      {categoryLabel(r.category)}
                    </Badge>
                  </Group>
                  {r.description && (
                    <Text size="sm" c="dimmed" className="t0-prose">
                      {r.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {r.fileName} · {humanFileSize(r.fileSize)} · {formatLongDate(r.createdAt)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Download">
                    <ActionIcon
                      component="a"
                      href={r.fileUrl}
                      download={r.fileName}
                      variant="subtle"
                      color="gray"
                      aria-label={`Download ${r.title}`}
                    >
                      <IconDownload size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${r.title}`}
                      onClick={() => setDeleting(r)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      }
    >
      <UploadDialog
        opened={uploading}
        onClose={() => setUploading(false)}
        kind="document"
        title="UPLOAD RESOURCE FILE"
        getUploadUrl={(f) => uploadUrl.mutateAsync({ fileName: f.name })}
        onComplete={(files) => {
          if (files[0]) setFile(files[0]);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="DELETE RESOURCE"
        message={`Delete "${deleting?.title ?? ''}" and its file? Subscribers will no longer be able to download it.`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </FormAndList>
  );
}
