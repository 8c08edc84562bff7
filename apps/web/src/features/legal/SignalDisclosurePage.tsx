import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { PublicPageBar } from '../../components/shell/BackHomeButton';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { LegalLinks } from './LegalLinks';
import { useRoomName } from '../checkout/UpgradeButton';
import { SignalLabels } from './SignalLabels';

function RoomName({ room }: { room: string }) {
  return <>{useRoomName(room)}</>;
}

/**
 * /signals/:id/disclosure: a signal's labels for anyone (the link web push, Telegram and Discord
 * carry): who produced it and when, the analyst's disclosure, the desk's legal person and risk
 * warning. Never a level: the answer behind it has none.
 */
export function SignalDisclosurePage() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const doc = useQuery(trpc.signals.disclosure.queryOptions({ id }, { enabled: valid, staleTime: 60_000 }));
  useDocumentMeta(`SIGNAL #${valid ? id : '?'} DISCLOSURE`, 'Who produced this signal, when, and their disclosure.');

  let body;
  if (!valid) body = <ErrorPanel text="There is no such signal." />;
  else if (doc.isLoading) body = <LoadingSkeleton variant="text" count={5} label="Loading..." />;
  else if (doc.isError || !doc.data)
    body = (
      <ErrorPanel text={errorMessage(doc.error, 'This page could not be loaded.')} onRetry={() => void doc.refetch()} />
    );
  else
    body = (
      <>
        <Group gap="xs">
          <Text fw={800} lts="0.08em" className="t0-num">
            {doc.data.instrument}
          </Text>
          <Text size="xs" c="dimmed">
            <RoomName room={doc.data.room} />
          </Text>
        </Group>
        <SignalLabels signalId={id} link={false} />
        <Text size="sm" data-testid="signal-legal-person">
          Published by {doc.data.labels.legalPerson.trim() || 'the desk'}
          {doc.data.labels.author ? `, through its analyst ${doc.data.labels.author.name}` : ''}. The levels of a signal
          are shown to its room's subscribers in the terminal only.
        </Text>
        <Group gap="lg">
          <Anchor component={Link} to={doc.data.riskPage} size="sm">
            RISK DISCLOSURE
          </Anchor>
          <Anchor component={Link} to={doc.data.disclosuresPage} size="sm">
            DISCLOSURES
          </Anchor>
        </Group>
      </>
    );

  return (
    <Box mih="100vh" data-testid="SignalDisclosurePage">
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="lg">
          <PublicPageBar />
          <Title order={1} size="h2" lts="0.1em">
            SIGNAL #{valid ? id : '?'} DISCLOSURE
          </Title>
          <Paper p={{ base: 'md', sm: 'xl' }} bg="var(--t0-surface-1)" component="article">
            <Stack gap="md">{body}</Stack>
          </Paper>
          <LegalLinks />
        </Stack>
      </Container>
    </Box>
  );
}
