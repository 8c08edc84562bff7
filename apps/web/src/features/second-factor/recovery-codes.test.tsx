import { MantineProvider } from '@mantine/core';
import { recoveryCodeGroups } from '@t0/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecoveryCodes, recoveryCodesFile } from './RecoveryCodes';

const CODE = 'k3m9-xp2q-7wab-cdef-ghjk-mnpq-rstu';

describe('recovery codes as the profile shows them', () => {
  it('splits a code into groups of four, whatever its case, spaces or dashes', () => {
    expect(recoveryCodeGroups(CODE)).toEqual(['k3m9', 'xp2q', '7wab', 'cdef', 'ghjk', 'mnpq', 'rstu']);
    expect(recoveryCodeGroups('K3M9 XP2Q7WAB-cdefghjkmnpqrstu')).toEqual(recoveryCodeGroups(CODE));
    // A code of the old shape still shows whole.
    expect(recoveryCodeGroups('k3m9x-p2q7w').join('')).toBe('k3m9xp2q7w');
  });

  it('renders ten codes, each in its groups, and the saved file lists them grouped', () => {
    const codes = Array.from({ length: 10 }, (_, i) => CODE.replace('k3m9', `k3m${i}`));
    const html = renderToStaticMarkup(
      <MantineProvider>
        <RecoveryCodes codes={codes} account="admin@t0.test" onDone={() => undefined} />
      </MantineProvider>,
    );
    expect(html.match(/data-testid="recovery-code"/g)).toHaveLength(10);
    expect(html.match(/data-testid="recovery-code-group"/g)).toHaveLength(70);
    // Each code reads as its groups joined by dashes (what a person copies from the page).
    const first = /data-testid="recovery-code"[^>]*>(.*?)<\/li>/.exec(html)![1]!.replace(/<[^>]+>/g, '');
    expect(first).toBe(codes[0]);
    expect(recoveryCodesFile(codes, 'admin@t0.test')).toContain(`\n${codes[9]}\n`);
  });
});
