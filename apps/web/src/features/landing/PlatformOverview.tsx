import { Box, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBooks, IconChartCandle, IconNews } from '@tabler/icons-react';
import { StaticMarkup } from '../../components/StaticMarkup';
import classes from './landing.module.css';

const cards = [
  {
    title: 'T0 BLOG',
    icon: IconNews,
    text: 'Trading insights, market structure and the reasoning behind each setup, written by the desk.',
    points: ['Weekly market outlooks', 'Institutional flow explained', 'Public posts, no account needed'],
  },
  {
    title: 'T0 RESOURCES',
    icon: IconBooks,
    text: 'A library of downloadable books, guides and risk-management material for members.',
    points: ['Trading guides and books', 'Risk-management playbooks', 'Market-analysis templates'],
  },
  {
    title: 'MULTI-TIMEFRAME ANALYSIS',
    icon: IconChartCandle,
    text: 'Monthly to intraday analysis memos and chart notes for every instrument we cover.',
    points: ['Monthly bias and key levels', 'Chart notes per timeframe', 'Live signals with entries and stops'],
  },
] as const;

/** Platform overview: the three cards (copy only: adopted as the build drew it on the pre-rendered page). */
export function PlatformOverview() {
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
            <Text className="t0-label">PLATFORM OVERVIEW</Text>
            <Title id="features-title" order={2}>
              ONE TERMINAL. EVERYTHING THE DESK SEES.
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
                  {title}
                </Title>
                <Text className="t0-prose" c="dimmed" fz="sm" mb="md">
                  {text}
                </Text>
                <List size="sm" spacing={4} c="dimmed" listStyleType="'▸ '">
                  {points.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
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
