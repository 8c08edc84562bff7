import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatAmount, type AdminAffiliate, type AffiliateSettings, type Earnings } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { useAdminFeedback } from '../feedback';

/** Each currency's amount on its own line (an affiliate paid in two currencies shows both). */
function Amounts({ earnings, pick }: { earnings: Earnings[]; pick: (e: Earnings) => number }) {
  if (earnings.length === 0)
    return (
      <Text size="xs" c="dimmed" ff="monospace">
        —
      </Text>
    );
  return (
    <>
      {earnings.map((e) => (
        <Text key={e.currency} size="xs" ff="monospace" c={pick(e) < 0 ? 'red' : undefined}>
          {formatAmount(pick(e), e.currency)}
        </Text>
      ))}
    </>
  );
}

const count = (n: number) => (
  <Text size="xs" ff="monospace">
    {n}
  </Text>
);

interface Actions {
  suspend: (a: AdminAffiliate) => void;
  reactivate: (a: AdminAffiliate) => void;
  rate: (a: AdminAffiliate) => void;
  pay: (a: AdminAffiliate) => void;
}

const columnsWith = (act: Actions): ConsoleColumn<AdminAffiliate>[] => [
  {
    key: 'affiliate',
    header: 'AFFILIATE',
    wrap: true,
    render: (a) => (
      <>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {a.email}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {a.code}
          {a.promotionCodes.length > 0 ? ` · promo ${a.promotionCodes.join(', ')}` : ''}
        </Text>
      </>
    ),
  },
  {
    key: 'status',
    header: 'STATUS',
    render: (a) => (
      <Badge radius="xs" variant="light" color={a.status === 'active' ? 'terminal' : 'red'}>
        {a.status.toUpperCase()}
      </Badge>
    ),
  },
  {
    key: 'rate',
    header: 'RATE',
    render: (a) => (
      <Text size="xs" ff="monospace" c={a.ratePercent === null ? 'dimmed' : undefined}>
        {a.ratePercent === null ? 'rules' : `${a.ratePercent} %`}
      </Text>
    ),
  },
  { key: 'clicks', header: 'CLICKS', align: 'right', render: (a) => count(a.clicks) },
  { key: 'signups', header: 'SIGN-UPS', align: 'right', render: (a) => count(a.signUps) },
  { key: 'conversions', header: 'CONV.', align: 'right', render: (a) => count(a.conversions) },
  {
    key: 'pending',
    header: 'PENDING',
    align: 'right',
    render: (a) => <Amounts earnings={a.earnings} pick={(e) => e.pending} />,
  },
  {
    key: 'payable',
    header: 'PAYABLE',
    align: 'right',
    render: (a) => <Amounts earnings={a.earnings} pick={(e) => e.payable} />,
  },
  {
    key: 'paid',
    header: 'PAID',
    align: 'right',
    render: (a) => <Amounts earnings={a.earnings} pick={(e) => e.paid} />,
  },
  {
    key: 'actions',
    header: 'ACTIONS',
    hideHeader: true,
    stickyRight: true,
    // One button under another: the column stays narrow where it sticks on a phone.
    render: (a) => (
      <Stack gap={4} align="stretch">
        <Button
          size="compact-xs"
          variant="light"
          disabled={!a.earnings.some((e) => e.payable > 0)}
          onClick={() => act.pay(a)}
          aria-label={`MARK PAID ${a.email}`}
        >
          MARK PAID
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => act.rate(a)} aria-label={`RATE ${a.email}`}>
          RATE
        </Button>
        {a.status === 'active' ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => act.suspend(a)}
            aria-label={`SUSPEND ${a.email}`}
          >
            SUSPEND
          </Button>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => act.reactivate(a)}
            aria-label={`REACTIVATE ${a.email}`}
          >
            REACTIVATE
          </Button>
        )}
      </Stack>
    ),
  },
];

function SettingsForm({ settings, onSaved }: { settings: AffiliateSettings; onSaved: () => void }) {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const save = useMutation(trpc.adminAffiliates.saveSettings.mutationOptions());
  const [draft, setDraft] = useState<AffiliateSettings>(settings);
  useEffect(() => setDraft(settings), [settings]);
  const num = (key: keyof AffiliateSettings) => (v: string | number) =>
    setDraft((d) => ({ ...d, [key]: typeof v === 'number' ? v : Number(v) }));

  async function submit() {
    try {
      await save.mutateAsync(draft);
      feedback.ok('Affiliate settings saved');
      onSaved();
    } catch (err) {
      feedback.fail('Not saved', err);
    }
  }

  return (
    <Paper p="md" className="t0-surface" aria-label="Affiliate settings" component="section">
      <Stack gap="sm">
        <Text fw={700} size="sm">
          SETTINGS
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <NumberInput
            label="DEFAULT %"
            min={0}
            max={100}
            decimalScale={2}
            value={draft.defaultPercent}
            onChange={num('defaultPercent')}
          />
          <NumberInput
            label="RECURRING MONTHS (0: FIRST PAYMENT)"
            min={0}
            max={120}
            allowDecimal={false}
            value={draft.defaultRecurringMonths}
            onChange={num('defaultRecurringMonths')}
          />
          <NumberInput
            label="FIRST-TOUCH DAYS"
            min={1}
            max={365}
            allowDecimal={false}
            value={draft.cookieDays}
            onChange={num('cookieDays')}
          />
          <NumberInput
            label="HOLD DAYS"
            min={0}
            max={365}
            allowDecimal={false}
            value={draft.holdDays}
            onChange={num('holdDays')}
          />
        </SimpleGrid>
        <Textarea
          label="DISCLOSURE LINE"
          description="Affiliates accept it and must show it wherever they promote their link"
          autosize
          minRows={2}
          value={draft.disclosure}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, disclosure: value }));
          }}
        />
        <Checkbox
          label="Whop payments earn commissions (Whop pays its own affiliates: off by default)"
          checked={draft.whopPayments}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, whopPayments: checked }));
          }}
        />
        <Group>
          <Button loading={save.isPending} onClick={() => void submit()}>
            SAVE SETTINGS
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RulesPanel({
  rules,
  onSaved,
}: {
  rules: Array<{ plan: string; percent: number; recurringMonths: number }>;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const setRule = useMutation(trpc.adminAffiliates.setRule.mutationOptions());
  const deleteRule = useMutation(trpc.adminAffiliates.deleteRule.mutationOptions());
  const [plan, setPlan] = useState('');
  const [percent, setPercent] = useState<number | string>(30);
  const [months, setMonths] = useState<number | string>(0);

  async function save() {
    try {
      await setRule.mutateAsync({ plan, percent: Number(percent), recurringMonths: Number(months) });
      feedback.ok('Rule saved', plan);
      setPlan('');
      onSaved();
    } catch (err) {
      feedback.fail('Rule not saved', err);
    }
  }
  async function remove(key: string) {
    try {
      await deleteRule.mutateAsync({ plan: key });
      feedback.ok('Rule removed', `${key} takes the default rule`);
      onSaved();
    } catch (err) {
      feedback.fail('Rule not removed', err);
    }
  }

  return (
    <Paper p="md" className="t0-surface" aria-label="Commission rules per plan" component="section">
      <Stack gap="sm">
        <Text fw={700} size="sm">
          RULES PER PLAN
        </Text>
        {rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every plan takes the default rule.
          </Text>
        ) : (
          rules.map((r) => (
            <Group key={r.plan} justify="space-between" wrap="nowrap" data-testid="affiliate-rule">
              <Text size="sm" ff="monospace">
                {r.plan}: {r.percent} %{' '}
                {r.recurringMonths > 0 ? `for ${r.recurringMonths} months` : 'of the first payment'}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(r.plan)}>
                REMOVE
              </Button>
            </Group>
          ))
        )}
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <TextInput label="PLAN KEY" value={plan} onChange={(e) => setPlan(e.currentTarget.value)} />
          <NumberInput label="%" min={0} max={100} decimalScale={2} value={percent} onChange={setPercent} />
          <NumberInput
            label="MONTHS (0: FIRST)"
            min={0}
            max={120}
            allowDecimal={false}
            value={months}
            onChange={setMonths}
          />
          <Button mt={{ sm: 24 }} loading={setRule.isPending} disabled={!plan.trim()} onClick={() => void save()}>
            SAVE RULE
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Console › AFFILIATES: who promotes the desk, what they brought, what is due; payouts, suspension, rules. */
export function AffiliatesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const list = useQuery(trpc.adminAffiliates.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.adminAffiliates.list.queryKey() });
  const suspend = useMutation(trpc.adminAffiliates.suspend.mutationOptions());
  const reactivate = useMutation(trpc.adminAffiliates.reactivate.mutationOptions());
  const setRate = useMutation(trpc.adminAffiliates.setRate.mutationOptions());
  const markPaid = useMutation(trpc.adminAffiliates.markPaid.mutationOptions());
  const [rateOf, setRateOf] = useState<AdminAffiliate | null>(null);
  const [rate, setRateDraft] = useState<number | string>('');
  const [payTo, setPayTo] = useState<AdminAffiliate | null>(null);
  const [reference, setReference] = useState('');
  const [exporting, setExporting] = useState(false);

  async function run(title: string, action: () => Promise<unknown>, done?: string) {
    try {
      await action();
      feedback.ok(title, done);
      refresh();
      return true;
    } catch (err) {
      feedback.fail(`${title}: failed`, err);
      return false;
    }
  }

  async function downloadCsv() {
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery(trpc.adminAffiliates.payoutsExport.queryOptions());
      saveFile(file.csv, file.filename, 'text/csv');
    } catch (err) {
      feedback.fail('The CSV could not be made', err);
    } finally {
      setExporting(false);
    }
  }

  const columns = columnsWith({
    suspend: (a) =>
      void run('Affiliate suspended', () => suspend.mutateAsync({ id: a.id }), `${a.email}: unpaid commissions voided`),
    reactivate: (a) => void run('Affiliate reactivated', () => reactivate.mutateAsync({ id: a.id }), a.email),
    rate: (a) => {
      setRateOf(a);
      setRateDraft(a.ratePercent ?? '');
    },
    pay: (a) => {
      setPayTo(a);
      setReference('');
    },
  });

  return (
    <Stack gap="lg" data-testid="affiliates-tab">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2} fz="h4">
            AFFILIATES
          </Title>
          <Text size="sm" c="dimmed">
            Subscribers who accepted the affiliate terms, the traders they brought and the commissions earned from the
            ledger. A commission is held {list.data?.settings.holdDays ?? 14} days, then payable; a refund or a dispute
            takes it back.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void downloadCsv()}
        >
          PAYOUTS CSV
        </Button>
      </Group>

      <ConsoleTable
        label="Affiliates"
        columns={columns}
        rows={list.data?.affiliates}
        rowKey={(a) => a.id}
        rowAttributes={(a) => ({ 'data-testid': 'affiliate-row', 'data-status': a.status })}
        striped
        alignTop
        minWidth={980}
        loading={list.isLoading}
        loadingRows={3}
        error={
          list.isError
            ? { text: 'Failed to load the affiliates', onRetry: () => void list.refetch(), retrying: list.isFetching }
            : null
        }
        empty={{ text: 'No affiliates yet', hint: 'Subscribers join from Profile › REFERRAL.' }}
      />

      {list.data && <RulesPanel rules={list.data.rules} onSaved={refresh} />}
      {list.data && <SettingsForm settings={list.data.settings} onSaved={refresh} />}

      <Modal opened={rateOf !== null} onClose={() => setRateOf(null)} title="AFFILIATE RATE" centered>
        <Stack gap="sm">
          <Text size="sm">{rateOf?.email}: their own percent over the plans’ rules. Empty: the rules again.</Text>
          <NumberInput label="PERCENT" min={0} max={100} decimalScale={2} value={rate} onChange={setRateDraft} />
          <Group justify="flex-end">
            <Button
              loading={setRate.isPending}
              onClick={() =>
                void run('Rate saved', () =>
                  setRate.mutateAsync({ id: rateOf!.id, percent: rate === '' ? null : Number(rate) }),
                ).then((ok) => ok && setRateOf(null))
              }
            >
              SAVE RATE
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={payTo !== null} onClose={() => setPayTo(null)} title="MARK PAYOUT PAID" centered>
        <Stack gap="sm">
          <Text size="sm">
            Record that you paid {payTo?.email}{' '}
            {payTo?.earnings
              .filter((e) => e.payable > 0)
              .map((e) => formatAmount(e.payable, e.currency))
              .join(' + ')}
            . Pay them first (bank transfer, PayPal…), then record it here.
          </Text>
          <TextInput
            label="REFERENCE"
            placeholder="Transfer reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              loading={markPaid.isPending}
              onClick={() =>
                void run('Payout recorded', () => markPaid.mutateAsync({ id: payTo!.id, reference })).then(
                  (ok) => ok && setPayTo(null),
                )
              }
            >
              MARK PAID
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
