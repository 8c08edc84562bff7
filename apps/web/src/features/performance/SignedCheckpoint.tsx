import { Anchor, Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@t0/contracts';
import { IconDownload, IconRss, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { saveFile } from '../../lib/save-file';

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

  return (
    <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface" data-testid="signed-checkpoint" id="verify">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconSignature size={18} aria-hidden />
          <Title order={2} size="h4" lts="0.08em">
            SIGNED CHECKPOINT
          </Title>
        </Group>
        {c ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Field label="HEAD EVENT" value={`#${c.headId} · ${c.eventCount} events`} testId="checkpoint-head" />
            <Field label="HEAD HASH" value={prefix(c.headHash, 16)} testId="checkpoint-hash" />
            <Field label="SIGNED" value={formatDateTime(c.createdAt) ?? c.createdAt} testId="checkpoint-time" />
            <Field label="SIGNATURE (ED25519)" value={prefix(c.signature, 24)} testId="checkpoint-signature" />
            <Field label="KEY" value={c.keyId} testId="checkpoint-key" />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed" data-testid="checkpoint-none">
            {latest.isLoading
              ? 'Loading the latest checkpoint…'
              : 'No checkpoint signed yet: the first is signed within the hour after the first signal event.'}
          </Text>
        )}
        <Text size="sm">
          Every hour and at every signal&apos;s close, the server signs the newest entry of the event log — its number,
          its hash and how many events lead up to it — with a private key that never leaves the server. The hash of each
          entry covers every entry before it, so a checkpoint pins the whole history up to that moment. If anyone later
          deletes, edits or re-creates past events, even recomputing every hash, the log no longer matches a checkpoint
          signed before, and the check below names it. Keep a copy of a checkpoint (the feed, the desk&apos;s Telegram
          or Discord channel) and you can catch a rewrite yourself.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            The public key
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
            — compare it with the key the desk published elsewhere.
          </List.Item>
          <List.Item>
            Every checkpoint:{' '}
            <Anchor href="/api/performance/checkpoints" size="sm" underline="always">
              /api/performance/checkpoints
            </Anchor>
            , also as a feed:{' '}
            <Anchor href="/performance/feed.xml" size="sm" underline="always" data-testid="checkpoint-feed">
              /performance/feed.xml
            </Anchor>
            .
          </List.Item>
          <List.Item>
            The verifier, <Code>examples/verify-record.ts</Code> in the product&apos;s source: it downloads the events,
            the checkpoints and the key, checks the chain and every signature on your own computer, and prints the first
            break. Run it with <Code>pnpm --filter @t0/examples verify -- --url {window.location.origin}</Code>.
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
            VERIFIER SCRIPT
          </Button>
          <Button
            component="a"
            href="/performance/feed.xml"
            variant="subtle"
            size="xs"
            leftSection={<IconRss size={14} aria-hidden />}
          >
            FEED
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
