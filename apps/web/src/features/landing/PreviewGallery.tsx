import { Box, Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { StaticMarkup } from '../../components/StaticMarkup';
import classes from './landing.module.css';
import { PreviewArt, type PreviewKind } from './preview-art';

// The enlarged view loads on first use.
const PreviewModal = lazy(() => import('./PreviewModal').then((m) => ({ default: m.PreviewModal })));

export const PREVIEWS: { kind: PreviewKind; title: string }[] = [
  { kind: 'signals', title: 'LIVE SIGNALS' },
  { kind: 'heatmap', title: 'SIGNAL HEAT MAP' },
  { kind: 'prices', title: 'LIVE PRICE FEED' },
  { kind: 'analysis', title: 'GBPJPY ANALYSIS' },
  { kind: 'candles', title: 'US30 CHARTS' },
  { kind: 'notes', title: 'CHART NOTES' },
  { kind: 'notifications', title: 'NOTIFICATION CENTER' },
  { kind: 'bias', title: 'MONTHLY BIAS' },
  { kind: 'blog', title: 'T0 BLOG' },
  { kind: 'resources', title: 'RESOURCE LIBRARY' },
  { kind: 'status', title: 'FEED HEALTH' },
];

/** The dashboard-preview gallery: 11 drawn screens of the terminal, each opening larger; members see the real thing. */
export function PreviewGallery() {
  const [open, setOpen] = useState<number | null>(null);
  const current = open === null ? undefined : PREVIEWS[open];
  // One handler for the eleven screens, on the block: it works whether the block was drawn or adopted.
  const onClick = (event: MouseEvent) => {
    const shot = (event.target as Element).closest<HTMLElement>('[data-preview]');
    if (shot) setOpen(Number(shot.dataset.preview));
  };
  return (
    <Box
      component="section"
      id="preview"
      className={`${classes.section} t0-near-screen`}
      aria-labelledby="preview-title"
    >
      <StaticMarkup name="landing-preview" onClick={onClick}>
        <div className={classes.container}>
          <Group justify="space-between" align="flex-end" mb="xl" gap="md">
            <Stack gap={4}>
              <Text className="t0-label">DASHBOARD PREVIEW</Text>
              <Title id="preview-title" order={2}>
                INSIDE THE TERMINAL
              </Title>
              <Text c="dimmed" fz="sm">
                <IconLock size={13} aria-hidden style={{ verticalAlign: '-2px' }} /> Member access required · STATUS:
                UNAUTHORIZED
              </Text>
              <Text c="dimmed" fz="xs" className="t0-prose">
                Drawings of the terminal's screens with illustrative figures. Subscribers see them with live data.
              </Text>
            </Stack>
            <Button component={Link} to="/auth" variant="light">
              ACCESS ALL FEATURES WITH SUBSCRIPTION
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md" data-testid="preview-gallery">
            {PREVIEWS.map((p, i) => (
              <UnstyledButton key={p.kind} className={classes.shot} data-preview={i}>
                <div className={classes.shotArt}>
                  <PreviewArt kind={p.kind} title={p.title} />
                </div>
                <div className={classes.shotLock} aria-hidden>
                  <IconEye size={12} />
                  <span>PREVIEW</span>
                </div>
                <Text fz="xs" fw={700} lts="0.06em" p="xs">
                  {String(i + 1).padStart(2, '0')} · {p.title}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </div>
      </StaticMarkup>
      {current && (
        <Suspense fallback={null}>
          <PreviewModal preview={current} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
