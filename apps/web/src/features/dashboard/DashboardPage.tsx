import { Box, Button, Container, Group, Stack } from '@mantine/core';
import { showHeatmap } from '@t0/contracts';
import { IconLogout } from '@tabler/icons-react';
import { LiveTicker } from '../../components/Ticker';
import { useAuth } from '../../lib/auth';
import { isSubscribed, accessOf } from '../../lib/gates';
import { useLivePrices } from '../../lib/live-prices';
import { InstrumentAnalysis } from './AnalysisSection';
import { BlogPreview } from './BlogPreview';
import { HeaderCard } from './HeaderCard';
import { HeatMap } from './HeatMap';
import { LinksPanel } from './LinksPanel';
import { useChartMemos, useSignals } from './queries';
import { ResourcesSection } from './ResourcesSection';
import { SignalsTable } from './SignalsTable';
import { StatCards } from './StatCards';
import { TopNav } from './TopNav';
import { useDashboardScroll } from './use-dashboard-scroll';

/** The subscriber terminal (spec 2 §2), sections in the spec's order. */
export function DashboardPage() {
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
      <LiveTicker />
      <TopNav signals={list} />
      <Container size="xl" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <HeaderCard email={user?.email} subscribed={subscribed} prices={prices} />
          <StatCards signals={list} loading={signals.isLoading} />
          <LinksPanel />
          <Box id="terminal" style={{ scrollMarginTop: 8 }}>
            <SignalsTable query={signals} prices={prices} />
          </Box>
          {showHeatmap(subscribed, list.length) && <HeatMap signals={list} prices={prices.data} />}
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
