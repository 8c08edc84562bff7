import { Box, Button, Container, Group, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LiveTicker } from '../../components/Ticker';
import { useAuth } from '../../lib/auth';
import { isSubscribed, accessOf } from '../../lib/gates';
import { useLivePrices } from '../../lib/live-prices';
import { PastDueBanner } from '../billing/PastDueBanner';
import { AdminEmailNotice } from '../admin-email/AdminEmailNotice';
import { HeaderCard } from './HeaderCard';
import { LinksPanel } from './LinksPanel';
import { useChartMemos, useSignals } from '../../lib/queries';
import { SignalsTable } from './SignalsTable';
import { StickyHeader } from './StickyHeader';
import { StatCards } from './StatCards';
import { TopNav } from '../../components/shell/TopNav';
import { useDashboardScroll } from './use-dashboard-scroll';
import { useTimeZone } from '../../lib/time-zone';
import { useTerminalT } from './words';

// The panels below the signals table (heat map, analysis and its charts, blog, resources): their
// own chunk, asked for once the table has painted.
const SecondaryPanels = lazy(() => import('./SecondaryPanels').then((m) => ({ default: m.SecondaryPanels })));

/**
 * True from the first frame painted after `ready` (the signals table has drawn its answer): the
 * terminal's first screen is drawn before anything below it is loaded or drawn. At once when the
 * page was opened to scroll to the blog, which is one of those panels.
 */
function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(() => new URLSearchParams(window.location.search).get('scrollTo') === 'blog');
  useEffect(() => {
    if (!ready || painted) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    // A hidden tab paints no frame: the panels are not held back for it.
    const fallback = window.setTimeout(() => setPainted(true), 1000);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}

/**
 * The room the panels below the table take while they load: the arrival's scroll can bring the
 * terminal to the top of the window at once, as it does once they are drawn.
 */
const panelsRoom = <Box mih="100vh" data-testid="panels-loading" />;

/** The subscriber terminal at /dashboard, sections in the spec's order. */
export function DashboardPage() {
  // Every time on the page is in the reader's zone: drawn again when it is known or changes.
  useTimeZone();
  const { t } = useTerminalT();
  const { user, isAuthenticated } = useAuth();
  const signals = useSignals({ enabled: isAuthenticated, variant: 'dashboard' });
  const prices = useLivePrices();
  const memos = useChartMemos(isAuthenticated);
  useDashboardScroll({ blog: 'blog', terminal: 'terminal' });

  // The server's facts decide: the account's subscription, and whether it withheld the analysis.
  const subscribed = isSubscribed(accessOf(user)) && !memos.data?.some((m) => m.locked);
  const list = signals.data ?? [];
  const secondary = usePaintedAfter(!signals.isLoading);

  return (
    <Box mih="100vh" data-testid="DashboardPage">
      <StickyHeader>
        <LiveTicker />
        <TopNav signals={list} />
      </StickyHeader>
      <Container size="xl" px={{ base: 'sm', sm: 'md' }} py="sm" component="main" className="t0-under-header">
        <Stack gap="sm">
          <PastDueBanner status={user?.subscriptionStatus} />
          <AdminEmailNotice pending={user?.adminEmailPending} />
          <HeaderCard email={user?.email} subscribed={subscribed} prices={prices} signals={signals.data} />
          <StatCards signals={list} loading={signals.isLoading} />
          <LinksPanel />
          <Box id="terminal">
            <SignalsTable query={signals} prices={prices} />
          </Box>
          {secondary ? (
            <Suspense fallback={panelsRoom}>
              <SecondaryPanels signals={list} prices={prices.data} signedIn={isAuthenticated} subscribed={subscribed} />
            </Suspense>
          ) : (
            panelsRoom
          )}
          {user && (
            <Group justify="center" py="md">
              <Button
                component="a"
                href="/api/logout"
                variant="outline"
                color="red"
                leftSection={<IconLogout size={16} aria-hidden="true" />}
              >
                {t('shell:menu.logout')}
              </Button>
            </Group>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
