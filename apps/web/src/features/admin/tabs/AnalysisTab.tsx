import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Image,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { analysisPreview, ANALYSIS_INSTRUMENTS, MEMO_IMAGES_MAX, type ChartMemo } from '@t0/contracts';
import { formatDateTime } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { RelativeTime } from '../../../components/RelativeTime';
import { UploadDialog, type UploadedFile } from '../../../components/UploadDialog';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { deskInstruments, useDesk } from '../desk';

type AnalysisInstrument = (typeof ANALYSIS_INSTRUMENTS)[number];

/** Per-instrument analysis memo editor with images, status and preview. */
export function AnalysisTab() {
  const trpc = useTRPC();
  // An analyst writes the memos of their rooms' instruments only.
  const choices = deskInstruments(useDesk(), ANALYSIS_INSTRUMENTS);
  const [instrument, setInstrument] = useState<AnalysisInstrument | undefined>(choices[0]);
  const memos = useQuery(trpc.chartMemos.list.queryOptions());
  if (!instrument)
    return (
      <Text c="dimmed" data-testid="no-analysis-instruments">
        None of your rooms has an instrument with an analysis memo.
      </Text>
    );

  const memo = memos.data?.find((m) => m.instrument === instrument) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="h4">
          MARKET ANALYSIS MEMOS
        </Title>
        <SegmentedControl
          aria-label="Instrument"
          value={instrument}
          onChange={(v) => setInstrument(v as AnalysisInstrument)}
          data={choices}
        />
      </Group>
      {memos.isLoading && <LoadingSkeleton variant="block" height={320} label="Loading memos" />}
      {memos.isError && (
        <ErrorPanel
          text="Failed to load analysis memos."
          onRetry={() => void memos.refetch()}
          retrying={memos.isFetching}
        />
      )}
      {memos.data && <MemoEditor key={instrument} instrument={instrument} memo={memo} />}
    </Stack>
  );
}

interface Draft {
  memoText: string;
  keyLevels: string;
  marketStructure: string;
  riskManagement: string;
  memoImageUrls: string[];
}

const draftOf = (memo: ChartMemo | null): Draft => ({
  memoText: memo?.memoText ?? '',
  keyLevels: memo?.keyLevels ?? '',
  marketStructure: memo?.marketStructure ?? '',
  riskManagement: memo?.riskManagement ?? '',
  memoImageUrls: memo?.memoImageUrls ?? [],
});

function MemoEditor({ instrument, memo }: { instrument: AnalysisInstrument; memo: ChartMemo | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [draft, setDraft] = useState<Draft>(() => draftOf(memo));
  const [uploading, setUploading] = useState(false);
  const uploadUrl = useMutation(trpc.chartMemos.uploadImage.mutationOptions());
  const save = useMutation(
    trpc.chartMemos.upsert.mutationOptions({
      onSuccess: (saved) => {
        feedback.ok('ANALYSIS UPDATED', `${saved.instrument} memo saved`);
        setDraft(draftOf(saved));
        void queryClient.invalidateQueries(trpc.chartMemos.pathFilter());
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error, 'Failed to update analysis'),
    }),
  );

  const set = (field: Exclude<keyof Draft, 'memoImageUrls'>) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const room = MEMO_IMAGES_MAX - draft.memoImageUrls.length;
  const preview = analysisPreview(draft);

  const onUploaded = (files: UploadedFile[]) => {
    if (files.length === 0) return;
    setDraft((d) => ({
      ...d,
      memoImageUrls: [...d.memoImageUrls, ...files.map((f) => f.objectPath)].slice(0, MEMO_IMAGES_MAX),
    }));
    feedback.ok(
      'IMAGES UPLOADED',
      `${files.length} image${files.length === 1 ? '' : 's'} added. Save the analysis to publish them.`,
    );
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper p="lg" className="t0-surface" component="section" aria-label={`${instrument} memo editor`}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ instrument, ...draft });
            }}
          >
            <Stack gap="sm">
              <Title order={3} fz="h5">
                {instrument} ANALYSIS
              </Title>
              <Textarea
                label="Analysis"
                autosize
                minRows={6}
                value={draft.memoText}
                onChange={set('memoText')}
                className="t0-prose"
              />
              <Textarea
                label="Key levels (one per line)"
                autosize
                minRows={3}
                value={draft.keyLevels}
                onChange={set('keyLevels')}
              />
              <Textarea
                label="Market structure"
                autosize
                minRows={2}
                value={draft.marketStructure}
                onChange={set('marketStructure')}
              />
              <Textarea
                label="Risk management"
                autosize
                minRows={2}
                value={draft.riskManagement}
                onChange={set('riskManagement')}
              />

              <Stack gap="xs">
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    Chart images ({draft.memoImageUrls.length}/{MEMO_IMAGES_MAX})
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPhotoPlus size={14} aria-hidden />}
                    onClick={() => setUploading(true)}
                    disabled={room <= 0}
                  >
                    ADD IMAGES
                  </Button>
                </Group>
                {draft.memoImageUrls.length > 0 ? (
                  <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" data-testid="memo-images">
                    {draft.memoImageUrls.map((url, i) => (
                      <div key={url} style={{ position: 'relative' }}>
                        <Image src={url} alt={`${instrument} chart ${i + 1}`} radius="sm" h={90} fit="cover" />
                        <ActionIcon
                          size="sm"
                          color="red"
                          variant="filled"
                          aria-label={`Remove image ${i + 1}`}
                          style={{ position: 'absolute', top: 4, right: 4 }}
                          onClick={() =>
                            setDraft((d) => ({ ...d, memoImageUrls: d.memoImageUrls.filter((u) => u !== url) }))
                          }
                        >
                          <IconX size={12} aria-hidden />
                        </ActionIcon>
                      </div>
                    ))}
                  </SimpleGrid>
                ) : (
                  <Text size="xs" c="dimmed">
                    No images yet.
                  </Text>
                )}
              </Stack>

              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {save.isPending ? 'SAVING...' : 'UPDATE ANALYSIS'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>

      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <Paper
            p="lg"
            className="t0-surface"
            component="section"
            aria-labelledby="memo-status-title"
            data-testid="memo-status"
          >
            <Stack gap="xs">
              <Title order={3} fz="h5" id="memo-status-title">
                CURRENT STATUS
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Last updated:
                </Text>
                {memo ? (
                  <Stack gap={0}>
                    <RelativeTime value={memo.updatedAt} />
                    <Text size="xs" c="dimmed">
                      {formatDateTime(memo.updatedAt)}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm">never</Text>
                )}
              </Group>
              {memo && memo.memoText.trim() ? (
                <Stack gap={4}>
                  <Badge color="terminal" variant="light">
                    ACTIVE MEMO
                  </Badge>
                  <Text size="sm" lineClamp={4} className="t0-prose">
                    {memo.memoText}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  no memo found
                </Text>
              )}
            </Stack>
          </Paper>

          <Paper
            p="lg"
            className="t0-surface"
            component="section"
            aria-labelledby="memo-preview-title"
            data-testid="memo-preview"
          >
            <Stack gap="xs">
              <Title order={3} fz="h5" id="memo-preview-title">
                PREVIEW
              </Title>
              <Text size="sm">
                Analysis length: <b className="t0-num">{preview.characters}</b> characters
              </Text>
              <Text size="sm">
                Key levels: <b className="t0-num">{preview.keyLevelLines}</b> lines
              </Text>
              <Text size="sm">
                Risk parameters:{' '}
                <Text
                  span
                  fw={700}
                  size="sm"
                  c={preview.riskParameters === 'configured' ? 'var(--t0-up)' : 'var(--t0-warn)'}
                >
                  {preview.riskParameters}
                </Text>
              </Text>
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>

      <UploadDialog
        opened={uploading}
        onClose={() => setUploading(false)}
        kind="image"
        title="UPLOAD CHART IMAGES"
        maxFiles={Math.max(1, room)}
        getUploadUrl={(file) => uploadUrl.mutateAsync({ fileName: file.name })}
        onComplete={onUploaded}
      />
    </Grid>
  );
}
