import { Alert, Anchor, Text } from '@mantine/core';
import type { ChainVerification } from '@t0/contracts';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Each gap a restore from a backup declared: which published checkpoint it fell behind, how much was lost. */
function DeclaredGaps({ gaps }: { gaps: NonNullable<ChainVerification['gaps']> }) {
  if (!gaps.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={gaps.length === 1 ? 'A DECLARED GAP' : `${gaps.length} DECLARED GAPS`}
      data-testid="record-gaps"
      mt="sm"
    >
      {gaps.map((g) => (
        <Text size="sm" key={g.id}>
          On {utc(g.declaredAt)} the desk restored a backup that ends at event #{g.restoredHeadId} (
          {g.restoredEventCount} events). Checkpoint #{g.lostCheckpoint.id}, signed {utc(g.lostCheckpoint.createdAt)},
          had covered {g.lostCheckpoint.eventCount - g.restoredEventCount} more: those events were lost and are not in
          the figures below. The declaration is signed with the record&apos;s key (
          <Anchor href="/api/performance/gaps" size="sm" underline="always">
            the gaps
          </Anchor>
          ).
        </Text>
      ))}
    </Alert>
  );
}

/** Whether the event log is whole, with the head hash to note (or the first broken event). */
export function VerificationBanner({ v }: { v: ChainVerification }) {
  if (v.ok) {
    return (
      <>
        <Alert
          color="terminal"
          variant="light"
          icon={<IconShieldCheck size={18} aria-hidden />}
          title="EVENT LOG VERIFIED"
          data-testid="verification"
          data-ok="true"
        >
          <Text size="sm">
            {v.events} events, each hash-chained to the one before.{' '}
            {v.headHash && (
              <>
                Head #{v.headId}:{' '}
                <span className="t0-num" style={{ overflowWrap: 'anywhere' }}>
                  {v.headHash}
                </span>
                .{' '}
              </>
            )}
            <Anchor href="/api/performance/verify" size="sm" underline="always">
              Check it yourself
            </Anchor>
            .
          </Text>
        </Alert>
        <DeclaredGaps gaps={v.gaps ?? []} />
      </>
    );
  }
  if (!v.firstBroken && v.contradicts) {
    const c = v.contradicts;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="EVENT LOG REWRITTEN"
        data-testid="verification"
        data-ok="false"
      >
        <Text size="sm">
          The event log no longer matches checkpoint #{c.checkpointId}, signed {c.createdAt} at event #{c.headId} (
          {c.problem === 'missing'
            ? 'that event is gone: the log was cut'
            : c.problem === 'hash'
              ? 'that event has another hash now: the history was rewritten'
              : c.problem === 'count'
                ? 'another number of events leads up to it'
                : 'its signature does not verify'}
          ). The figures below come from a history changed after it was signed.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="EVENT LOG BROKEN"
      data-testid="verification"
      data-ok="false"
    >
      <Text size="sm">
        Event #{v.firstBroken?.id} ({v.firstBroken?.type} of signal {v.firstBroken?.signalId}) does not match the chain
        ({v.firstBroken?.problem === 'link' ? 'an event before it was removed or changed' : 'its content was changed'}).
        The figures below include records changed outside the product.
      </Text>
    </Alert>
  );
}
