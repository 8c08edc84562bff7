import { Box, Button, Container, Group, Stack } from '@mantine/core';
import { isUnlockedSignal, showHeatmap } from '@t0/contracts';
import { IconLogout } from '@tabler/icons-react';
import { LiveTicker } from '../../components/Ticker';
import { useAuth } from '../../lib/auth';
import { isSubscribed, accessOf } from '../../lib/gates';
import { useLivePrices } from '../../lib/live-prices';
import { PastDueBanner } from '../billing/PastDueBanner';
import { InstrumentAnalysis } from './AnalysisSection';
import { BlogPreview } from './BlogPreview';
import { HeaderCard } from './HeaderCard';
import { HeatMap } from './HeatMap';
import { LinksPanel } from './LinksPanel';
import { useChartMemos, useSignals } from './queries';
import { ResourcesSection } from './ResourcesSection';
import { SignalsTable } from './SignalsTable';
import { StickyHeader } from './StickyHeader';
import { StatCards } from './StatCards';
import { TopNav } from './TopNav';
import { useDashboardScroll } from './use-dashboard-scroll';
import { useTimeZone } from '../../lib/time-zone';

/** The subscriber terminal (spec 2 §2), sections in the spec's order. */
export function DashboardPage() {
  // Every time on the page is in the reader's zone: drawn again when it is known or changes.
  useTimeZone();
  const { user, isAuthenticated } = useAuth();
  const signals = useSignals({ enabled: isAuthenticated, variant: 'dashboard' });
  const prices = useLivePrices();
  const memos = useChartMemos(isAuthenticated);
  useDashboardScroll({ blog: 'blog', terminal: 'terminal' });

  // The server's facts decide: the account's subscription, and whether it withheld the analysis.
  const subscribed = isSubscribed(accessOf(user)) && !memos.data?.some((m) => m.locked);
  const list = signals.data ?? [];

  return (
    <Box mih="100vh" data-testid="DashboardPage">
      <StickyHeader>
        <LiveTicker />
        <TopNav signals={list} />
      </StickyHeader>
      <Container size="xl" px={{ base: 'sm', sm: 'md' }} py="sm" component="main" className="t0-under-header">
        <Stack gap="sm">
          <PastDueBanner status={user?.subscriptionStatus} />
          <HeaderCard email={user?.email} subscribed={subscribed} prices={prices} signals={signals.data} />
          <StatCards signals={list} loading={signals.isLoading} />
          <LinksPanel />
          <Box id="terminal">
            <SignalsTable query={signals} prices={prices} />
          </Box>
          {showHeatmap(subscribed, list.length) && <HeatMap signals={list.filter(isUnlockedSignal)} prices={prices.data} />}
          <InstrumentAnalysis signedIn={isAuthenticated} subscribed={subscribed} />
          <BlogPreview />
          <ResourcesSection enabled={isAuthenticated} />
          {user && (
            <Group justify="center" py="md">
              <Button component="a" href="/api/logout" variant="outline" color="red" leftSection={<IconLogout size={16} aria-hidden="true" />}>
                LOGOUT
              </Button>
            </Group>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
