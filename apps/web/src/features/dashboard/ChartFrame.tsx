import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartCandle, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { chartEmbedUrl, chartPageUrl } from './analysis';
import { useChartReachability } from './chart-reachability';

const HEIGHT = { base: 300, sm: 420 };

export interface ChartFrameProps {
  instrument: string;
  /** MONTHLY, WEEKLY or 4H. */
  timeframeLabel: string;
  /** 1M, 1W or 240. */
  interval: string;
}

/** The third-party chart in an iframe, or a fallback panel when its site cannot be reached. */
export function ChartFrame({ instrument, timeframeLabel, interval }: ChartFrameProps) {
  const reachability = useChartReachability();
  const [forced, setForced] = useState(false);
  const [loaded, setLoaded] = useState(false);

  if (reachability === 'unreachable' && !forced) {
    return (
      <Paper p="lg" mih={HEIGHT.base} data-testid="chart-fallback" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Stack align="center" gap="xs" ta="center" maw={420}>
          <ThemeIcon variant="outline" color="gray" size="xl" radius="xs" aria-hidden="true">
            <IconChartCandle size={24} />
          </ThemeIcon>
          <Text fw={700} lts="0.08em">
            CHART FEED OFFLINE
          </Text>
          <Text size="sm" c="dimmed">
            The {instrument} {timeframeLabel} chart could not be loaded from the charting service. The analysis below is unaffected.
          </Text>
          <Group gap="xs" justify="center">
            <Button size="xs" variant="light" color="gray" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={() => setForced(true)}>
              TRY AGAIN
            </Button>
            <Anchor href={chartPageUrl(instrument, interval)} target="_blank" rel="noopener noreferrer" size="xs" fw={700}>
              OPEN CHART IN NEW TAB <IconExternalLink size={12} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Box pos="relative" h={HEIGHT} style={{ border: '1px solid var(--t0-border)', borderRadius: 4, overflow: 'hidden' }}>
      {!loaded && <Skeleton pos="absolute" inset={0} h="100%" radius={0} aria-hidden="true" />}
      {reachability !== 'checking' || forced ? (
        <iframe
          key={`${instrument}-${interval}`}
          title={`${instrument} ${timeframeLabel} chart`}
          src={chartEmbedUrl(instrument, interval)}
          onLoad={() => setLoaded(true)}
          loading="lazy"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-popups"
          style={{ width: '100%', height: '100%', border: 0, display: 'block', background: '#fff' }}
        />
      ) : null}
    </Box>
  );
}
