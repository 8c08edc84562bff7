import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  createPromotionCodeInput,
  formatAmount,
  type AdminAffiliate,
  type AdminPlanView,
  type PromotionCodeView,
  type PromotionRedemptionView,
  type WinBackFailureView,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { TerminalTable, type TerminalColumn } from '../../../components/TerminalTable';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { serverFieldErrors } from '../rooms-and-plans/serverFieldErrors';

const SOURCE_HINT = {
  stripe:
    "Stripe's promotion codes (create and switch them off in the Stripe Dashboard; limit one to plans by limiting its coupon to their prices' products) and the checkouts that took a discount.",
  local:
    'Test mode: codes live here. The test checkout takes one (a code limited to plans, only for those); its discount comes off the first paid invoice (after the free trial, if any).',
  none: 'No payment provider is configured: no codes.',
} as const;

/** "20% off · 3 / 100 used · until …" */
const usage = (c: PromotionCodeView) =>
  `${c.timesRedeemed}${c.maxRedemptions !== null ? ` / ${c.maxRedemptions}` : ''}`;

/** The plans a code may be limited to: those not archived, and any the code names already. */
const planOptions = (plans: readonly AdminPlanView[] | undefined, chosen: readonly string[]) =>
  (plans ?? [])
    .filter((p) => p.archivedAt === null || chosen.includes(p.key))
    .map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }));

/**
 * The affiliates a code may belong to, by code and e-mail: the active ones, and the one the code
 * names already (so that its select still shows it).
 */
const affiliateOptions = (affiliates: readonly AdminAffiliate[] | undefined, chosen: string | null) =>
  (affiliates ?? [])
    .filter((a) => a.status === 'active' || String(a.id) === chosen)
    .map((a) => ({ value: String(a.id), label: `${a.code} · ${a.email}` }));

/** What a code applies to: a local code's plans, a Stripe code's products, or everything. */
function appliesTo(c: PromotionCodeView, plans: readonly AdminPlanView[] | undefined) {
  if (c.appliesToProducts.length > 0) return `Stripe products: ${c.appliesToProducts.join(', ')}`;
  if (c.plans.length === 0) return 'EVERY PLAN';
  return c.plans.map((key) => plans?.find((p) => p.key === key)?.name ?? key).join(', ');
}

/** EDIT: the plans a local code applies to (empty: every plan) and the affiliate it belongs to. */
function CodeEditModal({
  code,
  plans,
  affiliates,
  onClose,
}: {
  code: PromotionCodeView | null;
  plans: readonly AdminPlanView[] | undefined;
  affiliates: readonly AdminAffiliate[] | undefined;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [chosen, setChosen] = useState<string[]>([]);
  const [affiliate, setAffiliate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setChosen(code?.plans ?? []);
    setAffiliate(code?.affiliateId ? String(code.affiliateId) : null);
    setErrors({});
  }, [code]);
  const update = useMutation(
    trpc.adminPromotions.update.mutationOptions({
      onSuccess: (saved) => {
        feedback.ok(
          'CODE SAVED',
          `${saved.code}: ${saved.plans.length ? saved.plans.join(', ') : 'every plan'}${
            saved.affiliateCode ? `, affiliate ${saved.affiliateCode}` : ''
          }.`,
        );
        void queryClient.invalidateQueries(trpc.adminPromotions.pathFilter());
        // The affiliates' rows list their codes.
        void queryClient.invalidateQueries(trpc.adminAffiliates.pathFilter());
        onClose();
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        feedback.fail('CODE NOT SAVED', err);
      },
    }),
  );
  return (
    <Modal opened={code !== null} onClose={onClose} title={code ? `EDIT ${code.code}` : 'EDIT'}>
      <Stack gap="sm">
        <MultiSelect
          label="Plans"
          description="The plans the code applies to; none chosen: every plan. The test checkout refuses it for any other."
          placeholder={chosen.length ? undefined : 'Every plan'}
          data={planOptions(plans, chosen)}
          value={chosen}
          onChange={setChosen}
          error={errors.plans}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Affiliate"
          description="Its buyers are attributed to this affiliate; none: to nobody."
          placeholder="None"
          data={affiliateOptions(affiliates, affiliate)}
          value={affiliate}
          onChange={setAffiliate}
          error={errors.affiliateId}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            CANCEL
          </Button>
          <Button
            color="terminal"
            loading={update.isPending}
            onClick={() =>
              code &&
              update.mutate({ id: Number(code.id), plans: chosen, affiliateId: affiliate ? Number(affiliate) : null })
            }
          >
            SAVE CODE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A win-back offer not made: whose, when their subscription ended, when it was given up, and why. */
const winBackFailureColumns: TerminalColumn<WinBackFailureView>[] = [
  {
    key: 'email',
    header: 'ACCOUNT',
    wrap: true,
    render: (f) => (
      <>
        <Text size="xs" ff="monospace">
          {f.email ?? f.subscriptionId}
        </Text>
        {/* On phones the reason goes under the account: a column of its own would be too narrow to read. */}
        <Text size="xs" hiddenFrom="sm" mt={4}>
          {f.failure}
        </Text>
      </>
    ),
  },
  {
    key: 'ended',
    header: 'ENDED',
    visibleFrom: 'md',
    render: (f) => <Text size="xs">{f.endedAt ? formatDateTime(f.endedAt) : '—'}</Text>,
  },
  {
    key: 'failed',
    header: 'GIVEN UP',
    wrap: true,
    render: (f) => <Text size="xs">{formatDateTime(f.failedAt)}</Text>,
  },
  {
    key: 'failure',
    header: 'WHY',
    visibleFrom: 'sm',
    wrap: true,
    render: (f) => <Text size="xs">{f.failure}</Text>,
  },
];

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
  const [plans, setPlans] = useState<string[]>([]);
  const [plansError, setPlansError] = useState<string | undefined>();
  const [affiliate, setAffiliate] = useState<string | null>(null);
  const [affiliateError, setAffiliateError] = useState<string | undefined>();
  const [editing, setEditing] = useState<PromotionCodeView | null>(null);
  const allPlans = useQuery(trpc.plans.adminList.queryOptions());
  // The affiliates a code may belong to: only where codes are made here.
  const affiliates = useQuery({ ...trpc.adminAffiliates.list.queryOptions(), enabled: list.data?.canCreate === true });

  const create = useMutation(
    trpc.adminPromotions.create.mutationOptions({
      onSuccess: (created) => {
        feedback.ok(
          'CODE CREATED',
          `${created.code}: ${created.label}${created.affiliateCode ? `, affiliate ${created.affiliateCode}` : ''}.`,
        );
        setCode('');
        setPlans([]);
        setPlansError(undefined);
        setAffiliate(null);
        setAffiliateError(undefined);
        void queryClient.invalidateQueries(trpc.adminPromotions.pathFilter());
        // The affiliates' rows list their codes.
        void queryClient.invalidateQueries(trpc.adminAffiliates.pathFilter());
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setPlansError(fields.plans);
        setAffiliateError(fields.affiliateId);
        feedback.fail('CODE NOT CREATED', error);
      },
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
      plans,
      affiliateId: affiliate ? Number(affiliate) : null,
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
        <>
          <Text size="sm" fw={700} ff="monospace">
            {c.code}
          </Text>
          {/* On phones the AFFILIATE column is off to the side: said under the code. */}
          {c.affiliateCode && (
            <Text size="xs" c="dimmed" ff="monospace" hiddenFrom="sm" data-testid="promotion-code-affiliate-phone">
              AFFILIATE {c.affiliateCode}
            </Text>
          )}
        </>
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
      key: 'plans',
      header: 'APPLIES TO',
      wrap: true,
      render: (c) => (
        <Text size="xs" data-testid="promotion-code-plans">
          {appliesTo(c, allPlans.data)}
        </Text>
      ),
    },
    {
      key: 'affiliate',
      header: 'AFFILIATE',
      visibleFrom: 'sm',
      render: (c) => (
        <Text size="xs" ff="monospace" data-testid="promotion-code-affiliate">
          {c.affiliateCode ?? '—'}
        </Text>
      ),
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
    ...(list.data?.canCreate
      ? [
          {
            key: 'edit',
            header: 'ACTIONS',
            hideHeader: true,
            render: (c: PromotionCodeView) => (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                EDIT
              </Button>
            ),
          },
        ]
      : []),
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
      <CodeEditModal
        code={editing}
        plans={allPlans.data}
        affiliates={affiliates.data?.affiliates}
        onClose={() => setEditing(null)}
      />
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
      {data && data.winBackFailures.length > 0 && (
        <Stack gap="xs" data-testid="win-back-failures">
          <Alert color="yellow" variant="light" radius="xs" title="WIN-BACK OFFERS NOT MADE">
            <Text size="xs">
              Stripe refused these offers, or failed on every try for about a day: no code was made, nothing was sent,
              and they are not offered again. The reason says why (a refusal is often the API key&apos;s rights to
              Coupons and Promotion Codes); once that is fixed, subscriptions that end later are offered as usual.
            </Text>
          </Alert>
          <Paper className="t0-surface" p={0}>
            <TerminalTable
              columns={winBackFailureColumns}
              rows={data.winBackFailures}
              rowKey={(f) => f.subscriptionId}
              rowLabel={(f) => `Win-back offer to ${f.email ?? f.subscriptionId} not made`}
              minWidth={340}
              testId="win-back-failures-table"
            />
          </Paper>
        </Stack>
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
            <MultiSelect
              label="Plans"
              placeholder={plans.length ? undefined : 'Every plan'}
              data={planOptions(allPlans.data, plans)}
              value={plans}
              onChange={(v) => {
                setPlans(v);
                setPlansError(undefined);
              }}
              error={plansError}
              searchable
              clearable
              miw={200}
              style={{ flex: '1 1 200px' }}
            />
            <Select
              label="Affiliate"
              placeholder="None"
              data={affiliateOptions(affiliates.data?.affiliates, affiliate)}
              value={affiliate}
              onChange={(v) => {
                setAffiliate(v);
                setAffiliateError(undefined);
              }}
              error={affiliateError}
              nothingFoundMessage="No active affiliate"
              searchable
              clearable
              miw={200}
              style={{ flex: '1 1 200px' }}
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
            minWidth={data.canCreate ? 600 : 480}
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
