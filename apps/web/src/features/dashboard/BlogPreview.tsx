import { Anchor, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { BLOG_PREVIEW_POSTS } from '@t0/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { BlogCard } from '../blog/BlogCard';
import { useBlogPosts } from '../../lib/queries';
import { useTerminalT } from './words';

/** The latest 3 posts (section id "blog", the target of ?scrollTo=blog). */
export function BlogPreview() {
  const posts = useBlogPosts();
  const { t } = useTerminalT();
  let body;
  if (posts.isLoading)
    body = <LoadingSkeleton variant="cards" count={BLOG_PREVIEW_POSTS} label={t('terminal:blog.loading')} />;
  else if (posts.isError)
    body = (
      <ErrorPanel
        title={t('terminal:blog.failed')}
        text={t('terminal:blog.failedHint')}
        onRetry={() => void posts.refetch()}
        retrying={posts.isRefetching}
      />
    );
  else if (!posts.data?.length) body = <EmptyState text={t('terminal:blog.empty')} />;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {posts.data.slice(0, BLOG_PREVIEW_POSTS).map((post) => (
          <BlogCard key={post.id} post={post} />
        ))}
      </SimpleGrid>
    );
  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--t0-surface-1)"
      component="section"
      id="blog"
      aria-labelledby="blog-title"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} id="blog-title" size="h4" lts="0.08em">
          {t('terminal:blog.title')}
        </Title>
        <Anchor component={Link} to="/blog" size="sm" fw={700}>
          {t('terminal:blog.viewAll')}
        </Anchor>
      </Group>
      {body}
    </Paper>
  );
}
