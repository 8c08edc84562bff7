import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import {
  BLOG_AUTHOR_MAX,
  BLOG_EXCERPT_MAX,
  BLOG_TITLE_MAX,
  blogPostFormSchema,
  contentPreview,
  type BlogPost,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { RelativeTime } from '../../../components/RelativeTime';
import { FormAndList } from '../FormAndList';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';

interface PostValues {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  imageUrl: string;
  published: boolean;
}

const emptyPost: PostValues = { title: '', excerpt: '', content: '', author: '', imageUrl: '', published: false };

const valuesOf = (p: BlogPost): PostValues => ({
  title: p.title,
  excerpt: p.excerpt,
  content: p.content,
  author: p.author,
  imageUrl: p.imageUrl ?? '',
  published: p.published,
});

/** Trading Insights Blog System: create or edit a post, and every post with its status. */
export function BlogTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const posts = useQuery(trpc.blog.adminList.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.blog.pathFilter());

  const [editing, setEditing] = useState<BlogPost | null>(null);
  const form = useForm<PostValues>({
    initialValues: emptyPost,
    validate: schemaResolver(blogPostFormSchema, { sync: true }),
  });
  const done = () => {
    setEditing(null);
    form.setValues(emptyPost);
    form.resetDirty(emptyPost);
    form.clearErrors();
  };

  const create = useMutation(
    trpc.blog.create.mutationOptions({
      onSuccess: (post) => {
        feedback.ok('BLOG POST CREATED', `"${post.title}" saved as ${post.published ? 'published' : 'draft'}`);
        done();
        refresh();
      },
      onError: (error) => feedback.fail('CREATE FAILED', error),
    }),
  );
  const update = useMutation(
    trpc.blog.update.mutationOptions({
      onSuccess: (post) => {
        feedback.ok('BLOG POST UPDATED', `"${post.title}" saved`);
        done();
        refresh();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error),
    }),
  );
  const setStatus = useMutation(
    trpc.blog.setStatus.mutationOptions({
      onSuccess: (post) => {
        feedback.ok('STATUS UPDATED', `"${post.title}" is now ${post.published ? 'PUBLISHED' : 'DRAFT'}`);
        refresh();
      },
      onError: (error) => feedback.fail('STATUS UPDATE FAILED', error),
    }),
  );
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const remove = useMutation(
    trpc.blog.delete.mutationOptions({
      onSuccess: (_res, input) => {
        feedback.ok('BLOG POST DELETED');
        setDeleting(null);
        if (editing?.id === input.id) done();
        refresh();
      },
      onError: (error) => {
        setDeleting(null);
        feedback.fail('DELETE FAILED', error);
      },
    }),
  );

  const startEdit = (post: BlogPost) => {
    setEditing(post);
    form.setValues(valuesOf(post));
    form.resetDirty(valuesOf(post));
    form.clearErrors();
    document.getElementById('blog-form-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const submit = form.onSubmit((values) => {
    const data = { ...values, imageUrl: values.imageUrl.trim() || null };
    if (editing) update.mutate({ id: editing.id, ...data });
    else create.mutate(data);
  });
  const saving = create.isPending || update.isPending;
  const list = posts.data ?? [];

  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        Trading Insights Blog System
      </Title>
      <FormAndList
        formSpan={5}
        form={
          <Paper p="lg" className="t0-surface" component="section" aria-labelledby="blog-form-title">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Title order={3} fz="h5" id="blog-form-title">
                  {editing ? 'EDIT BLOG POST' : 'CREATE BLOG POST'}
                </Title>
                <TextInput
                  label="Title"
                  withAsterisk
                  description={`${form.values.title.length}/${BLOG_TITLE_MAX}`}
                  {...form.getInputProps('title')}
                />
                <Textarea
                  label="Excerpt (also the SEO description)"
                  withAsterisk
                  autosize
                  minRows={2}
                  description={`${form.values.excerpt.length}/${BLOG_EXCERPT_MAX}`}
                  {...form.getInputProps('excerpt')}
                />
                <Textarea
                  label="Content"
                  withAsterisk
                  autosize
                  minRows={8}
                  className="t0-prose"
                  {...form.getInputProps('content')}
                />
                <TextInput
                  label="Author"
                  withAsterisk
                  description={`At most ${BLOG_AUTHOR_MAX} characters`}
                  {...form.getInputProps('author')}
                />
                <TextInput label="Image URL (optional)" placeholder="https://…" {...form.getInputProps('imageUrl')} />
                <Switch label="Published" {...form.getInputProps('published', { type: 'checkbox' })} />
                <Group justify="flex-end">
                  {editing && (
                    <Button variant="default" onClick={done} disabled={saving}>
                      CANCEL
                    </Button>
                  )}
                  <Button type="submit" loading={saving}>
                    {editing ? 'UPDATE POST' : 'CREATE POST'}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        }
        list={
          <Stack gap="sm">
            <Title order={3} fz="h5">
              EXISTING BLOG POSTS ({list.length})
            </Title>
            {posts.isLoading && <LoadingSkeleton label="Loading blog posts" />}
            {posts.isError && (
              <ErrorPanel
                text="Failed to load blog posts."
                onRetry={() => void posts.refetch()}
                retrying={posts.isFetching}
              />
            )}
            {posts.data && list.length === 0 && (
              <Paper className="t0-surface">
                <EmptyState text="No blog posts created yet." />
              </Paper>
            )}
            {list.map((post) => (
              <Paper
                key={post.id}
                p="md"
                className="t0-surface"
                data-testid="blog-post"
                style={editing?.id === post.id ? { borderColor: 'var(--t0-accent)' } : undefined}
              >
                <Stack gap={6}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Text fw={700} style={{ wordBreak: 'break-word' }}>
                      {post.title}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={post.published ? 'Click to unpublish' : 'Click to publish'}>
                        <UnstyledButton
                          aria-label={`${post.published ? 'PUBLISHED' : 'DRAFT'}: ${post.published ? 'unpublish' : 'publish'} ${post.title}`}
                          onClick={() => setStatus.mutate({ id: post.id, published: !post.published })}
                          disabled={setStatus.isPending}
                          data-testid="blog-status"
                        >
                          <Badge
                            color={post.published ? 'terminal' : 'amber'}
                            variant="light"
                            style={{ cursor: 'pointer' }}
                          >
                            {post.published ? 'PUBLISHED' : 'DRAFT'}
                          </Badge>
                        </UnstyledButton>
                      </Tooltip>
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit ${post.title}`}
                          onClick={() => startEdit(post)}
                        >
                          <IconEdit size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${post.title}`}
                          onClick={() => setDeleting(post)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed" className="t0-prose">
                    {post.excerpt}
                  </Text>
                  <Group gap="xs">
                    <Text size="xs">By {post.author}</Text>
                    <Text size="xs" c="dimmed">
                      ·
                    </Text>
                    <RelativeTime value={post.createdAt} size="xs" c="dimmed" />
                  </Group>
                  <Text size="sm" className="t0-prose" style={{ wordBreak: 'break-word' }} data-testid="blog-preview">
                    {contentPreview(post.content)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="DELETE BLOG POST"
        message={`Delete "${deleting?.title ?? ''}"? Readers will no longer find it.`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
