import { Anchor, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { type BlogPost } from '@t0/contracts';
import { useDates } from '../../lib/time-zone';
import { IconArrowRight, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './blog.module.css';
import { useBlogT } from './words';

/** A post card: featured image, title, excerpt, author, long date and READ FULL ANALYSIS. */
export function BlogCard({ post, headingLevel = 3 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const { t } = useBlogT();
  const { longDate } = useDates();
  return (
    <Card padding="md" bg="var(--t0-surface-1)" data-testid="blog-card" component="article">
      <Card.Section>
        {post.imageUrl ? (
          <Image src={post.imageUrl} alt="" h={160} fit="cover" fallbackSrc={undefined} />
        ) : (
          <Box
            h={160}
            bg="var(--t0-surface-2)"
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            aria-hidden="true"
          >
            <IconNews size={40} stroke={1.2} color="var(--t0-muted)" />
          </Box>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={headingLevel} size="h5" lineClamp={2} dir="auto">
          {post.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3} className="t0-prose" dir="auto">
          {post.excerpt}
        </Text>
        <Group gap={6} mt="auto" wrap="wrap">
          <Text size="xs" fw={700} dir="auto">
            {post.author || t('blog:card.noAuthor')}
          </Text>
          <Text size="xs" c="dimmed">
            · {longDate(post.createdAt) ?? t('blog:card.noDate')}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={`/blog/${post.id}`}
          size="sm"
          fw={700}
          aria-label={t('blog:card.readLabel', { title: post.title })}
        >
          {t('blog:card.read')}{' '}
          <IconArrowRight size={14} aria-hidden="true" className={classes.arrow} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
    </Card>
  );
}
