import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { LEGAL_TITLES, type LegalPage as LegalPageName } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { PublicPageBar } from '../../components/shell/BackHomeButton';
import { errorMessage } from '../../lib/errors';
import { useSiteConfig } from '../../lib/site';
import { formatLongDate } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { LegalLinks } from './LegalLinks';
import { SafeMarkdown } from './SafeMarkdown';

/** /terms, /privacy, /risk: the operator's text from the site settings, rendered as safe Markdown. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const trpc = useTRPC();
  const { config } = useSiteConfig();
  const doc = useQuery(trpc.site.legal.queryOptions({ page }, { staleTime: 60_000 }));
  const title = LEGAL_TITLES[page];
  useDocumentMeta(title, `${title} of T0 Terminal.`);

  let body;
  if (doc.isLoading) body = <LoadingSkeleton variant="text" count={8} label="Loading..." />;
  else if (doc.isError || !doc.data)
    body = (
      <ErrorPanel text={errorMessage(doc.error, 'This page could not be loaded.')} onRetry={() => void doc.refetch()} />
    );
  else if (!doc.data.markdown.trim()) {
    body = (
      <Text c="dimmed" data-testid="legal-empty">
        The {title.toLowerCase()} has not been published yet.{' '}
        {config?.supportEmail && (
          <>
            Questions: <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>.
          </>
        )}
      </Text>
    );
  } else {
    body = (
      <>
        <SafeMarkdown markdown={doc.data.markdown} />
        {doc.data.updatedAt && (
          <Text size="xs" c="dimmed">
            Last updated {formatLongDate(doc.data.updatedAt)}
          </Text>
        )}
      </>
    );
  }

  return (
    <Box mih="100vh" data-testid="LegalPage">
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="lg">
          <PublicPageBar />
          <Title order={1} size="h2" lts="0.1em">
            {title}
          </Title>
          <Paper p={{ base: 'md', sm: 'xl' }} bg="var(--t0-surface-1)" component="article" data-testid="legal-text">
            <Stack gap="md">{body}</Stack>
          </Paper>
          <LegalLinks />
        </Stack>
      </Container>
    </Box>
  );
}
