import { Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BLOG_SKELETON_CARDS } from '@t0/contracts';
import { IconNews } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { BackHomeButton } from '../../components/shell/BackHomeButton';
import { useBlogPosts } from '../../lib/queries';
import { TopNav } from '../../components/shell/TopNav';
import { BlogCard } from './BlogCard';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { useTimeZone } from '../../lib/time-zone';
import { useBlogT } from './words';

/** The public list of posts (TRADING INSIGHTS). */
export function BlogListPage() {
  useTimeZone();
  const { t } = useBlogT();
  const posts = useBlogPosts();
  useDocumentMeta(t('blog:list.title'), t('blog:list.description'));
  const count = posts.data?.length ?? 0;

  let body;
  if (posts.isLoading)
    body = <LoadingSkeleton variant="cards" count={BLOG_SKELETON_CARDS} label={t('blog:list.loading')} />;
  else if (posts.isError)
    body = (
      <ErrorPanel
        title={t('blog:list.errorTitle')}
        text={t('blog:list.error')}
        onRetry={() => void posts.refetch()}
        retrying={posts.isRefetching}
      />
    );
  else if (count === 0) body = <EmptyState text={t('blog:list.empty')} icon={<IconNews size={28} stroke={1.5} />} />;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {posts.data?.map((post) => (
          <BlogCard key={post.id} post={post} headingLevel={2} />
        ))}
      </SimpleGrid>
    );

  return (
    <Box mih="100vh" data-testid="BlogListPage">
      <TopNav />
      <Container size="xl" px="md" py="md" component="main">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <BackHomeButton />
          </Group>
          <Title order={1} size="h2" lts="0.1em">
            {t('blog:list.title')}
          </Title>
          {body}
          {!posts.isLoading && !posts.isError && (
            <Text ta="center" size="sm" c="dimmed" py="md" className="t0-num" data-testid="blog-count">
              {t('blog:list.count', { count })}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
