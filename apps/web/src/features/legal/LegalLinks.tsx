import { Anchor, Group } from '@mantine/core';
import { LEGAL_PAGES, LEGAL_TITLES } from '@t0/contracts';
import { Link } from 'react-router';

const SHORT: Record<(typeof LEGAL_PAGES)[number], string> = {
  terms: 'TERMS',
  privacy: 'PRIVACY',
  risk: 'RISK',
  disclosures: 'DISCLOSURES',
  refund: 'REFUNDS',
};

/** TERMS · PRIVACY · RISK · DISCLOSURES · REFUNDS, each to its page (footer, checkout, the legal pages themselves). */
export function LegalLinks({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  return (
    <Group gap="lg" component="nav" aria-label="Legal">
      {LEGAL_PAGES.map((p) => (
        <Anchor key={p} component={Link} to={`/${p}`} fz={size} c="dimmed" title={LEGAL_TITLES[p]}>
          {SHORT[p]}
        </Anchor>
      ))}
    </Group>
  );
}
