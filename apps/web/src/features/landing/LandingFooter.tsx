import { ActionIcon, Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { FOOTER_CLOCK_INTERVAL_MS, LANGUAGE_NAMES, LANGUAGES, localizedPath } from '@t0/contracts';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/language';
import { useLocalizedPath } from '../../lib/i18n/paths';
import { keepVisitorLanguage } from '../../lib/i18n/visitor';
import { Link } from 'react-router';
import { Brand } from '../../components/shell/Brand';
import { useHydrated } from '../../lib/hydration';
import { useSiteConfig } from '../../lib/site';
import { LegalLinks } from '../legal/LegalLinks';
import { StaticMarkup } from '../../components/StaticMarkup';
import classes from './landing.module.css';

/** HH:MM:SS in UTC, 24-hour. */
export function formatUtc(date: Date): string {
  return date.toISOString().slice(11, 19);
}

function UtcClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), FOOTER_CLOCK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  // The pre-rendered page was drawn at build time: its clock shows no time until the page runs.
  const time = useHydrated() ? formatUtc(now) : '--:--:--';
  return (
    <Text className="t0-num" fz="sm" data-testid="utc-clock" aria-label={`Time now ${time} UTC`}>
      {time} UTC
    </Text>
  );
}

/** The support address (a server setting): drawn again alone when the settings answer. */
function SupportAddress() {
  const { config } = useSiteConfig();
  return config?.supportEmail ? (
    <Anchor href={`mailto:${config.supportEmail}`} fz="sm" data-testid="support-email">
      {config.supportEmail}
    </Anchor>
  ) : (
    <Text fz="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * Links to the landing page in each language (`/`, `/es/`, `/pt-br/`, `/ar/`), each named in its
 * own language; following one keeps that choice in this browser (lib/i18n/visitor.ts). Ordinary
 * links: each page arrives pre-rendered in its language.
 */
function LanguageLinks() {
  const { t, language: shown } = useT();
  return (
    <Group component="nav" gap="sm" aria-label={t('shell:footer.languages')} data-testid="language-links">
      {LANGUAGES.map((language) => (
        <Anchor
          key={language}
          href={localizedPath('/', language)}
          hrefLang={language}
          lang={language}
          fz="xs"
          c={language === shown ? undefined : 'dimmed'}
          aria-current={language === shown ? 'page' : undefined}
          onClick={() => keepVisitorLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Anchor>
      ))}
    </Group>
  );
}

/** The landing footer: links, support address (a server setting), live UTC clock, languages, back to top. */
export function LandingFooter() {
  const { t } = useT();
  const localized = useLocalizedPath();
  return (
    <Box component="footer" className={`${classes.footer} t0-near-screen`}>
      <div className={classes.container}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Brand />
            <Text fz="xs" c="dimmed" className="t0-prose" maw={320}>
              {t('shell:footer.about')}
            </Text>
          </Stack>
          <StaticMarkup name="landing-footer-nav">
            <Stack gap={6} component="nav" aria-label={t('shell:footer.label')}>
              <Text className="t0-label">{t('shell:footer.navigate')}</Text>
              <Anchor component={Link} to="/dashboard" fz="sm">
                {t('shell:menu.terminal')}
              </Anchor>
              <Anchor component={Link} to="/profile" fz="sm">
                {t('shell:menu.profile')}
              </Anchor>
              <Anchor component={Link} to="/blog" fz="sm">
                {t('shell:menu.blog')}
              </Anchor>
              <Anchor component={Link} to={localized('/performance')} fz="sm">
                {t('shell:menu.trackRecord')}
              </Anchor>
            </Stack>
          </StaticMarkup>
          <Stack gap={6}>
            <Text className="t0-label">{t('shell:footer.support')}</Text>
            <SupportAddress />
            <UtcClock />
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.footerBar}>
          <StaticMarkup name="landing-legal">
            <LegalLinks />
          </StaticMarkup>
          <LanguageLinks />
          <Group gap="sm">
            <Text fz="xs" c="dimmed">
              © {new Date().getUTCFullYear()} T0 TERMINAL
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('shell:footer.backToTop')}
              onClick={() =>
                window.scrollTo({
                  top: 0,
                  behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
                })
              }
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </div>
    </Box>
  );
}
