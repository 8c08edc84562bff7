import { Anchor, Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@t0/contracts';
import { IconDownload, IconRss, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { saveFile } from '../../lib/save-file';
import { Marked } from './Marked';
import { useRecordT } from './words';

const prefix = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Downloads examples/verify-record.ts as the product ships it (loaded only when asked for). */
async function downloadVerifier() {
  const { default: source } = await import('../../../../../examples/verify-record.ts?raw');
  saveFile(source, 'verify-record.ts', 'text/plain');
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" lts="0.08em">
        {label}
      </Text>
      <Text size="sm" className="t0-num" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The newest signed checkpoint of the event log, the key that signed it, and how anyone can check
 * the record without trusting this server.
 */
export function SignedCheckpoint() {
  const trpc = useTRPC();
  const latest = useQuery(
    trpc.record.checkpoints.queryOptions({ pageSize: 1 }, { staleTime: 30_000, refetchInterval: 60_000 }),
  );
  const key = useQuery(trpc.record.key.queryOptions(undefined, { staleTime: Infinity }));
  const c = latest.data?.checkpoints[0];
  const { t } = useRecordT();

  return (
    <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface" data-testid="signed-checkpoint" id="verify">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconSignature size={18} aria-hidden />
          <Title order={2} size="h4" lts="0.08em">
            {t('record:checkpoint.title')}
          </Title>
        </Group>
        {c ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Field
              label={t('record:checkpoint.headEvent')}
              value={t('record:checkpoint.headEventValue', { head: c.headId, count: c.eventCount })}
              testId="checkpoint-head"
            />
            <Field label={t('record:checkpoint.headHash')} value={prefix(c.headHash, 16)} testId="checkpoint-hash" />
            <Field
              label={t('record:checkpoint.signed')}
              value={formatDateTime(c.createdAt) ?? c.createdAt}
              testId="checkpoint-time"
            />
            <Field
              label={t('record:checkpoint.signature')}
              value={prefix(c.signature, 24)}
              testId="checkpoint-signature"
            />
            <Field label={t('record:checkpoint.key')} value={c.keyId} testId="checkpoint-key" />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed" data-testid="checkpoint-none">
            {latest.isLoading ? t('record:checkpoint.loading') : t('record:checkpoint.none')}
          </Text>
        )}
        <Text size="sm">{t('record:checkpoint.explanation')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            {t('record:checkpoint.publicKey')}
            {key.data ? (
              <>
                {' '}
                (id <Code>{key.data.keyId}</Code>)
              </>
            ) : null}
            :{' '}
            <Anchor href="/api/performance/key" size="sm" underline="always">
              /api/performance/key
            </Anchor>{' '}
            {t('record:checkpoint.publicKeyCompare')}
          </List.Item>
          <List.Item>
            {t('record:checkpoint.every')}{' '}
            <Anchor href="/api/performance/checkpoints" size="sm" underline="always">
              /api/performance/checkpoints
            </Anchor>
            {t('record:checkpoint.everyFeed')}{' '}
            <Anchor href="/performance/feed.xml" size="sm" underline="always" data-testid="checkpoint-feed">
              /performance/feed.xml
            </Anchor>
            .
          </List.Item>
          <List.Item>
            <Marked text={t('record:checkpoint.verifier')} />{' '}
            <Code>pnpm --filter @t0/examples verify -- --url {window.location.origin}</Code>.
          </List.Item>
        </List>
        <Group gap="xs">
          <Button
            component="a"
            href="#verify"
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={(e: React.MouseEvent) => {
              e.preventDefault();
              void downloadVerifier();
            }}
            data-testid="verifier-link"
          >
            {t('record:checkpoint.verifierScript')}
          </Button>
          <Button
            component="a"
            href="/performance/feed.xml"
            variant="subtle"
            size="xs"
            leftSection={<IconRss size={14} aria-hidden />}
          >
            {t('record:checkpoint.feed')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
