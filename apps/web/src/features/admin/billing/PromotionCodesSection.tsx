import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  createPromotionCodeInput,
  formatAmount,
  type PromotionCodeView,
  type PromotionRedemptionView,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { TerminalTable, type TerminalColumn } from '../../../components/TerminalTable';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';

const SOURCE_HINT = {
  stripe:
    "Stripe's promotion codes (create and switch them off in the Stripe Dashboard) and the checkouts that took a discount.",
  local:
    'Test mode: codes live here. The test checkout takes one; its discount comes off the first paid invoice (after the free trial, if any).',
  none: 'No payment provider is configured: no codes.',
} as const;

/** "20% off · 3 / 100 used · until …" */
const usage = (c: PromotionCodeView) =>
  `${c.timesRedeemed}${c.maxRedemptions !== null ? ` / ${c.maxRedemptions}` : ''}`;

/**
 * PROMOTION CODES: one view over Stripe's codes and the local test mode's, with who redeemed which,
 * when, for what discount, on which invoice; in the local test mode, a form to create a code.
 */
export function PromotionCodesSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const list = useQuery(trpc.adminPromotions.list.queryOptions());
  useEffect(() => {
    if (list.error) feedback.expired(list.error);
  }, [list.error, feedback]);

  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState<number | string>(20);
  const [currency, setCurrency] = useState('USD');
  const [maxRedemptions, setMaxRedemptions] = useState<number | string>('');
  const [expires, setExpires] = useState('');

  const create = useMutation(
    trpc.adminPromotions.create.mutationOptions({
      onSuccess: (created) => {
        feedback.ok('CODE CREATED', `${created.code}: ${created.label}.`);
        setCode('');
        void queryClient.invalidateQueries(trpc.adminPromotions.pathFilter());
      },
      onError: (error) => feedback.fail('CODE NOT CREATED', error),
    }),
  );

  const submit = () => {
    const amount = typeof value === 'number' ? value : Number(value);
    const checked = createPromotionCodeInput.safeParse({
      code,
      percentOff: kind === 'percent' ? amount : null,
      amountOffCents: kind === 'amount' ? Math.round(amount * 100) : null,
      currency: kind === 'amount' ? currency : null,
      maxRedemptions: maxRedemptions === '' ? null : Number(maxRedemptions),
      expiresAt: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
    });
    if (!checked.success) {
      feedback.fail('CODE NOT CREATED', new Error(checked.error.issues[0]?.message ?? 'Invalid code'));
      return;
    }
    create.mutate(checked.data);
  };

  const codeColumns: TerminalColumn<PromotionCodeView>[] = [
    {
      key: 'code',
      header: 'CODE',
      render: (c) => (
        <Text size="sm" fw={700} ff="monospace">
          {c.code}
        </Text>
      ),
    },
    { key: 'discount', header: 'DISCOUNT', render: (c) => <Text size="sm">{c.label.toUpperCase()}</Text> },
    { key: 'used', header: 'USED', align: 'right', render: (c) => <span className="t0-num">{usage(c)}</span> },
    {
      key: 'expires',
      header: 'EXPIRES',
      visibleFrom: 'sm',
      render: (c) => <Text size="xs">{c.expiresAt ? formatDateTime(c.expiresAt) : '—'}</Text>,
    },
    {
      key: 'state',
      header: 'STATE',
      render: (c) =>
        c.active ? (
          <Badge color="terminal" variant="light" radius="xs" size="sm">
            ACTIVE
          </Badge>
        ) : (
          <Badge color="gray" variant="outline" radius="xs" size="sm">
            ENDED
          </Badge>
        ),
    },
  ];
  const redemptionColumns: TerminalColumn<PromotionRedemptionView>[] = [
    {
      key: 'who',
      header: 'WHO',
      render: (r) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {r.email ?? '—'}
        </Text>
      ),
    },
    {
      key: 'code',
      header: 'CODE',
      visibleFrom: 'sm',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.code ?? '—'}
        </Text>
      ),
    },
    {
      key: 'when',
      header: 'WHEN',
      visibleFrom: 'sm',
      render: (r) => <Text size="xs">{formatDateTime(r.redeemedAt)}</Text>,
    },
    {
      key: 'discount',
      header: 'DISCOUNT',
      align: 'right',
      render: (r) => (
        <span className="t0-num">
          {r.discountCents === null ? 'AFTER TRIAL' : formatAmount(r.discountCents, r.currency ?? 'USD')}
        </span>
      ),
    },
    {
      key: 'invoice',
      header: 'INVOICE',
      visibleFrom: 'md',
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.invoice ?? '—'}
        </Text>
      ),
    },
  ];

  const data = list.data;
  return (
    <Stack gap="sm" data-testid="promotion-codes-section">
      <Title order={3} fz="h5">
        PROMOTION CODES
      </Title>
      {data && (
        <Text size="xs" c="dimmed">
          {SOURCE_HINT[data.source]}
        </Text>
      )}
      {data?.unavailable && (
        <Alert color="yellow" variant="light" radius="xs" title="STRIPE DID NOT ANSWER">
          The codes could not be read from Stripe just now. Try again in a moment.
        </Alert>
      )}
      {data?.canCreate && (
        <Paper className="t0-surface" p="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Code"
              placeholder="LAUNCH20"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
              maxLength={40}
              w={160}
            />
            <SegmentedControl
              aria-label="Discount kind"
              value={kind}
              onChange={(v) => setKind(v as 'percent' | 'amount')}
              data={[
                { value: 'percent', label: '% OFF' },
                { value: 'amount', label: 'AMOUNT OFF' },
              ]}
            />
            <NumberInput
              label={kind === 'percent' ? 'Percent' : 'Amount'}
              value={value}
              onChange={setValue}
              min={kind === 'percent' ? 1 : 0.01}
              max={kind === 'percent' ? 100 : undefined}
              decimalScale={kind === 'percent' ? 0 : 2}
              w={110}
            />
            {kind === 'amount' && (
              <TextInput
                label="Currency"
                value={currency}
                onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
                maxLength={3}
                w={80}
              />
            )}
            <NumberInput
              label="Max uses"
              placeholder="No limit"
              value={maxRedemptions}
              onChange={setMaxRedemptions}
              min={1}
              allowDecimal={false}
              w={120}
            />
            <TextInput
              label="Expires (optional)"
              type="date"
              value={expires}
              onChange={(e) => setExpires(e.currentTarget.value)}
              w={160}
            />
            <Button color="terminal" onClick={submit} loading={create.isPending}>
              CREATE CODE
            </Button>
          </Group>
        </Paper>
      )}
      {list.isError && (
        <ErrorPanel
          text="Failed to load promotion codes."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {data && data.codes.length === 0 && !data.unavailable && (
        <Paper className="t0-surface">
          <EmptyState
            text="NO CODES"
            hint={data.canCreate ? 'Create one above; the test checkout takes it.' : 'None yet.'}
          />
        </Paper>
      )}
      {data && data.codes.length > 0 && (
        <Paper className="t0-surface" p={0}>
          <TerminalTable
            columns={codeColumns}
            rows={data.codes}
            rowKey={(c) => c.id}
            rowLabel={(c) => `Code ${c.code}`}
            minWidth={340}
            testId="promotion-codes-table"
          />
        </Paper>
      )}
      {data && data.codes.length > 0 && (
        <>
          <Text size="xs" fw={700}>
            REDEMPTIONS
          </Text>
          {data.redemptions.length === 0 ? (
            <Paper className="t0-surface">
              <EmptyState text="NO REDEMPTIONS" hint="No checkout has taken a code yet." />
            </Paper>
          ) : (
            <Paper className="t0-surface" p={0}>
              <TerminalTable
                columns={redemptionColumns}
                rows={data.redemptions}
                rowKey={(r) => `${r.code}-${r.email}-${r.redeemedAt}`}
                rowLabel={(r) => `Redemption of ${r.code ?? 'a code'} by ${r.email ?? 'someone'}`}
                minWidth={340}
                testId="promotion-redemptions-table"
              />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
