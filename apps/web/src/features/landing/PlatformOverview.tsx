import { Box, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBooks, IconChartCandle, IconNews } from '@tabler/icons-react';
import { StaticMarkup } from '../../components/StaticMarkup';
import { useT } from '../../lib/i18n/language';
import classes from './landing.module.css';

// Each card's words are keys of the `landing` catalogue, written in full (the key-coverage test reads them).
const cards = [
  {
    title: 'landing:overview.blog.title',
    icon: IconNews,
    text: 'landing:overview.blog.text',
    points: ['landing:overview.blog.point1', 'landing:overview.blog.point2', 'landing:overview.blog.point3'],
  },
  {
    title: 'landing:overview.resources.title',
    icon: IconBooks,
    text: 'landing:overview.resources.text',
    points: [
      'landing:overview.resources.point1',
      'landing:overview.resources.point2',
      'landing:overview.resources.point3',
    ],
  },
  {
    title: 'landing:overview.analysis.title',
    icon: IconChartCandle,
    text: 'landing:overview.analysis.text',
    points: [
      'landing:overview.analysis.point1',
      'landing:overview.analysis.point2',
      'landing:overview.analysis.point3',
    ],
  },
] as const;

/** Platform overview: the three cards (copy only: adopted as the build drew it on the pre-rendered page). */
export function PlatformOverview() {
  const { t } = useT();
  return (
    <Box
      component="section"
      id="features"
      className={`${classes.section} t0-near-screen`}
      aria-labelledby="features-title"
    >
      <StaticMarkup name="landing-features">
        <div className={classes.container}>
          <Stack gap={4} mb="xl">
            <Text className="t0-label">{t('landing:overview.label')}</Text>
            <Title id="features-title" order={2}>
              {t('landing:overview.title')}
            </Title>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {cards.map(({ title, icon: Icon, text, points }) => (
              <Card
                key={title}
                p="lg"
                bg="var(--t0-surface-1)"
                bd="1px solid var(--t0-border)"
                className={classes.card}
              >
                <ThemeIcon variant="light" size={40} radius="sm" mb="md" aria-hidden>
                  <Icon size={22} />
                </ThemeIcon>
                <Title order={3} fz="lg" mb="xs">
                  {t(title)}
                </Title>
                <Text className="t0-prose" c="dimmed" fz="sm" mb="md">
                  {t(text)}
                </Text>
                <List size="sm" spacing={4} c="dimmed" listStyleType="'▸ '">
                  {points.map((p) => (
                    <List.Item key={p}>{t(p)}</List.Item>
                  ))}
                </List>
              </Card>
            ))}
          </SimpleGrid>
        </div>
      </StaticMarkup>
    </Box>
  );
}
