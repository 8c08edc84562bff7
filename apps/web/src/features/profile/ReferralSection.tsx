import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatAmount, type Earnings } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { Section } from '../../components/Section';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper p="sm" className="t0-surface" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

/** Earnings of one currency: held, due, paid, taken back. */
function EarningsRow({ e }: { e: Earnings }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="referral-earnings">
      <Figure label={`PENDING (${e.currency})`} value={formatAmount(e.pending, e.currency)} />
      <Figure label={`PAYABLE (${e.currency})`} value={formatAmount(e.payable, e.currency)} />
      <Figure label={`PAID (${e.currency})`} value={formatAmount(e.paid, e.currency)} />
      <Figure label={`CLAWED BACK (${e.currency})`} value={formatAmount(e.clawedBack, e.currency)} />
    </SimpleGrid>
  );
}

/** Profile › REFERRAL: accept the affiliate terms, then the link, the code, the disclosure line and the figures. */
export function ReferralSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.referral.state.queryOptions());
  const accept = useMutation(trpc.referral.accept.mutationOptions());
  const [agreed, setAgreed] = useState(false);

  async function join() {
    if (!state.data) return;
    try {
      const next = await accept.mutateAsync({ disclosure: state.data.currentDisclosure });
      queryClient.setQueryData(trpc.referral.state.queryKey(), next);
      toast({ title: 'Affiliate terms accepted', description: 'Your referral link is ready.' });
    } catch (err) {
      toast({ title: 'Not accepted', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
      void state.refetch();
    }
  }

  const d = state.data;
  return (
    <Section
      title="REFERRAL"
      description="Earn a commission on the payments of the traders you bring to the desk."
      testId="referral-section"
    >
      {state.isLoading && <LoadingSkeleton count={3} />}
      {state.isError && <ErrorPanel text="Failed to load your referral" onRetry={() => void state.refetch()} />}
      {d && !d.enrolled && (
        <Stack gap="md">
          <Text size="sm">
            Affiliates earn {d.commissionPercent} % of the first payment of each trader who signs up through their link
            (followed within {d.cookieDays} days). Commissions are held {d.holdDays} days, then payable; a refund or a
            dispute takes them back.
          </Text>
          <Paper p="sm" className="t0-surface">
            <Text size="xs" c="dimmed">
              DISCLOSURE LINE — SHOW IT WHEREVER YOU PROMOTE YOUR LINK
            </Text>
            <Text size="sm" data-testid="referral-disclosure">
              {d.currentDisclosure}
            </Text>
          </Paper>
          <Checkbox
            label="I accept the affiliate terms and will show the disclosure line with my link"
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <Group>
            <Button disabled={!agreed} loading={accept.isPending} onClick={() => void join()}>
              BECOME AN AFFILIATE
            </Button>
          </Group>
        </Stack>
      )}
      {d && d.enrolled && (
        <Stack gap="md">
          {d.status === 'suspended' && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="SUSPENDED">
              Your affiliate account is suspended: your link no longer counts and unpaid commissions were voided. Write
              to the desk to ask why.
            </Alert>
          )}
          <Group gap="xs">
            <Badge color={d.status === 'suspended' ? 'red' : 'terminal'} variant="light" radius="xs">
              {d.status === 'suspended' ? 'SUSPENDED' : 'ACTIVE AFFILIATE'}
            </Badge>
            {d.termsAcceptedAt && (
              <Text size="xs" c="dimmed">
                Terms accepted {formatDateTime(d.termsAcceptedAt)}
              </Text>
            )}
          </Group>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label="YOUR LINK"
              value={d.link ?? ''}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              data-testid="referral-link"
            />
            <CopyButton value={d.link ?? ''} label="Copy referral link" size="lg" />
          </Group>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput label="CODE" value={d.code ?? ''} readOnly w={180} data-testid="referral-code" />
            <CopyButton value={d.code ?? ''} label="Copy referral code" size="lg" />
          </Group>
          <Paper p="sm" className="t0-surface">
            <Text size="xs" c="dimmed">
              DISCLOSURE LINE — SHOW IT WHEREVER YOU PROMOTE YOUR LINK
            </Text>
            <Text size="sm" data-testid="referral-disclosure">
              {d.disclosure}
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 3 }} spacing="xs">
            <Figure label="CLICKS" value={String(d.figures.clicks)} testId="referral-clicks" />
            <Figure label="SIGN-UPS" value={String(d.figures.signUps)} testId="referral-signups" />
            <Figure label="CONVERSIONS" value={String(d.figures.conversions)} testId="referral-conversions" />
          </SimpleGrid>
          {d.figures.earnings.length === 0 ? (
            <Text size="sm" c="dimmed">
              No commissions yet. They appear here when a trader you referred pays.
            </Text>
          ) : (
            d.figures.earnings.map((e) => <EarningsRow key={e.currency} e={e} />)
          )}
        </Stack>
      )}
    </Section>
  );
}
