import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { MobileDrawerProps } from './shell/MobileDrawerPanel';

// The drawer's code loads the first time it opens, so it never weighs on a page's first load.
const Panel = lazy(() => import('./shell/MobileDrawerPanel').then((m) => ({ default: m.MobileDrawerPanel })));

/**
 * The navigation drawer for narrow screens (below 768 px), opening from the left:
 * guests see HOME and AUTHENTICATE; signed-in users a session card and the member menu.
 */
export function MobileDrawer({ opened, onClose }: MobileDrawerProps) {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Panel opened={opened} onClose={onClose} />
    </Suspense>
  );
}

/** A menu button shown below 768 px that opens the drawer. Put it in a screen's top bar. */
export function MobileMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        hiddenFrom="md"
        size="sm"
        aria-label={opened ? 'Close navigation' : 'Open navigation'}
      />
      <MobileDrawer opened={opened} onClose={close} />
    </>
  );
}
