import { Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBolt, IconClock, IconTargetArrow, IconUsers } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/language';
import { Link } from 'react-router';
import { DEFAULT_MARKETING } from '@t0/contracts';
import { StatCard } from '../../components/StatCard';
import { useSiteConfig } from '../../lib/site';
import { StaticMarkup } from '../../components/StaticMarkup';
import classes from './landing.module.css';

/** What each instrument's flow is read from: its CME future; GBPJPY has none, it is the cross of 6B and 6J. */
const coverage = [
  { symbol: 'AUDUSD', detail: 'FUTURES 6A' },
  { symbol: 'GBPJPY', detail: 'CROSS 6B / 6J' },
  { symbol: 'US30', detail: 'FUTURES YM' },
  { symbol: 'GBPUSD', detail: 'FUTURES 6B' },
] as const;

/** The marketing figures the desk set in the console (the specification's until then), or live counts. */
function useMarketing() {
  const { config } = useSiteConfig();
  return config?.marketing ?? { ...DEFAULT_MARKETING, live: false };
}

function TerminalPanel() {
  const m = useMarketing();
  const { t } = useT();
  return (
    <Box className={classes.panel} aria-label={t('landing:panel.label')} role="group">
      <Group justify="space-between" mb="sm">
        <Text className="t0-label">T0 // SESSION</Text>
        <Badge color="terminal" variant="dot" size="sm">
          {t('landing:panel.online')}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="sm" mb="md">
        <Box>
          <Text className="t0-label">{t('landing:panel.activeTraders')}</Text>
          <Text className="t0-num" fz="1.6rem" fw={800} c="var(--t0-accent)">
            {m.activeTraders}
          </Text>
        </Box>
        <Box>
          <Text className="t0-label">{t('landing:panel.activeSignals')}</Text>
          <Text className="t0-num" fz="1.6rem" fw={800} c="var(--t0-accent)">
            {m.activeSignals}
          </Text>
        </Box>
      </SimpleGrid>
      <Text className="t0-label" mb={6}>
        {t('landing:panel.coverage')}
      </Text>
      <Stack gap={4}>
        {coverage.map((c) => (
          <Group key={c.symbol} justify="space-between" className={classes.coverageRow}>
            <Text fz="sm" fw={700}>
              {c.symbol}
            </Text>
            <Text fz="xs" c="dimmed">
              {c.detail}
            </Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}

/** The marketing claims under the hero (site settings): drawn again alone when the settings answer. */
function HeroFigures() {
  const m = useMarketing();
  const { t } = useT();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mt={48}>
      <StatCard
        label={t('landing:figures.traders')}
        value={m.traders}
        hint={m.live ? t('landing:figures.tradersCounted') : undefined}
        icon={<IconUsers size={18} />}
        tone="accent"
      />
      <StatCard label={t('landing:figures.support')} value={m.support} icon={<IconClock size={18} />} tone="accent" />
      <StatCard label={t('landing:figures.signals')} value={m.signals} icon={<IconBolt size={18} />} tone="accent" />
      <StatCard
        label={t('landing:figures.marketMoves')}
        value={m.marketMoves}
        hint={t('landing:figures.marketMovesHint')}
        icon={<IconTargetArrow size={18} />}
        tone="accent"
      />
    </SimpleGrid>
  );
}

/** The hero (anchor #home): what T0 is, the marketing claims (site settings), the ways in. */
export function Hero() {
  const { t } = useT();
  return (
    <Box component="section" id="home" className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.container}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <StaticMarkup name="landing-hero">
            <Stack gap="lg">
              <Badge variant="outline" color="terminal" size="lg" radius="xs" w="fit-content">
                {t('landing:hero.badge')}
              </Badge>
              <Title id="hero-title" order={1} className={classes.heroTitle}>
                {t('landing:hero.titleStart')}
                <span className={classes.accent}>{t('landing:hero.titleAccent')}</span>
                {t('landing:hero.titleEnd')}
              </Title>
              <Text className="t0-prose" fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={560}>
                {t('landing:hero.lead')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/auth" size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
                  {t('landing:hero.accessTerminal')}
                </Button>
                <Button component={Link} to="/auth" size="md" variant="default">
                  {t('landing:hero.getAccess')}
                </Button>
              </Group>
            </Stack>
          </StaticMarkup>
          <TerminalPanel />
        </SimpleGrid>
        <HeroFigures />
      </div>
    </Box>
  );
}
