import { Box, Button, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDates, useTimeZone } from '../../lib/time-zone';
import { IconArrowLeft } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { Link, useParams } from 'react-router';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { TopNav } from '../../components/shell/TopNav';
import { paragraphs } from './paragraphs';
import { useBlogPost } from './queries';
import { useDocumentMeta } from '../../lib/use-document-meta';
import classes from './blog.module.css';
import { useBlogT } from './words';

function isNotFound(error: unknown) {
  return error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 404;
}

function Back() {
  const { t } = useBlogT();
  return (
    <Button
      component={Link}
      to="/dashboard?scrollTo=blog"
      variant="subtle"
      color="gray"
      size="xs"
      leftSection={<IconArrowLeft size={14} aria-hidden="true" className={classes.arrow} />}
      w="fit-content"
    >
      {t('blog:post.back')}
    </Button>
  );
}

/** One post: title, author, date, excerpt and paragraphs. */
export function BlogPostPage() {
  useTimeZone();
  const { t } = useBlogT();
  const { longDate } = useDates();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const post = useBlogPost(id);
  const data = post.data;
  useDocumentMeta(data ? data.title : post.isLoading ? null : t('blog:post.notFound'), data ? data.excerpt : null);

  let body;
  if (id !== null && post.isLoading) {
    body = (
      <Stack gap="sm" role="status" aria-label={t('blog:post.loading')}>
        <Text c="dimmed">{t('blog:post.loading')}</Text>
        <LoadingSkeleton variant="text" count={6} label={t('blog:post.loading')} />
      </Stack>
    );
  } else if (id === null || isNotFound(post.error) || (!post.isError && !data)) {
    body = (
      <Paper p="lg" bg="var(--t0-surface-1)" ta="center">
        <Text fw={700}>{t('blog:post.notFound')}</Text>
      </Paper>
    );
  } else if (post.isError || !data) {
    body = (
      <Paper p="lg" bg="var(--t0-surface-1)" ta="center" role="alert">
        <Text fw={700} c="var(--t0-down)">
          {t('blog:post.error')}
        </Text>
      </Paper>
    );
  } else {
    const parts = paragraphs(data.content);
    body = (
      <Paper p={{ base: 'md', sm: 'xl' }} bg="var(--t0-surface-1)" component="article" data-testid="blog-post">
        <Stack gap="md">
          {data.imageUrl && <Image src={data.imageUrl} alt="" radius="xs" mah={360} fit="cover" />}
          <Title order={1} size="h2" dir="auto">
            {data.title}
          </Title>
          <Group gap={6}>
            <Text size="sm" fw={700} dir="auto">
              {data.author || t('blog:card.noAuthor')}
            </Text>
            <Text size="sm" c="dimmed">
              · {longDate(data.createdAt) ?? t('blog:card.noDate')}
            </Text>
          </Group>
          {data.excerpt && (
            <Text size="lg" className="t0-prose" c="dimmed" fs="italic" dir="auto">
              {data.excerpt}
            </Text>
          )}
          <Stack gap="sm" className="t0-prose" data-testid="blog-content">
            {parts.length ? (
              parts.map((p, i) => (
                <Text key={i} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {p}
                </Text>
              ))
            ) : (
              <Text c="dimmed">{t('blog:post.empty')}</Text>
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
