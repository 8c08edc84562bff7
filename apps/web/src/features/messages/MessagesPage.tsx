import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { SubpageBar } from '../../components/shell/SubpageBar';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { useTimeZone } from '../../lib/time-zone';
import { MessageThread } from './MessageThread';
import { useMessagesT } from './words';

/** MESSAGES: the subscriber's thread with the desk (docs/features/messages.md). */
export function MessagesPage() {
  useTimeZone();
  const { t } = useMessagesT();
  useDocumentMeta(t('messages:page.title'), t('messages:page.description'));
  const trpc = useTRPC();
  const qc = useQueryClient();
  const thread = useQuery(trpc.messages.mine.queryOptions(undefined, { staleTime: 15_000 }));
  const invalidate = () => qc.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  const send = useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: invalidate,
      onError: (err) => toast({ title: errorMessage(err, t('messages:page.notSent')), variant: 'destructive' }),
    }),
  );
  const read = useMutation(trpc.messages.read.mutationOptions());
  const uploadUrl = useMutation(trpc.messages.uploadImage.mutationOptions());
  const unread = thread.data?.messages.some((m) => m.isFromAdmin && !m.isRead) ?? false;
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unread) markRead(undefined);
  }, [unread, markRead]);

  let body;
  if (thread.isLoading) body = <LoadingSkeleton variant="cards" count={3} label={t('messages:page.loading')} />;
  else if (thread.isError || !thread.data)
    body = (
      <ErrorPanel
        text={errorMessage(thread.error, t('messages:page.loadError'))}
        onRetry={() => void thread.refetch()}
        retrying={thread.isRefetching}
      />
    );
  else
    body = (
      <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
        <MessageThread
          notice={thread.data.notice}
          messages={thread.data.messages}
          ownIsFromAdmin={false}
          translated
          refusal={thread.data.reason}
          sending={send.isPending}
          onSend={(input) => send.mutateAsync(input)}
          getUploadUrl={(file) => uploadUrl.mutateAsync({ fileName: file.name })}
        />
      </Paper>
    );

  return (
    <Box mih="100vh" data-testid="MessagesPage">
      <SubpageBar label={t('messages:page.navLabel')} right={null} />
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={1} size="h2" lts="0.1em">
              {t('messages:page.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('messages:page.intro')}
            </Text>
          </Stack>
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
