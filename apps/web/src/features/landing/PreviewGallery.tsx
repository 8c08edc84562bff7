import { Box, Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { StaticMarkup } from '../../components/StaticMarkup';
import { useT } from '../../lib/i18n/language';
import classes from './landing.module.css';
import { PreviewArt, type PreviewKind } from './preview-art';

// The enlarged view loads on first use.
const PreviewModal = lazy(() => import('./PreviewModal').then((m) => ({ default: m.PreviewModal })));

/** The gallery's screens, each named by a key of the `landing` catalogue. */
export const PREVIEWS: { kind: PreviewKind; title: string }[] = [
  { kind: 'signals', title: 'landing:preview.shot.signals' },
  { kind: 'heatmap', title: 'landing:preview.shot.heatmap' },
  { kind: 'prices', title: 'landing:preview.shot.prices' },
  { kind: 'analysis', title: 'landing:preview.shot.analysis' },
  { kind: 'candles', title: 'landing:preview.shot.candles' },
  { kind: 'notes', title: 'landing:preview.shot.notes' },
  { kind: 'notifications', title: 'landing:preview.shot.notifications' },
  { kind: 'bias', title: 'landing:preview.shot.bias' },
  { kind: 'blog', title: 'landing:preview.shot.blog' },
  { kind: 'resources', title: 'landing:preview.shot.resources' },
  { kind: 'status', title: 'landing:preview.shot.status' },
];

/** The dashboard-preview gallery: 11 drawn screens of the terminal, each opening larger; members see the real thing. */
export function PreviewGallery() {
  const { t } = useT();
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : PREVIEWS[open];
  const current = shown && { kind: shown.kind, title: t(shown.title) };
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
              <Text className="t0-label">{t('landing:preview.label')}</Text>
              <Title id="preview-title" order={2}>
                {t('landing:preview.title')}
              </Title>
              <Text c="dimmed" fz="sm">
                <IconLock size={13} aria-hidden style={{ verticalAlign: '-2px' }} /> {t('landing:preview.locked')}
              </Text>
              <Text c="dimmed" fz="xs" className="t0-prose">
                {t('landing:preview.drawings')}
              </Text>
            </Stack>
            <Button component={Link} to="/auth" variant="light">
              {t('landing:preview.cta')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md" data-testid="preview-gallery">
            {PREVIEWS.map((p, i) => (
              <UnstyledButton key={p.kind} className={classes.shot} data-preview={i}>
                <div className={classes.shotArt}>
                  <PreviewArt kind={p.kind} title={t(p.title)} />
                </div>
                <div className={classes.shotLock} aria-hidden>
                  <IconEye size={12} />
                  <span>{t('landing:preview.badge')}</span>
                </div>
                <Text fz="xs" fw={700} lts="0.06em" p="xs">
                  {String(i + 1).padStart(2, '0')} · {t(p.title)}
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
