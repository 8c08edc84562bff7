import { Box, Button, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { formatLongDate, useTimeZone } from '../../lib/time-zone';
import { IconArrowLeft } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { Link, useParams } from 'react-router';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { TopNav } from '../../components/shell/TopNav';
import { paragraphs } from './paragraphs';
import { useBlogPost } from './queries';
import { useDocumentMeta } from '../../lib/use-document-meta';

function isNotFound(error: unknown) {
  return error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 404;
}

function Back() {
  return (
    <Button
      component={Link}
      to="/dashboard?scrollTo=blog"
      variant="subtle"
      color="gray"
      size="xs"
      leftSection={<IconArrowLeft size={14} aria-hidden="true" />}
      w="fit-content"
    >
      BACK TO INSIGHTS
    </Button>
  );
}

/** One post: title, author, date, excerpt and paragraphs. */
export function BlogPostPage() {
  useTimeZone();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const post = useBlogPost(id);
  const data = post.data;
  useDocumentMeta(data ? data.title : post.isLoading ? null : 'Blog post not found', data ? data.excerpt : null);

  let body;
  if (id !== null && post.isLoading) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading...">
        <Text c="dimmed">Loading...</Text>
        <LoadingSkeleton variant="text" count={6} label="Loading..." />
      </Stack>
    );
  } else if (id === null || isNotFound(post.error) || (!post.isError && !data)) {
    body = (
      <Paper p="lg" bg="var(--t0-surface-1)" ta="center">
        <Text fw={700}>Blog post not found</Text>
      </Paper>
    );
  } else if (post.isError || !data) {
    body = (
      <Paper p="lg" bg="var(--t0-surface-1)" ta="center" role="alert">
        <Text fw={700} c="var(--t0-down)">
          Error loading blog post
        </Text>
      </Paper>
    );
  } else {
    const parts = paragraphs(data.content);
    body = (
      <Paper p={{ base: 'md', sm: 'xl' }} bg="var(--t0-surface-1)" component="article" data-testid="blog-post">
        <Stack gap="md">
          {data.imageUrl && <Image src={data.imageUrl} alt="" radius="xs" mah={360} fit="cover" />}
          <Title order={1} size="h2">
            {data.title}
          </Title>
          <Group gap={6}>
            <Text size="sm" fw={700}>
              {data.author || 'Unknown Author'}
            </Text>
            <Text size="sm" c="dimmed">
              · {formatLongDate(data.createdAt) ?? 'No date available'}
            </Text>
          </Group>
          {data.excerpt && (
            <Text size="lg" className="t0-prose" c="dimmed" fs="italic">
              {data.excerpt}
            </Text>
          )}
          <Stack gap="sm" className="t0-prose" data-testid="blog-content">
            {parts.length ? (
              parts.map((p, i) => (
                <Text key={i} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {p}
                </Text>
              ))
            ) : (
              <Text c="dimmed">No content available for this blog post.</Text>
            )}
          </Stack>
        </Stack>
      </Paper>
    );
  }

  return (
    <Box mih="100vh" data-testid="BlogPostPage">
      <TopNav />
      <Container size="md" px="md" py="md" component="main">
        <Stack gap="md">
          <Back />
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
