import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useLocalizedPath } from '../../lib/i18n/paths';
import classes from './Brand.module.css';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="4" fill="#0b0f0c" stroke="var(--t0-accent)" strokeWidth="1.5" />
      <text x="16" y="21.5" fontFamily="monospace" fontSize="15" fontWeight="700" fill="#2ee377" textAnchor="middle">
        T0
      </text>
    </svg>
  );
}

/** The logo and product name: home for visitors, the dashboard for signed-in users. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { isAuthenticated } = useAuth();
  const localized = useLocalizedPath();
  return (
    <UnstyledButton
      component={Link}
      to={isAuthenticated ? '/dashboard' : localized('/')}
      className={classes.brand}
      aria-label={compact ? 'T0 Terminal home' : undefined}
    >
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        {!compact && (
          <Text fw={800} fz="md" lts="0.12em" className={classes.name}>
            T0<span className={classes.accent}>_</span>TERMINAL
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
