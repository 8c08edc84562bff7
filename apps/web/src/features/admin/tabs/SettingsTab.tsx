import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DEFAULT_DISPUTE_RATE_ALERT_PERCENT,
  DEFAULT_REPORTING_CURRENCY,
  DEFAULT_WIN_BACK,
  LEGAL_PAGES,
  PRESCRIBED_STATEMENT_4_41,
  LEGAL_PERSON_MAX,
  LEGAL_TEXT_MAX,
  LEGAL_TITLES,
  siteSettingsSchema,
  TRIAL_DAYS_MAX,
  WIN_BACK_DAYS_MAX,
  WIN_BACK_MONTHS_MAX,
  type DunningEmails,
  type MarketingFigures,
  type SiteSettings,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';

const FIGURES: Array<{ key: keyof MarketingFigures; label: string; live?: string }> = [
  { key: 'traders', label: 'TRADERS', live: 'registered accounts' },
  { key: 'support', label: 'SUPPORT' },
  { key: 'signals', label: 'SIGNALS' },
  { key: 'marketMoves', label: 'MARKET MOVES' },
  { key: 'activeTraders', label: 'ACTIVE TRADERS', live: 'active subscribers' },
  { key: 'activeSignals', label: 'ACTIVE SIGNALS', live: 'open signals' },
];

/** Site settings: support address, the landing page's figures (or live counts), the legal pages. */
export function SettingsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const current = useQuery(trpc.site.settings.queryOptions());
  const form = useForm<SiteSettings>({
    initialValues: {
      supportEmail: '',
      marketing: { traders: '', support: '', signals: '', marketMoves: '', activeTraders: '', activeSignals: '' },
      marketingLive: false,
      legal: { terms: '', privacy: '', risk: '', disclosures: '', refund: '' },
      legalPerson: '',
      brokerWidgetUrl: '',
      trialDays: { monthly: 0, yearly: 0 },
      leaderboardPublic: false,
      prescribedStatement: false,
      reportingCurrency: DEFAULT_REPORTING_CURRENCY,
      disputeRateAlertPercent: DEFAULT_DISPUTE_RATE_ALERT_PERCENT,
      dunningEmails: 'stripe',
      winBack: { ...DEFAULT_WIN_BACK },
    },
    validate: schemaResolver(siteSettingsSchema, { sync: true }),
  });
  const loaded = current.data;
  useEffect(() => {
    if (!loaded) return;
    const values = {
      supportEmail: loaded.supportEmail,
      marketing: loaded.marketing,
      marketingLive: loaded.marketingLive,
      legal: loaded.legal,
      legalPerson: loaded.legalPerson,
      brokerWidgetUrl: loaded.brokerWidgetUrl,
      trialDays: loaded.trialDays,
      leaderboardPublic: loaded.leaderboardPublic,
      prescribedStatement: loaded.prescribedStatement,
      reportingCurrency: loaded.reportingCurrency,
      disputeRateAlertPercent: loaded.disputeRateAlertPercent,
      dunningEmails: loaded.dunningEmails,
      winBack: loaded.winBack,
    };
    form.setInitialValues(values);
    form.setValues(values);
    // The form follows what the server holds after each load or save.
  }, [loaded]);

  const save = useMutation(
    trpc.site.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.site.settings.queryKey(), saved);
        void queryClient.invalidateQueries(trpc.site.pathFilter());
        feedback.ok('SETTINGS SAVED', 'The landing page and the legal pages show them now');
      },
      onError: (err) => feedback.fail('SETTINGS NOT SAVED', err),
    }),
  );

  if (current.isLoading) return <Skeleton h={420} />;
  if (current.isError || !loaded)
    return (
      <ErrorPanel
        text={errorMessage(current.error, 'Settings could not be loaded.')}
        onRetry={() => void current.refetch()}
      />
    );

  const live = form.values.marketingLive;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="site-settings">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              SITE SETTINGS
            </Title>
            <Text size="xs" c="dimmed">
              {loaded.updatedAt ? `Last saved ${formatDateTime(loaded.updatedAt)}` : 'Defaults: nothing saved yet'}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || save.isPending}>
              DISCARD
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              SAVE SETTINGS
            </Button>
          </Group>
        </Group>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-support">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-support">
              SUPPORT
            </Title>
            <TextInput
              label="Support e-mail"
              description={`Shown in the footer and on the legal pages. Empty: ${loaded.defaultSupportEmail} (the server's SUPPORT_EMAIL).`}
              placeholder={loaded.defaultSupportEmail}
              type="email"
              maw={420}
              {...form.getInputProps('supportEmail')}
            />
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-trial">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-trial">
              FREE TRIAL
            </Title>
            <Text size="sm" c="dimmed">
              Days free before the first payment of a subscription (0: none): for plans billed by the month or by the
              year that set no trial of their own under ROOMS & PLANS. Offered once per person: not to an account that
              has had a subscription or a trial before.
            </Text>
            <Group gap="md" align="flex-start" wrap="wrap">
              <NumberInput
                label="Monthly plan (days)"
                min={0}
                max={TRIAL_DAYS_MAX}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('trialDays.monthly')}
              />
              <NumberInput
                label="Yearly plan (days)"
                min={0}
                max={TRIAL_DAYS_MAX}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('trialDays.yearly')}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-billing-messages">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-billing-messages">
              BILLING MESSAGES
            </Title>
            <Text size="sm" c="dimmed">
              When a renewal payment fails, the subscriber gets a Telegram message (when linked) with the link that
              fixes it, and reminders 3 days and 1 day before access ends. Who sends the e-mails: Stripe (turn its
              failed-payment e-mails on in the Stripe Dashboard) or T0.
            </Text>
            <SegmentedControl
              aria-label="Failed-payment e-mails"
              data={[
                { value: 'stripe', label: 'STRIPE E-MAILS' },
                { value: 't0', label: 'T0 E-MAILS' },
              ]}
              value={form.values.dunningEmails}
              onChange={(v) => form.setFieldValue('dunningEmails', v as DunningEmails)}
              style={{ alignSelf: 'flex-start' }}
            />
            <Switch
              label="Win-back offer: a single-use discount code for a subscriber whose subscription ended"
              {...form.getInputProps('winBack.enabled', { type: 'checkbox' })}
            />
            <Group gap="md" align="flex-start" wrap="wrap">
              <NumberInput
                label="Days after the end"
                min={1}
                max={WIN_BACK_DAYS_MAX}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('winBack.days')}
              />
              <NumberInput
                label="Percent off"
                min={1}
                max={100}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('winBack.percentOff')}
              />
              <NumberInput
                label="For months"
                min={1}
                max={WIN_BACK_MONTHS_MAX}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('winBack.durationMonths')}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-ledger">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-ledger">
              LEDGER
            </Title>
            <Text size="sm" c="dimmed">
              The currency the ledger reports amounts in (an entry in another currency reports no amount: no rate is
              invented), and the month&apos;s dispute rate, in percent of payments, at which the LEDGER tab shows its
              alert.
            </Text>
            <Group gap="md" align="flex-start" wrap="wrap">
              <TextInput
                label="Reporting currency"
                maxLength={3}
                w={200}
                {...form.getInputProps('reportingCurrency')}
              />
              <NumberInput
                label="Dispute rate alert (%)"
                min={0.01}
                max={100}
                step={0.05}
                decimalScale={2}
                w={200}
                {...form.getInputProps('disputeRateAlertPercent')}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-record">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-record">
              TRACK RECORD PAGE
            </Title>
            <TextInput
              label="Broker-verified account widget"
              description="For desks that trade their own signals: the https address of a Myfxbook or FX Blue widget of the desk's live account. It is shown on /performance beside the record, marked as read from the broker by that service. Empty: none."
              placeholder="https://widget.myfxbook.com/widget/widget.png?accountOid=…"
              maw={640}
              {...form.getInputProps('brokerWidgetUrl')}
            />
            <Switch
              label="Publish the analysts' leaderboard"
              description="Off: /performance/leaderboard is for administrators and analysts only. On: anyone may read it. Each analyst's own record (/performance/analysts/…) is public either way."
              {...form.getInputProps('leaderboardPublic', { type: 'checkbox' })}
            />
            <Switch
              label="Show the CFTC Rule 4.41(b)(1) statement"
              description="The statement the rule prescribes for simulated or hypothetical performance, verbatim, beside the record, the analysts' pages, the leaderboard and at the head of the CSV. Whether it applies to this desk is a question for its own counsel."
              {...form.getInputProps('prescribedStatement', { type: 'checkbox' })}
            />
            {form.values.prescribedStatement && (
              <Text size="xs" c="dimmed" data-testid="statement-preview">
                {PRESCRIBED_STATEMENT_4_41}
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-marketing">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-marketing">
              LANDING PAGE FIGURES
            </Title>
            <Switch
              label="Show live counts instead"
              description="TRADERS, ACTIVE TRADERS and ACTIVE SIGNALS then count registered accounts, active subscribers and open signals now."
              {...form.getInputProps('marketingLive', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {FIGURES.map((f) => (
                <TextInput
                  key={f.key}
                  label={f.label}
                  disabled={live && Boolean(f.live)}
                  description={live && f.live ? `Live: ${f.live}` : undefined}
                  {...form.getInputProps(`marketing.${f.key}`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper p="md" className="t0-surface" component="section" aria-labelledby="settings-legal">
          <Stack gap="sm">
            <Title order={3} fz="h5" id="settings-legal">
              LEGAL PAGES
            </Title>
            <Text size="xs" c="dimmed">
              Markdown (headings, lists, bold, links). HTML and images are not shown. An empty page says it has not been
              published yet.
            </Text>
            <TextInput
              label="LEGAL PERSON"
              description="The desk's legal name: named in the labels of a signal no analyst wrote and on every signal's disclosure page."
              maxLength={LEGAL_PERSON_MAX}
              {...form.getInputProps('legalPerson')}
            />
            <Tabs defaultValue="terms" keepMounted>
              <Tabs.List>
                {LEGAL_PAGES.map((p) => (
                  <Tabs.Tab key={p} value={p}>
                    {LEGAL_TITLES[p]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {LEGAL_PAGES.map((p) => (
                <Tabs.Panel key={p} value={p} pt="sm">
                  <Stack gap={6}>
                    <Textarea
                      aria-label={LEGAL_TITLES[p]}
                      autosize
                      minRows={8}
                      maxRows={24}
                      className="t0-prose"
                      {...form.getInputProps(`legal.${p}`)}
                    />
                    <Group justify="space-between" gap="xs">
                      <Text size="xs" c="dimmed" className="t0-num">
                        {(form.values.legal[p] ?? '').length.toLocaleString('en-US')} /{' '}
                        {LEGAL_TEXT_MAX.toLocaleString('en-US')}
                      </Text>
                      <Anchor component={Link} to={`/${p}`} target="_blank" size="xs">
                        OPEN /{p.toUpperCase()} (saved version)
                      </Anchor>
                    </Group>
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
