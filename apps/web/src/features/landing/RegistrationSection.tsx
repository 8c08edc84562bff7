import {
  Anchor,
  Alert,
  Box,
  Button,
  Grid,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBolt, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MARKETING, REDIRECT_AFTER_LANDING_SUBMIT_MS } from '@t0/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { STORAGE_KEYS, storeValues } from '../../lib/local-store';
import { useSiteConfig } from '../../lib/site';
import { useTRPC } from '../../lib/trpc';
import { toast } from '../../lib/toast';
import { choosePlanPath, usePlans } from '../checkout/plans';
import { useStartCheckout } from '../checkout/useStartCheckout';
import { StaticMarkup } from '../../components/StaticMarkup';
import classes from './landing.module.css';
import { useT } from '../../lib/i18n/language';
import { planPriceText } from './plan-words';
import {
  EXPERIENCE_OPTIONS,
  PROBLEM_KEYS,
  STORAGE_FAILED,
  checkActivate,
  checkSubmit,
  type LandingForm,
  type LandingProblem,
} from './registration-rules';

const empty: LandingForm = { name: '', email: '', phone: '', experience: '' };

/** The desk's traders figure in the section's title (a site setting): drawn again alone when the settings answer. */
function DeskTraders() {
  const { config } = useSiteConfig();
  return (config?.marketing.traders ?? DEFAULT_MARKETING.traders).toUpperCase();
}

/**
 * The registration form (anchor #contact) with its two paths: submit stores name and
 * e-mail and goes on to /subscribe after 500 ms; Activate starts the checkout straight away.
 */
export function RegistrationSection() {
  const navigate = useNavigate();
  const [form, setForm] = useState<LandingForm>(empty);
  const { t } = useT();
  const [problem, setProblem] = useState<LandingProblem | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [activating, setActivating] = useState(false);
  const { start } = useStartCheckout();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const list = plans.data?.plans ?? [];
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  // The plan ACTIVATE buys: the one picked here, else the default plan (the spec's monthly one).
  const chosen = list.find((p) => p.key === chosenKey) ?? list.find((p) => p.isDefault) ?? list[0];
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const set = (field: keyof LandingForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (problem) setProblem(null);
  };

  const remember = () =>
    storeValues({ [STORAGE_KEYS.traderName]: form.name.trim(), [STORAGE_KEYS.traderEmail]: form.email.trim() });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkSubmit(form);
    if (found) return setProblem(found);
    try {
      remember();
    } catch {
      return setProblem(STORAGE_FAILED);
    }
    setSubmitted(true);
    redirect.current = setTimeout(() => void navigate('/subscribe'), REDIRECT_AFTER_LANDING_SUBMIT_MS);
  }

  async function onActivate() {
    if (checkActivate(form)) {
      toast({
        title: t('landing:register.error.validationTitle'),
        description: t(PROBLEM_KEYS.activateMissing),
        variant: 'destructive',
      });
      return;
    }
    setActivating(true);
    try {
      try {
        remember();
      } catch {
        /* the checkout does not depend on it */
      }
      if (chosen?.terms === 'free') {
        // A free plan needs an account, not a payment: registration opens with it chosen.
        void navigate(choosePlanPath(chosen.key));
        return;
      }
      // The versions of the legal pages the site's settings named when the page showed them (not refetched now).
      const shown = queryClient.getQueryData(trpc.site.config.queryKey())?.legalVersions;
      await start(form.email.trim(), chosen?.key, shown);
      // The browser is leaving for the checkout page; the button stays disabled.
    } catch (err) {
      setActivating(false);
      // The server's reason is its own (English) text, given as it came.
      const reason = err instanceof Error && err.message ? err.message : t('landing:register.error.unknown');
      toast({
        title: t('landing:register.error.connectionTitle'),
        description: t('landing:register.error.checkout', { reason }),
        variant: 'destructive',
      });
    }
  }

  return (
    <Box
      component="section"
      id="contact"
      className={`${classes.section} t0-near-screen`}
      aria-labelledby="contact-title"
    >
      <div className={classes.container}>
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Text className="t0-label">{t('landing:register.label')}</Text>
              <Title id="contact-title" order={2}>
                {t('landing:register.titleStart')}
                <span className="t0-num">
                  <DeskTraders />
                </span>
                {t('landing:register.titleEnd')}
              </Title>
              <StaticMarkup name="landing-offer">
                <Text className="t0-prose" c="dimmed">
                  {t('landing:register.lead')}
                </Text>
                <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--t0-up)" aria-hidden />}>
                  <List.Item>{t('landing:register.point1')}</List.Item>
                  <List.Item>{t('landing:register.point2')}</List.Item>
                  <List.Item>{t('landing:register.point3')}</List.Item>
                  <List.Item>{t('landing:register.point4')}</List.Item>
                </List>
              </StaticMarkup>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              component="form"
              p={{ base: 'md', sm: 'xl' }}
              bg="var(--t0-surface-1)"
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="contact-title"
              data-testid="landing-registration"
            >
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('landing:register.field.name')}
                    name="name"
                    autoComplete="name"
                    required
                    value={form.name}
                    onChange={(e) => set('name')(e.currentTarget.value)}
                    placeholder="Ada Lovelace"
                  />
                  <TextInput
                    label={t('landing:register.field.email')}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={form.email}
                    onChange={(e) => set('email')(e.currentTarget.value)}
                    placeholder="you@example.com"
                  />
                  <TextInput
                    label={t('landing:register.field.phone')}
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    value={form.phone}
                    onChange={(e) => set('phone')(e.currentTarget.value)}
                    placeholder={t('landing:register.field.optional')}
                  />
                  <NativeSelect
                    label={t('landing:register.field.experience')}
                    name="experience"
                    data={[
                      { value: '', label: t('landing:register.field.selectLevel') },
                      ...EXPERIENCE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) })),
                    ]}
                    value={form.experience}
                    onChange={(e) => set('experience')(e.currentTarget.value)}
                  />
                </SimpleGrid>
                {list.length > 1 && chosen && (
                  <NativeSelect
                    label={t('landing:register.field.plan')}
                    name="plan"
                    value={chosen.key}
                    onChange={(e) => setChosenKey(e.currentTarget.value)}
                    data={list.map((p) => ({ value: p.key, label: `${p.name} — ${planPriceText(p, t)}` }))}
                  />
                )}
                {problem && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} aria-hidden />}
                    role="alert"
                    data-testid="landing-form-alert"
                  >
                    {t(PROBLEM_KEYS[problem])}
                  </Alert>
                )}
                {submitted && (
                  <Alert color="terminal" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
                    {t('landing:register.saved')}
                  </Alert>
                )}
                <Group grow preventGrowOverflow={false} gap="sm" className={classes.formButtons}>
                  <Button type="submit" variant="default" disabled={submitted || activating}>
                    {t('landing:register.continue')}
                  </Button>
                  <Button
                    type="button"
                    onClick={onActivate}
                    disabled={activating}
                    leftSection={<IconBolt size={16} aria-hidden />}
                  >
                    {activating ? t('landing:register.activating') : t('landing:register.activate')}
                  </Button>
                </Group>
                <Text fz="xs" c="dimmed" data-testid="landing-activate-note">
                  {chosen?.terms === 'free'
                    ? t('landing:register.activateFree', { plan: chosen.name })
                    : chosen
                      ? t('landing:register.activatePlan', { plan: chosen.name, price: planPriceText(chosen, t) })
                      : t('landing:register.activateMonthly')}
                  {plans.data?.testMode && chosen?.terms !== 'free' ? ` ${t('landing:register.testMode')}` : ''}
                </Text>
                {chosen?.terms !== 'free' && (
                  <Text fz="xs" c="dimmed" data-testid="landing-consent">
                    {t('landing:register.consent.start')}
                    <Anchor component={Link} to="/terms" fz="xs">
                      {t('landing:register.consent.terms')}
                    </Anchor>
                    {t('landing:register.consent.between')}
                    <Anchor component={Link} to="/risk" fz="xs">
                      {t('landing:register.consent.risk')}
                    </Anchor>
                    {t('landing:register.consent.last')}
                    <Anchor component={Link} to="/refund" fz="xs">
                      {t('landing:register.consent.refund')}
                    </Anchor>
                    .
                  </Text>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </div>
    </Box>
  );
}
