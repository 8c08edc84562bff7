import { Button, Group } from '@mantine/core';
import { languageDirection, type Language } from '@t0/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useLocalizedPath } from '../../lib/i18n/paths';
import { useT } from '../../lib/i18n/language';
import { Brand } from './Brand';

/** A back arrow points the way back: against the words' direction (to the right in Arabic). */
export function backArrow(language: Language) {
  return languageDirection(language) === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
}

/** Back to where the reader came from: the terminal when signed in, else the landing page. */
export function BackHomeButton() {
  const { isAuthenticated } = useAuth();
  const localized = useLocalizedPath();
  const { t, language } = useT();
  return (
    <Button
      component={Link}
      to={isAuthenticated ? '/dashboard' : localized('/')}
      variant="subtle"
      color="gray"
      size="xs"
      leftSection={<IconArrowLeft size={14} aria-hidden="true" style={backArrow(language)} />}
    >
      {isAuthenticated ? t('shell:back.terminal') : t('shell:back.home')}
    </Button>
  );
}

/** The top bar of a public page without the terminal's navigation (track record, legal pages). */
export function PublicPageBar() {
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Brand />
      <BackHomeButton />
    </Group>
  );
}
