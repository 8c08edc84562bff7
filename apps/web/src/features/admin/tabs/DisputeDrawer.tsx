import { Alert, Badge, Button, Drawer, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconSend } from '@tabler/icons-react';
import type { DisputeEvidence } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { useAdminFeedback } from '../feedback';

// A dispute's evidence (console › LEDGER › EVIDENCE on an opened dispute): what the records show of
// the buyer, the texts the provider is sent, and SUBMIT EVIDENCE once the desk approves.

type SignIn = DisputeEvidence['signIns'][number];

const SIGN_IN_COLUMNS: ConsoleColumn<SignIn>[] = [
  { key: 'at', header: 'TIME', render: (s) => <Text size="xs">{formatDateTime(s.at)}</Text> },
  {
    key: 'address',
    header: 'ADDRESS',
    render: (s) => (
      <Text size="xs" ff="monospace">
        {s.address}
      </Text>
    ),
  },
  { key: 'method', header: 'METHOD', render: (s) => <Text size="xs">{s.method}</Text> },
  {
    key: 'agent',
    header: 'DEVICE',
    wrap: true,
    visibleFrom: 'sm',
    render: (s) => (
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {s.userAgent}
      </Text>
    ),
  },
];

/** One of the texts the provider receives, as sent. */
function EvidenceText({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text className="t0-label">{label}</Text>
      <Paper p="xs" withBorder>
        <ScrollArea.Autosize mah={180} type="auto">
          <Text
            size="xs"
            ff="monospace"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            data-testid={testId}
          >
            {text}
          </Text>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}

function Count({ n, one, many }: { n: number; one: string; many: string }) {
  return (
    <Text size="sm">
      <Text span fw={700} ff="monospace">
        {n}
      </Text>{' '}
      {n === 1 ? one : many}
    </Text>
  );
}

function Submitted({ evidence }: { evidence: DisputeEvidence }) {
  const s = evidence.submission!;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCheck size={18} aria-hidden />}
      title="EVIDENCE SUBMITTED"
      data-testid="evidence-submitted"
    >
      {formatDateTime(s.submittedAt)}
      {s.submittedBy ? ` by ${s.submittedBy}` : ''}.{' '}
      {s.sentToProvider
        ? 'Stripe has it; the card network decides.'
        : 'Test mode: recorded as submitted, sent to no provider.'}
    </Alert>
  );
}

function EvidenceBody({ evidence }: { evidence: DisputeEvidence }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [confirming, setConfirming] = useState(false);
  const testMode = evidence.provider === 'local';
  const submit = useMutation(
    trpc.ledger.submitDisputeEvidence.mutationOptions({
      onSuccess: async (res) => {
        setConfirming(false);
        feedback.ok('Evidence submitted', res.message);
        await queryClient.invalidateQueries({ queryKey: trpc.ledger.disputeEvidence.queryKey({ id: evidence.id }) });
      },
      onError: (e) => {
        setConfirming(false);
        feedback.fail('Error', e, 'The evidence was not submitted');
      },
    }),
  );
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={testMode ? 'gray' : 'blue'} radius="xs">
          {testMode ? 'TEST MODE' : evidence.provider.toUpperCase()}
        </Badge>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {evidence.disputeId}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {evidence.customerEmailAddress ?? 'no account known'}
        </Text>
      </Group>

      {evidence.submission ? (
        <Submitted evidence={evidence} />
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" maw={420}>
            {testMode
              ? 'A test-mode dispute: submitting records it, and nothing is sent.'
              : 'Stripe takes one submission per dispute: check the texts below first.'}
          </Text>
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            SUBMIT EVIDENCE
          </Button>
        </Group>
      )}

      <Group gap="md" wrap="wrap">
        <Count n={evidence.signIns.length} one="sign-in" many="sign-ins" />
        <Count n={evidence.signalsDelivered.length} one="signal delivered" many="signals delivered" />
        <Count n={evidence.chatJoins.length} one="chat joined" many="chats joined" />
      </Group>

      <Stack gap={4} data-testid="evidence-consent">
        <Text className="t0-label">ACCEPTED AT CHECKOUT</Text>
        {evidence.consent ? (
          <>
            <Text size="sm">{evidence.consent.pages.map((p) => `${p.title} v${p.version}`).join(' · ')}</Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {formatDateTime(evidence.consent.acceptedAt)}
              {evidence.consent.address ? ` from ${evidence.consent.address}` : ''}
              {evidence.consent.shown ? '' : ' · started by the API: the versions current then'}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No consent on record (a checkout before versions were kept, or a purchase at Whop).
          </Text>
        )}
      </Stack>

      <Stack gap={4}>
        <Text className="t0-label">SIGN-INS WITH ADDRESSES</Text>
        <ConsoleTable
          label="Sign-ins of the buyer"
          columns={SIGN_IN_COLUMNS}
          rows={evidence.signIns.slice(0, 20)}
          rowKey={(s) => `${s.at}-${s.address}`}
          rowAttributes={() => ({ 'data-testid': 'evidence-sign-in' })}
          minWidth={320}
          empty={{ text: 'No sign-in on record' }}
        />
      </Stack>

      <EvidenceText label="ACCESS ACTIVITY LOG" text={evidence.accessActivityLog} testId="evidence-access-log" />
      <EvidenceText label="SERVICE DOCUMENTATION" text={evidence.serviceDocumentation} testId="evidence-service" />
      <EvidenceText label="REFUND POLICY" text={evidence.refundPolicyDisclosure} testId="evidence-refund-policy" />

      <ConfirmDialog
        opened={confirming}
        title="SUBMIT EVIDENCE"
        message={
          testMode
            ? `Record the evidence of ${evidence.disputeId} as submitted? In test mode nothing is sent.`
            : `Send this evidence to Stripe and submit it for ${evidence.disputeId}? Nothing can be added afterwards.`
        }
        confirmLabel="SUBMIT"
        color="green"
        pending={submit.isPending}
        onConfirm={() => submit.mutate({ id: evidence.id })}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** An opened dispute's evidence and its submission: full width on a phone. */
export function DisputeDrawer({ entryId, onClose }: { entryId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)', false);
  const q = useQuery(trpc.ledger.disputeEvidence.queryOptions({ id: entryId ?? 0 }, { enabled: entryId !== null }));
  return (
    <Drawer
      opened={entryId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={
        <Text fw={700} ff="monospace">
          DISPUTE EVIDENCE
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the dispute' }}
      data-testid="dispute-drawer"
    >
      {q.isLoading ? (
        <LoadingSkeleton count={6} label="Loading the evidence" />
      ) : q.isError ? (
        <ErrorPanel text="Failed to load the evidence" onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data ? (
        <EvidenceBody evidence={q.data} />
      ) : null}
    </Drawer>
  );
}
