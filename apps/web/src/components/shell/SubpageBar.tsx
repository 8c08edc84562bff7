import { Anchor, Box, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/language';
import { backArrow } from './BackHomeButton';

/** The top bar of a terminal page of its own (notification center, my results): BACK TO TERMINAL, and one link on the right. */
export function SubpageBar({ label, right }: { label: string; right: ReactNode }) {
  const { t, language } = useT();
  return (
    <Box
      component="header"
      px={{ base: 'sm', sm: 'md' }}
      py="xs"
      bg="var(--t0-surface-1)"
      style={{ borderBottom: '1px solid var(--t0-border)' }}
    >
      <Group justify="space-between" component="nav" aria-label={label}>
        <Anchor component={Link} to="/dashboard" fw={700} size="sm">
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle', ...backArrow(language) }} />{' '}
          {t('shell:back.terminal')}
        </Anchor>
        {right}
      </Group>
    </Box>
  );
}
