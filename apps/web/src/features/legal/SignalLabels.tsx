import { Fragment } from 'react';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';

// A signal's labels (EU MAR Art. 20): "by <name>, <title> · completed <UTC> · released <UTC>" (the
// desk's legal person for a desk signal), the analyst's disclosure and the desk's risk warning. They
// name who and when, never a level, so a locked signal shows them too.

/** The labels of one signal, read from its public disclosure answer; `link`: with the link to its page. */
export function SignalLabels({ signalId, link = true }: { signalId: number; link?: boolean }) {
  const trpc = useTRPC();
  const doc = useQuery(trpc.signals.disclosure.queryOptions({ id: signalId }, { staleTime: 60_000 }));
  if (doc.isLoading) return <Skeleton h={48} aria-label="Loading the labels" />;
  if (doc.isError || !doc.data)
    return (
      <Text size="xs" c="dimmed">
        The labels could not be loaded.{' '}
        <Anchor component={Link} to={`/signals/${signalId}/disclosure`} size="xs">
          Disclosure page
        </Anchor>
      </Text>
    );
  const { labels } = doc.data;
  return (
    <Stack gap={4} data-testid="signal-labels">
      <Text size="xs" fw={700} className="t0-num" data-testid="signal-author-line" style={{ overflowWrap: 'anywhere' }}>
        {labels.line.split(' · ').map((part, i) => (
          // The times wrap as a whole, never inside a date.
          <Fragment key={part}>
            {i > 0 && ' · '}
            <span style={i > 0 ? { whiteSpace: 'nowrap' } : undefined}>{part}</span>
          </Fragment>
        ))}
      </Text>
      {labels.disclosure.trim() && (
        <Text size="xs" c="dimmed" data-testid="signal-disclosure" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span inherit fw={700}>
            Disclosure:
          </Text>{' '}
          {labels.disclosure}
        </Text>
      )}
      {labels.riskWarning && (
        <Text size="xs" c="dimmed" data-testid="signal-risk-warning">
          <Text span inherit fw={700}>
            Risk warning:
          </Text>{' '}
          {labels.riskWarning}
        </Text>
      )}
      {link && (
        <Anchor component={Link} to={`/signals/${signalId}/disclosure`} size="xs" w="fit-content">
          DISCLOSURE PAGE
        </Anchor>
      )}
    </Stack>
  );
}
